import { z } from "./zod";
import { DEFAULT_ACCESS_RECORD_RETENTION_YEARS, MAX_ACCESS_RECORD_RETENTION_YEARS, MIN_ACCESS_RECORD_RETENTION_YEARS } from "./access-records";
import { DEFAULT_AUDITION_RETENTION_DAYS, MAX_AUDITION_RETENTION_DAYS, MIN_AUDITION_RETENTION_DAYS } from "./auditions";
import { DEMO_CONTACT } from "./demo-contact";
import { coordinateSetting, email, httpUrl, isValidBusinessNumber, optionalText, paragraphs, phone, socialAddressSetting, text, webAddress, wholeNumberSetting } from "./setting-rules";
import { APPLICATION_FORM_FIELD } from "./application-form-file";
import {
  defineSettingFields,
  demoSettings,
  privacyPolicySettings,
  settingsAuditLabels,
  settingsDefaults,
  settingsInputSchema,
  type SettingsFormValuesOf,
  type SettingsGroup,
  type StoredSettingsOf,
} from "./setting-fields";

/**
 * The site settings (/admin/settings): the one list of their fields (SITE_SETTING_FIELDS) and what is
 * derived from it (their rules' makers: setting-rules.ts). The settings live in one
 * JSON document (table site_settings, key "site"), so a new setting is one entry here: a value missing
 * from a document saved earlier reads as the entry's default, no migration needed.
 */

/** The home page's intro (requirements R4.1: the company philosophy); paragraphs are separated by a blank line. */
export const DEFAULT_HOME_INTRO = [
  "WE ENTERTAINMENT는 배우가 가진 창작의 욕구와 그동안 쌓아 온 경험을 무엇보다 존중합니다. 하고 싶은 마음(Want)과 몸으로 겪어 낸 시간(Experience)이 만날 때 가장 좋은 연기가 나온다고 믿기 때문입니다.",
  "소속 배우 한 사람 한 사람의 꿈을 회사의 목표로 삼고, 그 꿈이 이루어지는 순간까지 함께 걷겠습니다.",
].join("\n\n");

/** The English home page's intro. */
export const DEFAULT_HOME_INTRO_EN = [
  "At WE ENTERTAINMENT, we put our actors' creative drive and the experience they have lived through first. We believe the best acting comes when what an actor wants to do (Want) meets what they have lived (Experience).",
  "We take each actor's dream as the company's own goal, and we stay with them until it comes true.",
].join("\n\n");

/** Staff sessions end after this many minutes without a request (a setting; 안전성 확보조치 기준 Art. 6④). */
export const DEFAULT_STAFF_IDLE_MINUTES = 30;
export const MIN_STAFF_IDLE_MINUTES = 5;
export const MAX_STAFF_IDLE_MINUTES = 120;

/** Placeholder privacy officer: visibly an example, like the demo address and phone. */
export const DEMO_PRIVACY_OFFICER = {
  name: "홍길동 (예시)",
  position: "경영지원팀장",
  phone: DEMO_CONTACT.phone,
  email: "privacy@we-entertainment.example",
} as const;

/** The settings form's fieldsets, in the order the page shows them. */
export const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  { id: "company", legend: "회사" },
  { id: "contact", legend: "연락처" },
  { id: "map", legend: "지도 위치" },
  { id: "social", legend: "소셜 미디어" },
  { id: "home", legend: "홈 화면" },
  { id: "english", legend: "영문 페이지" },
  { id: "privacy", legend: "개인정보 처리" },
  { id: "privacyOfficer", legend: "개인정보 보호책임자", parent: "privacy" },
  { id: "processors", legend: "개인정보 처리 위탁 (선택)", parent: "privacy", hint: "수탁 업체의 회사 이름을 적습니다. 비워 두면 그 업무를 위탁하지 않는 것으로 표시합니다." },
  { id: "security", legend: "직원 계정 보안" },
];

const SHOWN_IN_FOOTER = { ko: "채우면 꼬리말에 보입니다.", en: "Shown in the footer when filled in." };
const PARAGRAPHS_HELP = { ko: "빈 줄로 문단을 나눕니다.", en: "Separate paragraphs with a blank line." };

/**
 * Every site setting the administrator edits, in the order changes are reported (the form groups them
 * by `group`). The audition application form file is not here: it is a file checked by its content
 * (site/application-form.server.ts), stored as `applicationForm`.
 */
export const SITE_SETTING_FIELDS = defineSettingFields([
  {
    key: "companyName",
    storage: "companyName",
    group: "company",
    rule: text("회사 이름(한글)을", 100),
    stored: z.string().min(1),
    default: "위이엔터테인먼트",
    label: { ko: "회사 이름 (한글)", en: "Company name (Korean)" },
    englishVariant: "companyNameEn",
    widget: { type: "text", autoComplete: "organization" },
    audit: "회사 이름(한글)",
  },
  {
    key: "companyNameEn",
    storage: "companyNameEn",
    group: "company",
    rule: text("회사 이름(영문)을", 100),
    stored: z.string().min(1),
    default: "WE ENTERTAINMENT",
    label: { ko: "회사 이름 (영문)", en: "Company name (English)" },
    lang: "en",
    widget: { type: "text" },
    audit: "회사 이름(영문)",
  },
  {
    key: "address",
    storage: "address",
    group: "contact",
    rule: text("주소를", 200),
    stored: z.string().min(1),
    default: DEMO_CONTACT.address,
    label: { ko: "주소", en: "Address" },
    englishVariant: "addressEn",
    // One line: `street-address` belongs on a multi-line control (the Nu checker refuses it on an input).
    widget: { type: "text", autoComplete: "address-line1" },
    audit: "주소",
    demo: true,
  },
  {
    key: "phone",
    storage: "phone",
    group: "contact",
    rule: phone(),
    stored: z.string().min(1),
    default: DEMO_CONTACT.phone,
    label: { ko: "전화번호", en: "Phone" },
    widget: { type: "text", placeholder: "02-1234-5678", inputMode: "tel", autoComplete: "tel" },
    audit: "전화번호",
    demo: true,
  },
  {
    key: "email",
    storage: "email",
    group: "contact",
    rule: email("대표 이메일을"),
    stored: z.email(),
    default: DEMO_CONTACT.email,
    label: { ko: "대표 이메일", en: "Main e-mail" },
    widget: { type: "text", inputMode: "email", autoComplete: "email" },
    audit: "대표 이메일",
    demo: true,
  },
  {
    key: "auditionEmail",
    storage: "auditionEmail",
    group: "contact",
    rule: email("오디션 접수 이메일을"),
    stored: z.email(),
    default: DEMO_CONTACT.auditionEmail,
    label: { ko: "오디션 접수 이메일", en: "Audition e-mail" },
    widget: { type: "text", inputMode: "email" },
    audit: "오디션 접수 이메일",
    demo: true,
  },
  {
    key: "businessHours",
    storage: "businessHours",
    group: "contact",
    rule: optionalText(100),
    stored: z.string(),
    default: "평일 10:00 - 18:00 (주말·공휴일 휴무)",
    label: { ko: "운영 시간", en: "Office hours" },
    englishVariant: "businessHoursEn",
    optional: true,
    widget: { type: "text" },
    audit: "운영 시간",
  },
  coordinateSetting("mapLat", "lat", { ko: "위도", en: "Latitude" }, 90, 37.524283),
  coordinateSetting("mapLng", "lng", { ko: "경도", en: "Longitude" }, 180, 127.037825),
  socialAddressSetting("instagram", "https://www.instagram.com/계정", { ko: "인스타그램 주소", en: "Instagram address" }, "인스타그램"),
  socialAddressSetting("youtube", "https://www.youtube.com/@채널", { ko: "유튜브 채널 주소", en: "YouTube channel address" }, "유튜브"),
  {
    key: "blog",
    storage: "social.blog",
    group: "social",
    // Empty: the header shows no third icon.
    rule: z.union([z.literal("").transform(() => null), webAddress("https://blog.naver.com/계정")]),
    stored: httpUrl().nullable(),
    default: null,
    label: { ko: "블로그 주소", en: "Blog address" },
    help: { ko: "채우면 머리말에 세 번째 아이콘이 보입니다.", en: "When filled in, the header shows a third icon." },
    optional: true,
    widget: { type: "url" },
    audit: "블로그",
  },
  {
    key: "representative",
    storage: "representative",
    group: "company",
    rule: optionalText(50),
    stored: z.string(),
    default: "",
    label: { ko: "대표자", en: "Representative" },
    help: SHOWN_IN_FOOTER,
    optional: true,
    widget: { type: "text" },
    audit: "대표자",
  },
  {
    key: "businessNumber",
    storage: "businessNumber",
    group: "company",
    rule: z
      .string()
      .trim()
      .refine((value) => value === "" || /^\d{3}-\d{2}-\d{5}$/.test(value), "사업자등록번호는 000-00-00000 형식으로 입력해 주세요.")
      .refine((value) => value === "" || !/^\d{3}-\d{2}-\d{5}$/.test(value) || isValidBusinessNumber(value), "올바른 사업자등록번호가 아닙니다. 숫자를 다시 확인해 주세요."),
    stored: z.string(),
    default: "",
    label: { ko: "사업자등록번호", en: "Business registration number" },
    help: SHOWN_IN_FOOTER,
    optional: true,
    widget: { type: "text", placeholder: "000-00-00000", inputMode: "numeric" },
    audit: "사업자등록번호",
  },
  {
    key: "homeIntro",
    storage: "homeIntro",
    group: "home",
    rule: paragraphs(text("홈 화면 소개 글을", 2000)),
    stored: z.string().min(1),
    default: DEFAULT_HOME_INTRO,
    label: { ko: "소개 글", en: "Introduction" },
    help: PARAGRAPHS_HELP,
    englishVariant: "homeIntroEn",
    widget: { type: "textarea" },
    audit: "홈 소개 글",
  },
  {
    key: "addressEn",
    storage: "addressEn",
    group: "english",
    rule: optionalText(200),
    stored: z.string(),
    default: DEMO_CONTACT.addressEn,
    label: { ko: "영문 주소", en: "Address in English" },
    lang: "en",
    optional: true,
    widget: { type: "text", placeholder: "7F, 317 Dosan-daero, Gangnam-gu, Seoul" },
    audit: "영문 주소",
    demo: true,
  },
  {
    key: "businessHoursEn",
    storage: "businessHoursEn",
    group: "english",
    rule: optionalText(100),
    stored: z.string(),
    default: "Weekdays 10:00–18:00 KST (closed on weekends and public holidays)",
    label: { ko: "영문 운영 시간", en: "Office hours in English" },
    lang: "en",
    optional: true,
    widget: { type: "text" },
    audit: "영문 운영 시간",
  },
  {
    key: "homeIntroEn",
    storage: "homeIntroEn",
    group: "english",
    rule: paragraphs(optionalText(2000)),
    stored: z.string(),
    default: DEFAULT_HOME_INTRO_EN,
    label: { ko: "영문 홈 소개 글", en: "Introduction in English" },
    help: PARAGRAPHS_HELP,
    lang: "en",
    optional: true,
    widget: { type: "textarea" },
    audit: "영문 홈 소개 글",
  },
  {
    // Each application keeps the days its applicant consented to: a change applies to later ones (decision 033).
    key: "auditionRetentionDays",
    storage: "auditionRetentionDays",
    group: "privacy",
    ...wholeNumberSetting(MIN_AUDITION_RETENTION_DAYS, MAX_AUDITION_RETENTION_DAYS, `보유 기간은 ${MIN_AUDITION_RETENTION_DAYS}일에서 ${MAX_AUDITION_RETENTION_DAYS}일 사이의 정수로 입력해 주세요. 예: 90`),
    default: DEFAULT_AUDITION_RETENTION_DAYS,
    label: { ko: "온라인 지원서 보유 기간 (일)", en: "Keep online applications for (days)" },
    help: {
      ko: `${MIN_AUDITION_RETENTION_DAYS}일에서 ${MAX_AUDITION_RETENTION_DAYS}일 사이. 최종 결과가 정해진 날(결과가 없으면 접수일)부터 세며, 지나면 사진·영상과 함께 자동으로 파기합니다.`,
      en: `${MIN_AUDITION_RETENTION_DAYS} to ${MAX_AUDITION_RETENTION_DAYS} days, counted from the final decision (or receipt when there is none); then the application is deleted with its photos and video.`,
    },
    audit: "지원서 보유 기간",
    privacyPolicy: true,
  },
  {
    // 접속기록 (decision 039): kept at least a year by law; the scheduler deletes older entries.
    key: "accessRecordRetentionYears",
    storage: "accessRecordRetentionYears",
    group: "privacy",
    ...wholeNumberSetting(MIN_ACCESS_RECORD_RETENTION_YEARS, MAX_ACCESS_RECORD_RETENTION_YEARS, `보관 기간은 ${MIN_ACCESS_RECORD_RETENTION_YEARS}년에서 ${MAX_ACCESS_RECORD_RETENTION_YEARS}년 사이의 정수로 입력해 주세요. 예: 2`),
    default: DEFAULT_ACCESS_RECORD_RETENTION_YEARS,
    label: { ko: "접속기록 보관 기간 (년)", en: "Keep access records for (years)" },
    help: {
      ko: `${MIN_ACCESS_RECORD_RETENTION_YEARS}년에서 ${MAX_ACCESS_RECORD_RETENTION_YEARS}년 사이. 지원자 개인정보를 열람·내려받기·변경한 기록을 이 기간 동안 보관하고, 지나면 오래된 기록부터 자동으로 지웁니다. 법정 최소 기간은 1년입니다.`,
      en: `${MIN_ACCESS_RECORD_RETENTION_YEARS} to ${MAX_ACCESS_RECORD_RETENTION_YEARS} years. Records of who viewed, downloaded or changed applicants' personal data are kept this long, then the oldest are deleted. The legal minimum is one year.`,
    },
    audit: "접속기록 보관 기간",
    privacyPolicy: true,
  },
  // The privacy officer named in /privacy: demo values (flagged) until the administrator names the real
  // one, because a policy must never name nobody.
  ...(
    [
      ["Name", "name", "보호책임자 이름", "Privacy officer's name", "개인정보 보호책임자 이름", text("개인정보 보호책임자의 이름을", 50)],
      ["Position", "position", "보호책임자 직책", "Privacy officer's position", "개인정보 보호책임자 직책", text("개인정보 보호책임자의 직책을", 50)],
    ] as const
  ).map(([suffix, part, ko, en, audit, rule]) => ({
    key: `privacyOfficer${suffix}` as const,
    storage: `privacyOfficer.${part}` as const,
    group: "privacyOfficer",
    rule,
    stored: z.string(),
    default: DEMO_PRIVACY_OFFICER[part] as string,
    label: { ko, en },
    widget: { type: "text" as const, autoComplete: "off" },
    audit,
    demo: true,
    privacyPolicy: true,
  })),
  {
    key: "privacyOfficerPhone",
    storage: "privacyOfficer.phone",
    group: "privacyOfficer",
    rule: phone(),
    stored: z.string(),
    default: DEMO_PRIVACY_OFFICER.phone,
    label: { ko: "보호책임자 전화번호", en: "Privacy officer's phone" },
    widget: { type: "text", placeholder: "02-1234-5678", inputMode: "tel", autoComplete: "off" },
    audit: "개인정보 보호책임자 전화번호",
    demo: true,
    privacyPolicy: true,
  },
  {
    key: "privacyOfficerEmail",
    storage: "privacyOfficer.email",
    group: "privacyOfficer",
    rule: email("개인정보 보호책임자의 이메일을"),
    stored: z.string(),
    default: DEMO_PRIVACY_OFFICER.email,
    label: { ko: "보호책임자 이메일", en: "Privacy officer's e-mail" },
    help: { ko: "열람·정정·삭제 요구를 받는 주소입니다.", en: "Where requests to see, correct or delete personal data go." },
    widget: { type: "text", inputMode: "email", autoComplete: "off" },
    audit: "개인정보 보호책임자 이메일",
    demo: true,
    privacyPolicy: true,
  },
  // Company names (수탁자); empty: the work is not entrusted to anyone.
  ...(
    [
      ["Hosting", "hosting", "호스팅 (서버 운영)", "Hosting (servers)", "위탁: 호스팅"],
      ["Storage", "storage", "파일 저장소", "File storage", "위탁: 파일 저장소"],
      ["Email", "email", "이메일 발송", "Sending e-mail", "위탁: 이메일 발송"],
    ] as const
  ).map(([suffix, part, ko, en, audit]) => ({
    key: `processor${suffix}` as const,
    storage: `processors.${part}` as const,
    group: "processors",
    rule: optionalText(100),
    stored: z.string(),
    default: "",
    label: { ko, en },
    widget: { type: "text" as const, autoComplete: "off" },
    audit,
    privacyPolicy: true,
  })),
  {
    // 안전성 확보조치 기준 Art. 6④: a session ends after this long without a request (12 hours at most in any case).
    key: "staffIdleMinutes",
    storage: "staffIdleMinutes",
    group: "security",
    rule: z
      .string()
      .trim()
      .refine(
        (value) => /^\d{1,3}$/.test(value) && Number(value) >= MIN_STAFF_IDLE_MINUTES && Number(value) <= MAX_STAFF_IDLE_MINUTES,
        `자동 로그아웃 시간은 ${MIN_STAFF_IDLE_MINUTES}분에서 ${MAX_STAFF_IDLE_MINUTES}분 사이의 정수로 입력해 주세요. 예: 30`,
      )
      .transform(Number),
    stored: z.number().int().min(MIN_STAFF_IDLE_MINUTES).max(MAX_STAFF_IDLE_MINUTES),
    default: DEFAULT_STAFF_IDLE_MINUTES,
    label: { ko: "자동 로그아웃 (분)", en: "Sign out after idle (minutes)" },
    help: {
      ko: `관리 화면을 이 시간 동안 쓰지 않으면 로그아웃됩니다. ${MIN_STAFF_IDLE_MINUTES}분에서 ${MAX_STAFF_IDLE_MINUTES}분 사이이며, 로그인은 길어도 12시간 뒤에 끝납니다.`,
      en: `Staff are signed out after this long without using the workspace: ${MIN_STAFF_IDLE_MINUTES} to ${MAX_STAFF_IDLE_MINUTES} minutes; a sign-in lasts 12 hours at most.`,
    },
    widget: { type: "number", min: MIN_STAFF_IDLE_MINUTES, max: MAX_STAFF_IDLE_MINUTES, step: 1, inputMode: "numeric" },
    audit: "자동 로그아웃 시간",
    // The privacy policy's safety measures state it.
    privacyPolicy: true,
  },
  {
    // 안전성 확보조치 기준 Art. 6②: roles that reach applicants' data always need a second factor; this asks it of everyone.
    key: "secondFactorForAll",
    storage: "secondFactorForAll",
    group: "security",
    rule: z.enum(["true", "false"], { error: "2단계 인증을 누구에게 요구할지 선택해 주세요." }).transform((value) => value === "true"),
    stored: z.boolean(),
    default: false,
    label: { ko: "2단계 인증", en: "Second sign-in factor" },
    help: {
      ko: "대표 관리자와 캐스팅 담당은 지원자 개인정보를 다루므로 언제나 2단계 인증을 써야 합니다. 모든 직원으로 바꾸면 아직 인증 앱을 등록하지 않은 직원은 직원 계정 화면에서 만드는 ‘2단계 인증 설정 링크’로 등록해야 로그인할 수 있습니다.",
      en: "Owners and casting reviewers handle applicants' personal data and always need a second factor. Asked of everyone, staff without an authenticator app sign in again only through a setup link made on the staff page.",
    },
    widget: {
      type: "select",
      options: [
        { value: "false", label: "개인정보를 다루는 역할만 (대표 관리자, 캐스팅 담당)" },
        { value: "true", label: "모든 직원" },
      ],
    },
    audit: "2단계 인증 요구 범위",
    privacyPolicy: true,
  },
]);

export type SiteSettingField = (typeof SITE_SETTING_FIELDS)[number];
export type SettingsField = SiteSettingField["key"];
export type SettingsFormValues = SettingsFormValuesOf<typeof SITE_SETTING_FIELDS>;
/** The settings the form edits, as stored. */
export type EditableSiteSettings = StoredSettingsOf<typeof SITE_SETTING_FIELDS>;

/** The form fields' names, in the model's order. */
export const SETTINGS_FIELDS: SettingsField[] = SITE_SETTING_FIELDS.map((field) => field.key);

/** The form's fields as typed (strings), validated and turned into the stored settings' values. */
export const siteSettingsInputSchema = settingsInputSchema(SITE_SETTING_FIELDS);

/** Every editable setting's default (the settings document adds the file and the bookkeeping). */
export const DEFAULT_EDITABLE_SETTINGS: EditableSiteSettings = settingsDefaults(SITE_SETTING_FIELDS);
export const DEFAULT_DEMO_SETTINGS: string[] = demoSettings(SITE_SETTING_FIELDS);

/** How the activity log names the stored settings a save changed. */
export const SETTING_LABELS: Record<string, string> = { ...settingsAuditLabels(SITE_SETTING_FIELDS), [APPLICATION_FORM_FIELD]: "지원서 양식" };

/**
 * The stored settings the privacy policy (/privacy) states: when a save changes one of them, the
 * policy's effective date (`privacyPolicyUpdatedAt`) moves to that day.
 */
export const PRIVACY_POLICY_SETTINGS: readonly string[] = privacyPolicySettings(SITE_SETTING_FIELDS);

/** "전화번호, 지원서 양식": the changed settings of an audit entry, or "변경 없음". */
export function describeChangedSettings(fields: unknown): string {
  const names = Array.isArray(fields) ? fields.map((field) => SETTING_LABELS[String(field)] ?? String(field)) : [];
  return names.length > 0 ? names.join(", ") : "변경 없음";
}
