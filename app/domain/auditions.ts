/**
 * Online audition applications (decision 016): the fields, their limits and Korean messages, the consent
 * texts the Personal Information Protection Act (개인정보 보호법) asks for, the review statuses, and the
 * rules on age, receipt numbers and video links. Shared by the public form, the use cases, the
 * workspace and the privacy policy (/privacy), so each is written once.
 */
import { z } from "./zod";
import { ageOn, auditionField, GENDERS, type AuditionTextFieldKey } from "./audition-constants";
import { kstDate } from "./kst";
import { auditionMessages } from "./audition-messages";
import type { Locale } from "./locale";

export {
  ageOn,
  AUDITION_CONSENT,
  auditionConsent,
  AUDITION_FIELD_ORDER,
  AUDITION_FIELDS,
  AUDITION_FILE_FIELDS,
  AUDITION_TEXT_FIELDS,
  auditionField,
  GENDER_LABELS,
  GENDERS,
  GUARDIAN_AGE,
  HONEYPOT_FIELD,
  MAX_AUDITION_PHOTO_BYTES,
  MAX_AUDITION_PHOTOS,
  MAX_AUDITION_VIDEO_BYTES,
  MIN_AUDITION_PHOTOS,
  retentionSentence,
  STAMP_FIELD,
  type AuditionConsent,
  type AuditionFieldKey,
  type AuditionFormValues,
  type AuditionTextFieldKey,
  type Gender,
} from "./audition-constants";

export { AUDITION_PATHS, adminAuditionFilePath, adminAuditionPath } from "./audition-paths";

export const AUDITION_STATUSES = ["received", "documents_passed", "second_round", "accepted", "rejected", "on_hold"] as const;
export type AuditionStatus = (typeof AUDITION_STATUSES)[number];

export const AUDITION_STATUS_LABELS: Record<AuditionStatus, string> = {
  received: "접수",
  documents_passed: "서류 합격",
  second_round: "2차 오디션",
  accepted: "최종 합격",
  rejected: "불합격",
  on_hold: "보류",
};

/** Statuses that end the review: the retention period counts from when one was set. */
export const FINAL_AUDITION_STATUSES: readonly AuditionStatus[] = ["accepted", "rejected"];

export function isAuditionStatus(value: unknown): value is AuditionStatus {
  return typeof value === "string" && (AUDITION_STATUSES as readonly string[]).includes(value);
}

/**
 * Applications from the same phone or e-mail received within this many days of each other are
 * duplicates: received like any other, flagged for the agency (never refused: the public form must not
 * tell anyone whether someone else applied; decision 033).
 */
export const DUPLICATE_WINDOW_DAYS = 30;
/** The workspace's badge of such an application. */
export const DUPLICATE_APPLICATION_LABEL = "중복 지원";
/** The workspace's badge of an application sent from the English form (decision 065). */
export const ENGLISH_APPLICATION_LABEL = "영문 지원서";
/** Default retention, from the final decision (or from receipt when there is none). */
export const DEFAULT_AUDITION_RETENTION_DAYS = 90;
export const MIN_AUDITION_RETENTION_DAYS = 7;
export const MAX_AUDITION_RETENTION_DAYS = 1095;
/** Submissions faster than this after the form was served are refused (bots fill forms at once). */
export const MIN_FILL_SECONDS = 5;
/** Submission attempts per client address and hour, shared by every app server. */
export const SUBMISSIONS_PER_ADDRESS_PER_HOUR = 10;

/** "AUD-2026-000123": the year of receipt (KST) and the year's running number. */
export function formatReceiptNumber(year: number, sequence: number): string {
  return `AUD-${year}-${String(sequence).padStart(6, "0")}`;
}

export function isReceiptNumber(value: string): boolean {
  return /^AUD-\d{4}-\d{6}$/.test(value);
}

/** Age in full years now, in Korea. */
export function ageNow(birthDate: string, now: Date = new Date()): number {
  return ageOn(birthDate, kstDate(now));
}

/** "010-1234-5678" from what was typed ("01012345678", "010 1234 5678", "+82 10-1234-5678"); null if not a mobile number. */
export function normalizeMobilePhone(value: string): string | null {
  let digits = value.replace(/[\s().-]/g, "");
  if (digits.startsWith("+82")) digits = `0${digits.slice(3)}`;
  const match = /^(01[016789])(\d{3,4})(\d{4})$/.exec(digits);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** Where an applicant's video may be linked instead of uploaded. */
export type VideoHost = "youtube" | "vimeo" | "navertv";
export const VIDEO_HOST_LABELS: Record<VideoHost, string> = { youtube: "YouTube", vimeo: "Vimeo", navertv: "네이버 TV" };

/** The host of a video link, or null when it is not a YouTube, Vimeo or Naver TV video address. */
export function videoLinkHost(value: string): VideoHost | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/^(?:www\.|m\.)/, "");
  if (host === "youtube.com" && (/^\/(?:shorts|live|embed)\/[\w-]{6,}/.test(url.pathname) || (url.pathname === "/watch" && /^[\w-]{6,}$/.test(url.searchParams.get("v") ?? "")))) return "youtube";
  if (host === "youtu.be" && /^\/[\w-]{6,}$/.test(url.pathname)) return "youtube";
  if ((host === "vimeo.com" || host === "player.vimeo.com") && /^\/(?:video\/)?\d+/.test(url.pathname)) return "vimeo";
  if (host === "tv.naver.com" && /^\/(?:v|h|l)\/\d+/.test(url.pathname)) return "navertv";
  return null;
}

/**
 * A phone number as stored: a Korean mobile number as "010-1234-5678" on both forms; on the English form
 * also a number abroad with its country code ("+44 7700 900123" → "+447700900123"; decision 065). Null
 * when it is neither.
 */
export function normalizeApplicantPhone(value: string, locale: Locale = "ko"): string | null {
  const korean = normalizeMobilePhone(value);
  if (korean || locale === "ko") return korean;
  const digits = value.trim().replace(/[\s().-]/g, "");
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "yes" || v === "1" || v === "true");

/** Longest text a field's box takes (the field model's `maxLength`): the rule and the form agree. */
const maxLengthOf = (key: "name" | "email" | "videoUrl" | "guardianName") => auditionField(key).attributes.maxLength;

/**
 * The form's text fields, as typed, with the messages in the form's language: one rule per field of
 * the model (audition-fields.ts; a field without a rule does not compile). Photos and the video file are
 * checked by the use case from their bytes.
 */
export function auditionFieldsSchemaFor(locale: Locale) {
  const m = auditionMessages(locale).rules;
  const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, m.maxChars(max));
  /** A number typed into a text box ("172", "172.5", "172cm"), within bounds. */
  const measure = (required: string, range: string, min: number, max: number) =>
    z
      .string({ error: required })
      .trim()
      .refine((v) => v !== "", required)
      .transform((v) => v.replace(/\s*(?:cm|kg)$/i, ""))
      .refine((v) => v === "" || (/^\d{2,3}(?:\.\d)?$/.test(v) && Number(v) >= min && Number(v) <= max), range)
      .transform((v) => Math.round(Number(v)));
  return z.object({
    name: requiredText(m.nameRequired, maxLengthOf("name")),
    birthDate: z
      .string({ error: m.birthRequired })
      .trim()
      .refine((v) => v !== "", m.birthRequired)
      .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)), m.birthFormat),
    gender: z.enum(GENDERS, { error: m.genderRequired }),
    phone: z
      .string({ error: m.phoneRequired })
      .trim()
      .min(1, m.phoneRequired)
      .transform((v, ctx) => {
        const phone = normalizeApplicantPhone(v, locale);
        if (!phone) {
          ctx.addIssue({ code: "custom", message: m.phoneFormat });
          return z.NEVER;
        }
        return phone;
      }),
    email: z
      .string({ error: m.emailRequired })
      .trim()
      .min(1, m.emailRequired)
      .max(maxLengthOf("email"), m.emailTooLong)
      .pipe(z.email(m.emailFormat))
      .transform((v) => v.toLowerCase()),
    height: measure(m.heightRequired, m.heightRange(80, 230), 80, 230),
    // Optional. A union's own failure message is zod's English "Invalid input": say what the field wants.
    weight: z.preprocess(
      (v) => v ?? "",
      z.union([z.literal("").transform(() => null), measure(m.weightRequired, m.weightRange(15, 200), 15, 200)], { error: m.weightRange(15, 200) }),
    ),
    career: z.string().trim().max(3000, m.maxChars(3000)).default(""),
    introduction: requiredText(m.introductionRequired, 3000),
    videoUrl: z
      .string()
      .trim()
      .max(maxLengthOf("videoUrl"), m.videoUrlTooLong)
      .refine((v) => v === "" || videoLinkHost(v) !== null, m.videoUrlHost)
      .default(""),
    guardianName: z.string().trim().max(maxLengthOf("guardianName"), m.maxChars(maxLengthOf("guardianName"))).default(""),
    guardianPhone: z.string().trim().max(30, m.guardianPhoneTooLong).default(""),
    guardianConsent: checkbox,
    consent: checkbox.refine((agreed) => agreed, m.consentRequired),
  } satisfies Record<AuditionTextFieldKey, z.ZodType>);
}

/** The Korean form's rules (the original form, decision 016). */
export const auditionFieldsSchema = auditionFieldsSchemaFor("ko");
