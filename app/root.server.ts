import { data } from "react-router";
import type { RequestContext } from "./server/route-kit/context.server";
import { enhanceScriptUrl } from "./server/route-kit/enhance-script.server";
import { takeFlash } from "./server/route-kit/flash.server";
import { englishSiteSettings, getSiteSettings } from "./server/site/settings.server";

/** What every page's frame needs: the site's contact details and texts, who is signed in, the flash message. */
export async function loadRoot(ctx: RequestContext, request: Request) {
  const { runtime } = ctx;
  const [settings, admin, flash] = await Promise.all([getSiteSettings(runtime.db), ctx.staffSession(), takeFlash(request)]);
  const english = englishSiteSettings(settings);
  return data({
    isAdmin: admin !== null,
    /** The signed-in person's role and name (the workspace shows only what the role may use). */
    staff: admin ? { role: admin.role, name: admin.displayName, idleMinutes: settings.staffIdleMinutes } : null,
    enhanceScript: enhanceScriptUrl(),
    flash: flash?.message || null,
    origin: runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin,
    kakaoMapKey: runtime.env.KAKAO_MAP_APP_KEY ?? null,
    siteVerification: { naver: runtime.env.NAVER_SITE_VERIFICATION ?? null, google: runtime.env.GOOGLE_SITE_VERIFICATION ?? null },
    contact: {
      companyName: settings.companyName,
      companyNameEn: settings.companyNameEn,
      address: settings.address,
      phone: settings.phone,
      email: settings.email,
      auditionEmail: settings.auditionEmail,
      businessHours: settings.businessHours,
      map: settings.map,
      // The English pages' versions; empty: the Korean one.
      addressEn: english.addressEn,
      businessHoursEn: english.businessHoursEn,
    },
    social: settings.social,
    footer: {
      companyName: settings.companyName,
      companyNameEn: settings.companyNameEn,
      address: settings.address,
      addressEn: english.addressEn,
      phone: settings.phone,
      email: settings.email,
      representative: settings.representative,
      businessNumber: settings.businessNumber,
    },
    homeIntro: settings.homeIntro,
    homeIntroEn: english.homeIntroEn,
  }, flash ? { headers: { "Set-Cookie": flash.setCookie } } : undefined);
}
