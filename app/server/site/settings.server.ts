import { eq } from "drizzle-orm";
import { z } from "../../domain/zod";
import { siteSettings } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";
import { cachedRead } from "../platform/read-cache.server";
import { DEFAULT_DEMO_SETTINGS, DEFAULT_EDITABLE_SETTINGS, DEMO_PRIVACY_OFFICER, SITE_SETTING_FIELDS, type EditableSiteSettings } from "../../domain/site-settings";
import { APPLICATION_FORM_TYPES, applicationFormSummary, DEFAULT_APPLICATION_FORM, type ApplicationFormType } from "../../domain/application-form-file";
import { settingsStoredShape, withEnglishFallbacks } from "../../domain/setting-fields";

/** The uploaded audition application form (null: the bundled PDF in public/files is offered). */
export const applicationFormSchema = z.object({
  /** Storage key (server-generated). */
  key: z.string().min(1),
  type: z.enum(Object.keys(APPLICATION_FORM_TYPES) as [ApplicationFormType, ...ApplicationFormType[]]),
  bytes: z.number().int().nonnegative(),
  uploadedAt: z.string(),
});
export type StoredApplicationForm = z.infer<typeof applicationFormSchema>;

const PRIVACY_OFFICER_FIELDS = SITE_SETTING_FIELDS.filter((field) => field.group === "privacyOfficer").map((field) => field.storage);

/**
 * The settings document: the editable settings (SITE_SETTING_FIELDS, each with its default) and what
 * the site keeps beside them. Contact details, map position and social links: the one place the site
 * reads them from.
 */
export const siteSettingsSchema = z.object({
  ...settingsStoredShape(SITE_SETTING_FIELDS),
  applicationForm: applicationFormSchema.nullable().default(null),
  /**
   * When a save last changed what /privacy states (retention, officer, processors): the policy's
   * effective date. Null until then (the policy text's own date applies).
   */
  privacyPolicyUpdatedAt: z.string().nullable().default(null),
  /**
   * Settings that still hold the demo's placeholder values ("address", "social.instagram", ...): the
   * settings page shows them as "to be replaced"; saving a real value takes it off this list.
   */
  demoFields: z.array(z.string()).default([]),
}) as unknown as z.ZodType<SiteSettings>;

export type SiteSettings = EditableSiteSettings & {
  /** The uploaded audition application form; null: the bundled PDF. */
  applicationForm: StoredApplicationForm | null;
  privacyPolicyUpdatedAt: string | null;
  demoFields: string[];
};

export const SETTINGS_KEY = "site";

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  ...DEFAULT_EDITABLE_SETTINGS,
  applicationForm: null,
  privacyPolicyUpdatedAt: null,
  demoFields: DEFAULT_DEMO_SETTINGS,
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
  const next = structuredClone(stored) as Record<string, unknown> & { social?: Record<string, unknown>; privacyOfficer?: Record<string, unknown>; demoFields?: string[] };
  const demoFields = new Set(next.demoFields ?? []);
  let changed = false;
  // Settings stored before the privacy officer existed (or with it blank) get the demo officer, flagged.
  const officer = (next.privacyOfficer ??= {});
  for (const field of PRIVACY_OFFICER_FIELDS) {
    const key = field.slice("privacyOfficer.".length) as keyof typeof DEMO_PRIVACY_OFFICER;
    if (typeof officer[key] === "string" && officer[key] !== "") continue;
    officer[key] = DEMO_PRIVACY_OFFICER[key];
    demoFields.add(field);
    changed = true;
  }
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
export function getSiteSettings(db: Database): Promise<SiteSettings> {
  // Every page reads them: kept between changes (read-cache.server.ts).
  return cachedRead(db, "settings", () => readSiteSettings(db));
}

async function readSiteSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, SETTINGS_KEY));
  const stored = rows[0]?.value;
  const parsed = siteSettingsSchema.safeParse({ ...DEFAULT_SITE_SETTINGS, ...(stored as object | undefined) });
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}

/** "HWP, 35KB": the file the audition page offers, uploaded or bundled. */
export function applicationFormSummaryOf(settings: SiteSettings): string {
  const form = settings.applicationForm ?? DEFAULT_APPLICATION_FORM;
  return applicationFormSummary(form.type, form.bytes);
}

/** englishSiteSettings' answers, per settings object (the read cache hands every page the same one). */
const englishVersions = new WeakMap<SiteSettings, SiteSettings>();

/**
 * The settings as the English pages show them: an English version left empty shows the Korean one.
 * Computed once per settings object (a deep copy: every page's root loader asks); neither is changed.
 */
export function englishSiteSettings(settings: SiteSettings): SiteSettings {
  let english = englishVersions.get(settings);
  if (!english) englishVersions.set(settings, (english = withEnglishFallbacks(SITE_SETTING_FIELDS, settings)));
  return english;
}
