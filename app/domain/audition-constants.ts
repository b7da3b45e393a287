/**
 * What the audition application form shows and the browser needs (decision 038): field names, limits,
 * labels (the field model, audition-fields.ts), the consent texts, the guardian age. No zod here: the form is hydrated on visitors' pages and
 * this module ships to browsers with it. `./auditions` re-exports all of it beside the schemas.
 */
import { ageOn } from "./age";
import { consentItems, type AuditionTextFieldKey } from "./audition-fields";
import { auditionTexts } from "./audition-texts";
import type { Locale } from "./locale";

export { ageOn };
export { AUDITION_PATHS } from "./audition-paths";
export { AUDITION_FIELD_ORDER, AUDITION_FIELDS, AUDITION_TEXT_FIELDS, auditionField, type AuditionField, type AuditionFieldKey, type AuditionTextFieldKey } from "./audition-fields";

export const GENDERS = ["female", "male", "other"] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = auditionTexts("ko").genders;

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
export interface AuditionConsent {
  purpose: string;
  requiredItems: string[];
  optionalItems: string[];
  guardianItems: string[];
  refusal: string;
}

/** The consent box's texts in a language (the English form's and notice's, decision 065). */
export function auditionConsent(locale: Locale): AuditionConsent {
  const english = locale === "en";
  const t = auditionTexts(locale);
  return {
    purpose: t.purpose,
    requiredItems: consentItems("required", english),
    optionalItems: consentItems("optional", english),
    guardianItems: consentItems("guardian", english),
    refusal: t.refusal,
  };
}

/** The Korean consent box: what the Korean form shows and an application stores as its purpose. */
export const AUDITION_CONSENT: AuditionConsent = auditionConsent("ko");

/** "최종 결과 안내 후 90일까지 보관하며, 결과가 나오지 않은 지원서는 접수일로부터 90일 뒤에 파기합니다." (or in English) */
export function retentionSentence(days: number, locale: Locale = "ko"): string {
  return auditionTexts(locale).retention(days);
}

/** The photo types the server decodes; a file the browser cannot type is judged by its name's ending. */
const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);
const PHOTO_ENDINGS = /\.(?:jpe?g|png|webp|avif|gif)$/i;

/**
 * What is wrong with the files chosen as photos, said by the form the moment they are chosen (the server
 * says the same after a submission without JavaScript): each file that is not a photo or is too large,
 * by its place and name, and too many files.
 */
export function chosenPhotosProblem(files: readonly { name: string; type: string; size: number }[], locale: Locale): string | null {
  const t = auditionTexts(locale);
  const problems = files.flatMap((file, i) => {
    const photo = PHOTO_TYPES.has(file.type) || (file.type === "" && PHOTO_ENDINGS.test(file.name));
    if (!photo) return [`${t.photo(i + 1, file.name)}: ${t.notAPhoto(MAX_AUDITION_PHOTO_BYTES)}`];
    return file.size > MAX_AUDITION_PHOTO_BYTES ? [`${t.photo(i + 1, file.name)}: ${t.photoTooBig(MAX_AUDITION_PHOTO_BYTES)}`] : [];
  });
  if (files.length > MAX_AUDITION_PHOTOS) problems.push(t.photosTooMany(MAX_AUDITION_PHOTOS));
  return problems.length > 0 ? problems.join(" ") : null;
}

/** What a refused submission gives back: the text fields as typed. */
export type AuditionFormValues = Partial<Record<AuditionTextFieldKey, string>>;
