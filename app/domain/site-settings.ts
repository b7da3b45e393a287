import { z } from "./zod";
import { MAX_AUDITION_RETENTION_DAYS, MIN_AUDITION_RETENTION_DAYS } from "./auditions";

/**
 * The site settings form (/admin/settings): its fields with their Korean labels, the input schema the
 * form, the action and the use case share, and the application form file's types and limit.
 */

/** Form field → the stored setting it writes ("mapLat" → "map"), as `demoFields` names them. */
export const SETTINGS_FIELD_PATHS = {
  companyName: "companyName",
  companyNameEn: "companyNameEn",
  address: "address",
  phone: "phone",
  email: "email",
  auditionEmail: "auditionEmail",
  businessHours: "businessHours",
  mapLat: "map",
  mapLng: "map",
  instagram: "social.instagram",
  youtube: "social.youtube",
  blog: "social.blog",
  representative: "representative",
  businessNumber: "businessNumber",
  homeIntro: "homeIntro",
  addressEn: "addressEn",
  businessHoursEn: "businessHoursEn",
  homeIntroEn: "homeIntroEn",
  auditionRetentionDays: "auditionRetentionDays",
  privacyOfficerName: "privacyOfficer.name",
  privacyOfficerPosition: "privacyOfficer.position",
  privacyOfficerPhone: "privacyOfficer.phone",
  privacyOfficerEmail: "privacyOfficer.email",
  processorHosting: "processors.hosting",
  processorStorage: "processors.storage",
  processorEmail: "processors.email",
} as const;

export type SettingsField = keyof typeof SETTINGS_FIELD_PATHS;

/** How the activity log names the stored settings a save changed. */
export const SETTING_LABELS: Record<string, string> = {
  companyName: "회사 이름(한글)",
  companyNameEn: "회사 이름(영문)",
  address: "주소",
  phone: "전화번호",
  email: "대표 이메일",
  auditionEmail: "오디션 접수 이메일",
  businessHours: "운영 시간",
  map: "지도 위치",
  "social.instagram": "인스타그램",
  "social.youtube": "유튜브",
  "social.blog": "블로그",
  representative: "대표자",
  businessNumber: "사업자등록번호",
  homeIntro: "홈 소개 글",
  addressEn: "영문 주소",
  businessHoursEn: "영문 운영 시간",
  homeIntroEn: "영문 홈 소개 글",
  applicationForm: "지원서 양식",
  auditionRetentionDays: "지원서 보유 기간",
  "privacyOfficer.name": "개인정보 보호책임자 이름",
  "privacyOfficer.position": "개인정보 보호책임자 직책",
  "privacyOfficer.phone": "개인정보 보호책임자 전화번호",
  "privacyOfficer.email": "개인정보 보호책임자 이메일",
  "processors.hosting": "위탁: 호스팅",
  "processors.storage": "위탁: 파일 저장소",
  "processors.email": "위탁: 이메일 발송",
};

/**
 * The stored settings the privacy policy (/privacy) states: when a save changes one of them, the
 * policy's effective date (`privacyPolicyUpdatedAt`) moves to that day.
 */
export const PRIVACY_POLICY_SETTINGS = [
  "auditionRetentionDays",
  "privacyOfficer.name",
  "privacyOfficer.position",
  "privacyOfficer.phone",
  "privacyOfficer.email",
  "processors.hosting",
  "processors.storage",
  "processors.email",
] as const;

/** "전화번호, 지원서 양식": the changed settings of an audit entry, or "변경 없음". */
export function describeChangedSettings(fields: unknown): string {
  const names = Array.isArray(fields) ? fields.map((field) => SETTING_LABELS[String(field)] ?? String(field)) : [];
  return names.length > 0 ? names.join(", ") : "변경 없음";
}
export type SettingsFormValues = Record<SettingsField, string>;
export const SETTINGS_FIELDS = Object.keys(SETTINGS_FIELD_PATHS) as SettingsField[];

/** The application form file's field in the multipart form. */
export const APPLICATION_FORM_FIELD = "applicationForm";
export const MAX_APPLICATION_FORM_BYTES = 10 * 1024 * 1024;

/** Document types accepted as the audition application form, as sniffed from the bytes. */
export const APPLICATION_FORM_TYPES = {
  pdf: { label: "PDF", contentType: "application/pdf" },
  hwp: { label: "HWP", contentType: "application/x-hwp" },
  hwpx: { label: "HWPX", contentType: "application/hwp+zip" },
  docx: { label: "DOCX", contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
} as const;
export type ApplicationFormType = keyof typeof APPLICATION_FORM_TYPES;

/** The form offered until one is uploaded: the bundled PDF in public/files (its size is checked by a test). */
export const DEFAULT_APPLICATION_FORM = { path: "/files/we-entertainment-audition-application.pdf", type: "pdf", bytes: 176_938 } as const;

/** "35KB", "1.2MB": a file size as the download button shows it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))}KB`;
  return `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")}MB`;
}

/** "HWP, 35KB": what the download offers. */
export function applicationFormSummary(type: ApplicationFormType, bytes: number): string {
  return `${APPLICATION_FORM_TYPES[type].label}, ${formatFileSize(bytes)}`;
}

/** 사업자등록번호 check digit: weights 1,3,7,1,3,7,1,3,5 plus the tens of the ninth digit × 5. */
export function isValidBusinessNumber(value: string): boolean {
  if (!/^\d{3}-\d{2}-\d{5}$/.test(value)) return false;
  const digits = value.replace(/-/g, "").split("").map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((total, weight, i) => total + weight * digits[i]!, 0);
  sum += Math.floor((digits[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === digits[9];
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} 입력해 주세요.` })
    .trim()
    .min(1, `${label} 입력해 주세요.`)
    .max(max, `${max}자 이내로 입력해 주세요.`);

const optionalText = (max: number) => z.string().trim().max(max, `${max}자 이내로 입력해 주세요.`).default("");

const webAddress = (example: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value) && URL.canParse(value), `https://로 시작하는 주소를 입력해 주세요. 예: ${example}`);

const coordinate = (name: string, limit: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^-?\d{1,3}(?:\.\d+)?$/.test(value) && Math.abs(Number(value)) <= limit, `${name}는 -${limit}에서 ${limit} 사이의 숫자로 입력해 주세요. 예: ${limit === 90 ? "37.524283" : "127.037825"}`)
    .transform(Number);

const PHONE_PATTERN = /^(?:0\d{1,2}-\d{3,4}-\d{4}|1\d{3}-\d{4})$/;
const PHONE_MESSAGE = "전화번호는 02-1234-5678처럼 하이픈(-)을 넣어 입력해 주세요.";

const email = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} 입력해 주세요.`)
    .pipe(z.email("이메일 주소 형식이 아닙니다. 예: contact@example.com"));

/** The form's fields as typed (strings), validated and turned into the stored settings' shape. */
export const siteSettingsInputSchema = z.object({
  companyName: text("회사 이름(한글)을", 100),
  companyNameEn: text("회사 이름(영문)을", 100),
  address: text("주소를", 200),
  phone: z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE),
  email: email("대표 이메일을"),
  auditionEmail: email("오디션 접수 이메일을"),
  businessHours: optionalText(100),
  mapLat: coordinate("위도", 90),
  mapLng: coordinate("경도", 180),
  instagram: webAddress("https://www.instagram.com/계정"),
  youtube: webAddress("https://www.youtube.com/@채널"),
  blog: z.union([z.literal("").transform(() => null), webAddress("https://blog.naver.com/계정")]),
  representative: optionalText(50),
  businessNumber: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d{3}-\d{2}-\d{5}$/.test(value), "사업자등록번호는 000-00-00000 형식으로 입력해 주세요.")
    .refine((value) => value === "" || !/^\d{3}-\d{2}-\d{5}$/.test(value) || isValidBusinessNumber(value), "올바른 사업자등록번호가 아닙니다. 숫자를 다시 확인해 주세요."),
  homeIntro: text("홈 화면 소개 글을", 2000),
  // The English pages; empty: they show the Korean text.
  addressEn: optionalText(200),
  businessHoursEn: optionalText(100),
  homeIntroEn: optionalText(2000),
  auditionRetentionDays: z
    .string()
    .trim()
    .refine(
      (value) => /^\d{1,4}$/.test(value) && Number(value) >= MIN_AUDITION_RETENTION_DAYS && Number(value) <= MAX_AUDITION_RETENTION_DAYS,
      `보유 기간은 ${MIN_AUDITION_RETENTION_DAYS}일에서 ${MAX_AUDITION_RETENTION_DAYS}일 사이의 정수로 입력해 주세요. 예: 90`,
    )
    .transform(Number),
  privacyOfficerName: text("개인정보 보호책임자의 이름을", 50),
  privacyOfficerPosition: text("개인정보 보호책임자의 직책을", 50),
  privacyOfficerPhone: z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE),
  privacyOfficerEmail: email("개인정보 보호책임자의 이메일을"),
  // Company names (수탁자); empty: the work is not entrusted to anyone.
  processorHosting: optionalText(100),
  processorStorage: optionalText(100),
  processorEmail: optionalText(100),
});
export type SiteSettingsInput = z.output<typeof siteSettingsInputSchema>;
