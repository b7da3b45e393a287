import { eq } from "drizzle-orm";
import { z } from "../../domain/zod";
import { siteSettings } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";
import { cachedRead } from "../platform/read-cache.server";
import { APPLICATION_FORM_TYPES, applicationFormSummary, DEFAULT_APPLICATION_FORM, type ApplicationFormType } from "../../domain/site-settings";
import { DEMO_CONTACT } from "../seed/demo-content.server";
import { DEFAULT_AUDITION_RETENTION_DAYS, MAX_AUDITION_RETENTION_DAYS, MIN_AUDITION_RETENTION_DAYS } from "../../domain/auditions";

/** The home page's intro (spec §1: the company philosophy); paragraphs are separated by a blank line. */
export const DEFAULT_HOME_INTRO = [
  "WE ENTERTAINMENT는 배우가 가진 창작의 욕구와 그동안 쌓아 온 경험을 무엇보다 존중합니다. 하고 싶은 마음(Want)과 몸으로 겪어 낸 시간(Experience)이 만날 때 가장 좋은 연기가 나온다고 믿기 때문입니다.",
  "소속 배우 한 사람 한 사람의 꿈을 회사의 목표로 삼고, 그 꿈이 이루어지는 순간까지 함께 걷겠습니다.",
].join("\n\n");

/** The English home page's intro. */
export const DEFAULT_HOME_INTRO_EN = [
  "At WE ENTERTAINMENT, we put our actors' creative drive and the experience they have lived through first. We believe the best acting comes when what an actor wants to do (Want) meets what they have lived (Experience).",
  "We take each actor's dream as the company's own goal, and we stay with them until it comes true.",
].join("\n\n");

/** The uploaded audition application form (null: the bundled PDF in public/files is offered). */
export const applicationFormSchema = z.object({
  /** Storage key (server-generated). */
  key: z.string().min(1),
  type: z.enum(Object.keys(APPLICATION_FORM_TYPES) as [ApplicationFormType, ...ApplicationFormType[]]),
  bytes: z.number().int().nonnegative(),
  uploadedAt: z.string(),
});
export type StoredApplicationForm = z.infer<typeof applicationFormSchema>;

/** Placeholder privacy officer: visibly an example, like the demo address and phone. */
export const DEMO_PRIVACY_OFFICER = {
  name: "홍길동 (예시)",
  position: "경영지원팀장",
  phone: DEMO_CONTACT.phone,
  email: "privacy@we-entertainment.example",
} as const;

const PRIVACY_OFFICER_FIELDS = ["privacyOfficer.name", "privacyOfficer.position", "privacyOfficer.phone", "privacyOfficer.email"] as const;

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
  /** Footer business information (대표자, 사업자등록번호); shown only when filled. */
  representative: z.string().default(""),
  businessNumber: z.string().default(""),
  /** The home page's intro text, paragraphs separated by a blank line. */
  homeIntro: z.string().min(1).default(DEFAULT_HOME_INTRO),
  /** The English pages' address, office hours and home intro; empty: the Korean one is shown. */
  addressEn: z.string().default(DEMO_CONTACT.addressEn),
  businessHoursEn: z.string().default("Weekdays 10:00–18:00 KST (closed on weekends and public holidays)"),
  homeIntroEn: z.string().default(DEFAULT_HOME_INTRO_EN),
  applicationForm: applicationFormSchema.nullable().default(null),
  /**
   * Online audition applications: days they are kept after the final decision (or after
   * receipt when there is none), then deleted with their files. Each application stores the value its
   * applicant consented to and keeps it: a change applies to applications received afterwards (decision 033).
   */
  auditionRetentionDays: z.number().int().min(MIN_AUDITION_RETENTION_DAYS).max(MAX_AUDITION_RETENTION_DAYS).default(DEFAULT_AUDITION_RETENTION_DAYS),
  /**
   * The privacy officer (개인정보 보호책임자) named in /privacy. Demo values (flagged as demo) until the
   * administrator names the real one: a policy must never name nobody.
   */
  privacyOfficer: z.object({ name: z.string(), position: z.string(), phone: z.string(), email: z.string() }).default(DEMO_PRIVACY_OFFICER),
  /** Who processes personal data on the agency's behalf (위탁): hosting, file storage, e-mail. Empty: not entrusted. */
  processors: z.object({ hosting: z.string(), storage: z.string(), email: z.string() }).default({ hosting: "", storage: "", email: "" }),
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
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const SETTINGS_KEY = "site";

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
  representative: "",
  businessNumber: "",
  homeIntro: DEFAULT_HOME_INTRO,
  addressEn: DEMO_CONTACT.addressEn,
  businessHoursEn: "Weekdays 10:00–18:00 KST (closed on weekends and public holidays)",
  homeIntroEn: DEFAULT_HOME_INTRO_EN,
  applicationForm: null,
  auditionRetentionDays: DEFAULT_AUDITION_RETENTION_DAYS,
  privacyOfficer: { ...DEMO_PRIVACY_OFFICER },
  processors: { hosting: "", storage: "", email: "" },
  privacyPolicyUpdatedAt: null,
  demoFields: ["address", "addressEn", "phone", "email", "auditionEmail", "map", "social.instagram", "social.youtube", ...PRIVACY_OFFICER_FIELDS],
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
