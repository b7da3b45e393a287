import { eq } from "drizzle-orm";
import { z } from "zod";
import { siteSettings } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";
import { DEMO_CONTACT } from "../seed/demo-content.server";

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
  /**
   * Settings that still hold the demo's placeholder values ("address", "social.instagram", ...): the
   * settings page shows them as "to be replaced"; saving a real value takes it off this list.
   */
  demoFields: z.array(z.string()).default([]),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

const SETTINGS_KEY = "site";

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  companyName: "위이엔터테인먼트",
  companyNameEn: "WE ENTERTAINMENT",
  address: DEMO_CONTACT.address,
  phone: DEMO_CONTACT.phone,
  email: DEMO_CONTACT.email,
  auditionEmail: DEMO_CONTACT.auditionEmail,
  businessHours: "평일 10:00 - 18:00 (주말·공휴일 휴무)",
  map: { lat: 37.524283, lng: 127.037825 },
  social: { instagram: DEMO_CONTACT.instagram, youtube: DEMO_CONTACT.youtube, blog: null },
  demoFields: ["address", "phone", "email", "auditionEmail", "map", "social.instagram", "social.youtube"],
};

/**
 * Values earlier versions stored as defaults, which looked like a real company's. Where a stored
 * setting still holds one, it is replaced by the demo value and marked as demo (`upgradeDemoSettings`).
 */
const LEGACY_DEFAULTS: Record<string, unknown> = {
  address: "서울특별시 강남구 도산대로 317, 7층 (신사동)",
  phone: "02-545-7070",
  email: "contact@we-entertainment.co.kr",
  auditionEmail: "audition@we-entertainment.co.kr",
  "social.instagram": "https://www.instagram.com/we_entertainment_official/",
  "social.youtube": "https://www.youtube.com/@we_entertainment",
};

/** Stores the default settings if none exist yet; never overwrites an administrator's values. */
export async function ensureSiteSettings(db: Database): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ key: SETTINGS_KEY, value: DEFAULT_SITE_SETTINGS })
    .onConflictDoNothing({ target: siteSettings.key });
  await upgradeDemoSettings(db);
}

/** Replaces stored legacy defaults (see LEGACY_DEFAULTS) with the demo values, marked as demo. */
async function upgradeDemoSettings(db: Database): Promise<void> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, SETTINGS_KEY));
  const stored = row?.value as Record<string, unknown> | undefined;
  if (!stored) return;
  const next = structuredClone(stored) as Record<string, unknown> & { social?: Record<string, unknown>; demoFields?: string[] };
  const demoFields = new Set(next.demoFields ?? []);
  let changed = false;
  for (const [field, legacy] of Object.entries(LEGACY_DEFAULTS)) {
    const [group, key] = field.includes(".") ? (field.split(".") as [string, string]) : [null, field];
    const holder = (group ? next[group] : next) as Record<string, unknown> | undefined;
    if (!holder || holder[key] !== legacy) continue;
    const defaults = (group ? DEFAULT_SITE_SETTINGS[group as "social"] : DEFAULT_SITE_SETTINGS) as unknown as Record<string, unknown>;
    holder[key] = defaults[key];
    demoFields.add(field);
    changed = true;
  }
  if (!changed) return;
  next.demoFields = [...demoFields];
  await db.update(siteSettings).set({ value: next, updatedAt: new Date() }).where(eq(siteSettings.key, SETTINGS_KEY));
}

/** The site settings; falls back to the defaults for anything missing or malformed. */
export async function getSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, SETTINGS_KEY));
  const stored = rows[0]?.value;
  const parsed = siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...(stored as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}
