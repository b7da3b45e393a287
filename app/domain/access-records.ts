import { z } from "./zod";

/**
 * 접속기록 (개인정보의 안전성 확보조치 기준 제8조, decision 039): what a member of staff did with an
 * applicant's personal data, the reasons asked for before a file or the list leaves the site, and the
 * patterns the monthly inspection flags. Shared by the server and the workspace's pages.
 */

export const ACCESS_ACTIONS = ["view", "search", "file-view", "file-download", "export", "status", "note", "delete", "print"] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

export const ACCESS_ACTION_LABELS: Record<AccessAction, string> = {
  view: "지원서 열람",
  search: "목록 열람·검색",
  "file-view": "사진·영상 보기",
  "file-download": "사진·영상 내려받기",
  export: "CSV 내보내기",
  status: "상태 변경",
  note: "메모 저장",
  delete: "지원서 삭제",
  print: "인쇄",
};

export function isAccessAction(value: unknown): value is AccessAction {
  return typeof value === "string" && (ACCESS_ACTIONS as readonly string[]).includes(value);
}

/** Why personal data leaves the site (a file download, the CSV export): a short choice, and text for 기타. */
export const ACCESS_REASONS = [
  { value: "review", label: "심사 검토" },
  { value: "contract", label: "합격자 계약 준비" },
  { value: "applicant-request", label: "지원자 요청 대응" },
  { value: "other", label: "기타" },
] as const;
export type AccessReasonCode = (typeof ACCESS_REASONS)[number]["value"];

export const MAX_ACCESS_REASON_TEXT_LENGTH = 200;

export function accessReasonLabel(code: string | null): string {
  return ACCESS_REASONS.find((r) => r.value === code)?.label ?? "";
}

/** The reason fields of a download or export form: `reason` (a code of ACCESS_REASONS) and `reasonText`. */
export const accessReasonSchema = z
  .object({
    reason: z
      .string({ error: "내려받는 이유를 선택해 주세요." })
      .refine((value) => ACCESS_REASONS.some((r) => r.value === value), "내려받는 이유를 선택해 주세요.")
      .transform((value) => value as AccessReasonCode),
    reasonText: z
      .string()
      .trim()
      .max(MAX_ACCESS_REASON_TEXT_LENGTH, `이유는 ${MAX_ACCESS_REASON_TEXT_LENGTH}자 이하로 적어 주세요.`)
      .default(""),
  })
  .refine((value) => value.reason !== "other" || value.reasonText.length > 0, { message: "‘기타’를 선택한 경우 이유를 적어 주세요.", path: ["reasonText"] });

export type AccessReason = z.infer<typeof accessReasonSchema>;

/** Reads the reason fields from a query string or a form; the first problem's message when refused. */
export function parseAccessReason(source: { get(name: string): unknown }): { ok: true; reason: AccessReason } | { ok: false; message: string } {
  const reason = source.get("reason");
  const reasonText = source.get("reasonText");
  const parsed = accessReasonSchema.safeParse({
    reason: typeof reason === "string" && reason !== "" ? reason : undefined,
    reasonText: typeof reasonText === "string" ? reasonText : undefined,
  });
  if (parsed.success) return { ok: true, reason: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "내려받는 이유를 선택해 주세요." };
}

/** Monthly inspection: one person opening this many different applications within the window is flagged. */
export const BURST_APPLICATIONS = 20;
export const BURST_WINDOW_MINUTES = 10;
/** Downloads and exports in these KST hours (22:00 to 06:00) are flagged. */
export const NIGHT_START_HOUR_KST = 22;
export const NIGHT_END_HOUR_KST = 6;

/** The monthly inspection's note. */
export const MAX_INSPECTION_NOTE_LENGTH = 500;

/** Entries per page of the access records. */
export const ACCESS_RECORD_PAGE_SIZE = 50;

/** Retention of the access records, in years (site setting `accessRecordRetentionYears`). */
export const DEFAULT_ACCESS_RECORD_RETENTION_YEARS = 2;
export const MIN_ACCESS_RECORD_RETENTION_YEARS = 1;
export const MAX_ACCESS_RECORD_RETENTION_YEARS = 10;

/** "2026-11": a KST month, as the inspection view takes it. */
export function isKstMonth(value: unknown): value is string {
  return typeof value === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}
