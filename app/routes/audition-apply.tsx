import type { Route } from "./+types/audition-apply";
import { AuditionApplicationForm, type ApplyFormReply } from "../components/audition-application-form";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { AUDITION_PATHS, HONEYPOT_FIELD, STAMP_FIELD } from "../domain/auditions";
import { localeOfPath, localeOfPattern, localizedPath } from "../domain/locale";
import { PATHS } from "../domain/paths";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { getRequestContext } from "../server/route-kit/context.server";
import { handleApplyAction, loadApplyPage, NO_STORE } from "./audition-apply.server";

export function loader({ context, pattern }: Route.LoaderArgs) {
  return loadApplyPage(getRequestContext(context), localeOfPattern(pattern));
}

/** The form posted without JavaScript (the JavaScript form posts to /audition/apply/submit). */
export function action({ context, request, pattern }: Route.ActionArgs) {
  return handleApplyAction(getRequestContext(context), request, localeOfPattern(pattern));
}

/**
 * Personal data is typed here: no cache anywhere keeps this page. A submission over the per-address
 * limit is answered with this page and the action's Retry-After.
 */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(NO_STORE);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

const PAGE = {
  ko: {
    title: "온라인 오디션 지원",
    description: "WE ENTERTAINMENT 온라인 오디션 지원: 기본 정보와 자기소개, 사진 2~5장, 자기소개 영상을 올려 지원해 주세요. 지원 비용은 없습니다.",
    intro: "지원서를 작성하고 사진과 영상을 올리면 바로 접수됩니다. 접수하면 접수 번호를 알려 드리며, 서류 합격자에 한해 2주 이내에 개별 연락을 드립니다.",
    byEmail: "양식을 내려받아 이메일로 보내셔도 됩니다.",
    back: "오디션 안내로 돌아가기",
  },
  en: {
    title: "Apply for an audition",
    description: "Apply online for an audition at WE ENTERTAINMENT: your details, a short introduction, 2 to 5 photos and a self-introduction video. Applying is free.",
    intro: "Fill in the application and upload your photos and video, and it is received straight away. You will get an application number, and we will contact shortlisted applicants individually within two weeks.",
    byEmail: "You can also download the application form and send it to us by e-mail.",
    back: "Back to auditions",
  },
} as const;

export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const locale = localeOfPath(location.pathname);
  return seoMeta({
    title: PAGE[locale].title,
    description: PAGE[locale].description,
    path: localizedPath(locale, AUDITION_PATHS.apply),
    locale,
    alternates: AUDITION_PATHS.apply,
    origin: root.origin,
  });
}

export default function AuditionApply({ loaderData, actionData }: Route.ComponentProps) {
  const { locale } = loaderData;
  const t = PAGE[locale];
  return (
    <article className="audition apply">
      <EyebrowHeading look="page" eyebrow="AUDITION" title={t.title} />
      <div className="apply__intro">
        <p>{t.intro}</p>
        <p>
          {t.byEmail} <a href={localizedPath(locale, PATHS.audition)}>{t.back}</a>
        </p>
      </div>
      <AuditionApplicationForm
        stamp={loaderData.stamp}
        retentionDays={loaderData.retentionDays}
        reply={(actionData as ApplyFormReply | undefined) ?? null}
        honeypotField={HONEYPOT_FIELD}
        stampField={STAMP_FIELD}
        locale={locale}
      />
    </article>
  );
}
