import { PREVIEW_CUT_LENGTH, PREVIEW_CUT_THRESHOLD } from "../domain/constants";

/** Requirements R6.4: text longer than 400 characters is cut to 200 characters plus an ellipsis. */
export function previewText(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= PREVIEW_CUT_THRESHOLD) return text;
  return `${chars.slice(0, PREVIEW_CUT_LENGTH).join("")}...`;
}

/** A date as YYYY-MM-DD in Korea time. */
export function formatKoreanDate(date: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Seoul",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}
