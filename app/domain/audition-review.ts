import { z } from "./zod";
import { AUDITION_STATUS_LABELS, AUDITION_STATUSES, FINAL_AUDITION_STATUSES, type AuditionStatus } from "./auditions";

/**
 * The agency's review of audition applications (/admin/auditions): the list's page size and search,
 * the status and notes inputs, and the CSV export's columns. The applicant's side is ./auditions.ts.
 */

/** Applications per page of the workspace list. */
export const AUDITION_PAGE_SIZE = 20;
/** Internal notes on one application. */
export const MAX_AUDITION_NOTES_LENGTH = 5000;
/** Applications one bulk action (status change, CSV export) may name: a page is 20, so this is generous. */
export const MAX_AUDITION_BULK = 200;
export const MAX_AUDITION_QUERY_LENGTH = 100;

export function isFinalAuditionStatus(status: AuditionStatus): boolean {
  return FINAL_AUDITION_STATUSES.includes(status);
}

export const AUDITION_STATUS_OPTIONS = AUDITION_STATUSES.map((status) => ({ value: status, label: AUDITION_STATUS_LABELS[status] }));

const statusField = z.enum(AUDITION_STATUSES, { error: "바꿀 상태를 선택해 주세요." });

/** The selected applications of the list's bulk form (`id` repeated). */
export const auditionSelectionSchema = z
  .array(z.string().regex(/^\d{1,10}$/).transform(Number))
  .max(MAX_AUDITION_BULK, `한 번에 ${MAX_AUDITION_BULK}건까지 고를 수 있습니다.`)
  .transform((ids) => [...new Set(ids)].filter((id) => id >= 1 && id <= 2_147_483_647));

/** The detail page's status form and the list's bulk status change. */
export const auditionStatusChangeSchema = z.object({ status: statusField });

/** The detail page's internal notes. */
export const auditionNotesSchema = z.object({
  notes: z
    .string()
    .max(MAX_AUDITION_NOTES_LENGTH, `메모는 ${MAX_AUDITION_NOTES_LENGTH}자 이내로 입력해 주세요.`)
    .transform((v) => v.replace(/\r\n?/g, "\n").trimEnd()),
});

/** The export's columns, as Excel shows them in the first row. */
export const AUDITION_CSV_COLUMNS = [
  "접수번호",
  "상태",
  "이름",
  "생년월일",
  "만 나이",
  "성별",
  "휴대전화",
  "이메일",
  "키(cm)",
  "몸무게(kg)",
  "경력·교육",
  "자기소개",
  "영상",
  "사진 수",
  "법정대리인 이름",
  "법정대리인 휴대전화",
  "접수 일시(KST)",
  "최종 결과 일시(KST)",
  "내부 메모",
] as const;
