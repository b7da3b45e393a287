import { siteSettings } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";
import { z } from "zod";

/** Contact details, map position and social links: the one place the site reads them from. */
export const siteSettingsSchema = z.object({
  companyName: z.string().min(1),
  companyNameEn: z.string().min(1),
  address: z.string().min(1),
  phone: z.string().min(1),
  email: z.email(),
  auditionEmail: z.email(),
  businessHours: z.string(),
  map: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
  social: z.object({
    instagram: z.url({ protocol: /^https?$/ }),
    youtube: z.url({ protocol: /^https?$/ }),
    /** The third icon is only shown when this is set. */
    blog: z.url({ protocol: /^https?$/ }).nullable(),
  }),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

const SETTINGS_KEY = "site";

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: "위이엔터테인먼트",
  companyNameEn: "WE ENTERTAINMENT",
  address: "서울특별시 강남구 도산대로 317, 7층 (신사동)",
  phone: "02-545-7070",
  email: "contact@we-entertainment.co.kr",
  auditionEmail: "audition@we-entertainment.co.kr",
  businessHours: "평일 10:00 - 18:00 (주말·공휴일 휴무)",
  map: { lat: 37.524283, lng: 127.037825 },
  social: {
    instagram: "https://www.instagram.com/we_entertainment_official/",
    youtube: "https://www.youtube.com/@we_entertainment",
    blog: null,
  },
};

/** Stores the default settings if none exist yet; never overwrites an administrator's values. */
export async function ensureSiteSettings(db: Database): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: SETTINGS_KEY, value: DEFAULT_SITE_SETTINGS })
    .onConflictDoNothing({ target: siteSettings.key });
}

/** The site settings; falls back to the defaults for anything missing or malformed. */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings);
  const stored = rows.find((r) => r.key === SETTINGS_KEY)?.value;
  const parsed = siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...(stored as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}
