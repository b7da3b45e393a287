/**
 * What the audition application form shows and the browser needs (decision 038): field names, limits,
 * labels (the field model, audition-fields.ts), the consent texts, the guardian age. No zod here: the form is hydrated on visitors' pages and
 * this module ships to browsers with it. `./auditions` re-exports all of it beside the schemas.
 */
import { ageOn } from "./age";
import { consentItems, type AuditionTextFieldKey } from "./audition-fields";

export { ageOn };
export { AUDITION_PATHS } from "./audition-paths";
export { AUDITION_FIELD_ORDER, AUDITION_FIELDS, AUDITION_TEXT_FIELDS, auditionField, type AuditionField, type AuditionFieldKey, type AuditionTextFieldKey } from "./audition-fields";

export const GENDERS = ["female", "male", "other"] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { female: "여성", male: "남성", other: "기타·밝히지 않음" };

/** Photos per application (face and full body at least). */
export const MIN_AUDITION_PHOTOS = 2;
export const MAX_AUDITION_PHOTOS = 5;
/** Per photo, before decoding (the media pipeline's limit). */
export const MAX_AUDITION_PHOTO_BYTES = 15 * 1024 * 1024;
/** A self-shot video file (MP4 or MOV), streamed to storage as it arrives. */
export const MAX_AUDITION_VIDEO_BYTES = 200 * 1024 * 1024;

/** Applicants younger than this (in full years, 만 나이) need a legal guardian's consent (PIPA Art. 22-2). */
export const GUARDIAN_AGE = 14;

/** The honeypot: a field people never see (off-screen, out of the tab order); bots fill it in. */
export const HONEYPOT_FIELD = "homepage";
/** The server's signed time stamp of when the form was served (see form-timing.server.ts). */
export const STAMP_FIELD = "startedAt";

export const AUDITION_FILE_FIELDS = { photos: "photos", video: "videoFile" } as const;

/** What the consent box says (PIPA Art. 15 ②): purpose, items, retention, the right to refuse and what refusal means. */
export const AUDITION_CONSENT = {
  purpose: "오디션 지원자 확인, 서류·영상 심사, 심사 결과와 다음 일정 안내",
  requiredItems: consentItems("required"),
  optionalItems: consentItems("optional"),
  guardianItems: consentItems("guardian"),
  refusal: "개인정보 수집·이용에 동의하지 않을 권리가 있습니다. 다만 동의하지 않으면 온라인 오디션 지원을 접수할 수 없습니다.",
} as const;

/** "최종 결과 안내 후 90일까지 보관하며, 결과가 나오지 않은 지원서는 접수일로부터 90일 뒤에 파기합니다." */
export function retentionSentence(days: number): string {
  return `심사가 끝나 최종 결과(최종 합격·불합격)가 정해진 날로부터 ${days}일 동안 보관하고, 최종 결과가 정해지지 않은 지원서는 접수일로부터 ${days}일 뒤에 사진·영상과 함께 파기합니다.`;
}

/** What a refused submission gives back: the text fields as typed. */
export type AuditionFormValues = Partial<Record<AuditionTextFieldKey, string>>;
