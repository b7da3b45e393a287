import { kstDate } from "./kst";
import type { Locale } from "./locale";

/**
 * The privacy policy (/privacy, 개인정보처리방침): its sections in the order of PIPA Art. 30 and the
 * PIPC's guideline for writing one, the work each processor would do, and the policy's effective date.
 * The text itself is in app/routes/privacy.tsx; what varies (retention, officer, processors) comes
 * from the site settings.
 */

/** The sections, each an anchor of the table of contents (`titleEn`: the English translation's, decision 065). */
export const PRIVACY_POLICY_SECTIONS = [
  { id: "purpose", title: "개인정보의 처리 목적", titleEn: "Why we process personal information" },
  { id: "items", title: "처리하는 개인정보의 항목", titleEn: "What personal information we process" },
  { id: "retention", title: "개인정보의 처리 및 보유 기간", titleEn: "How long we keep it" },
  { id: "destruction", title: "개인정보의 파기 절차 및 방법", titleEn: "How we destroy it" },
  { id: "third-party", title: "개인정보의 제3자 제공", titleEn: "Provision to third parties" },
  { id: "entrustment", title: "개인정보 처리의 위탁", titleEn: "Processing on our behalf" },
  { id: "rights", title: "정보주체와 법정대리인의 권리·의무 및 행사 방법", titleEn: "Your rights and how to exercise them" },
  { id: "children", title: "만 14세 미만 아동의 개인정보 처리", titleEn: "Children under 14" },
  { id: "safety", title: "개인정보의 안전성 확보 조치", titleEn: "How we keep it safe" },
  { id: "cookies", title: "개인정보 자동 수집 장치의 설치·운영 및 거부", titleEn: "Cookies" },
  { id: "officer", title: "개인정보 보호책임자", titleEn: "Privacy officer" },
  { id: "remedies", title: "권익침해 구제 방법", titleEn: "Where to seek help" },
  { id: "changes", title: "개인정보처리방침의 변경", titleEn: "Changes to this policy" },
] as const;

export type PrivacyPolicySectionId = (typeof PRIVACY_POLICY_SECTIONS)[number]["id"];

/**
 * The date of this policy's text. Raise it whenever the text in app/routes/privacy.tsx changes what
 * it says about the processing; the settings' changes move the effective date by themselves.
 */
export const PRIVACY_POLICY_TEXT_DATE = "2026-11-26";

/** What each processor (수탁자) in the settings would do for the company. */
export const PROCESSOR_TASKS = {
  hosting: "홈페이지 서버 운영(호스팅)과 데이터베이스 보관",
  storage: "오디션 지원 사진·영상 파일 보관",
  email: "알림 메일 발송(오디션 지원 접수 알림은 접수번호만 포함)과 캐스팅 제안 링크 메일 발송",
} as const;

export type ProcessorKind = keyof typeof PROCESSOR_TASKS;

/** The same tasks in the English translation. */
export const PROCESSOR_TASKS_EN: Record<ProcessorKind, string> = {
  hosting: "Running the website's servers (hosting) and keeping its database",
  storage: "Keeping the photo and video files of audition applications",
  email: "Sending notification e-mails (the notice of a new audition application contains only its application number) and e-mails with casting package links",
};

/** The processors table: only the tasks entrusted to a company, in a fixed order. */
export function entrustedTasks(processors: Record<ProcessorKind, string>, locale: Locale = "ko"): { company: string; task: string }[] {
  const tasks = locale === "en" ? PROCESSOR_TASKS_EN : PROCESSOR_TASKS;
  return (Object.keys(PROCESSOR_TASKS) as ProcessorKind[])
    .filter((kind) => processors[kind].trim() !== "")
    .map((kind) => ({ company: processors[kind].trim(), task: tasks[kind] }));
}

/** "YYYY-MM-DD" (KST) from which the policy applies: the later of the text's date and the last relevant settings change. */
export function privacyPolicyEffectiveDate(settingsUpdatedAt: string | null): string {
  const updated = settingsUpdatedAt ? new Date(settingsUpdatedAt) : null;
  const settingsDate = updated && !Number.isNaN(updated.getTime()) ? kstDate(updated) : null;
  return settingsDate && settingsDate > PRIVACY_POLICY_TEXT_DATE ? settingsDate : PRIVACY_POLICY_TEXT_DATE;
}

/** "24 November 2026" from "2026-11-24" (the English translation's dates). */
export function formatEnglishDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${day} ${months[month - 1]} ${year}`;
}

/** "2026년 11월 24일" from "2026-11-24". */
export function formatKoreanDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${year}년 ${month}월 ${day}일`;
}
