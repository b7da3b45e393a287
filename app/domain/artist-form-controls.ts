/**
 * The artist form's typed controls (decision 044): the birthday is a date input and the height a number
 * input, while the stored values stay the original's text ("1994.03.14", "168": requirements R5.1), so the
 * public pages and the API read exactly what they always did. A stored value a control cannot show (free
 * text written through the API) is shown in a plain text box instead, and saving asks for it in the
 * control's form.
 */

export type ArtistFormControl = "date" | "height";

export const HEIGHT_MIN_CM = 100;
export const HEIGHT_MAX_CM = 230;
/** The earliest birthday accepted (an older one is a typing mistake). */
const EARLIEST_BIRTHDAY = "1900-01-01";

const STORED_BIRTHDAY = /^(\d{4})\.(\d{2})\.(\d{2})$/;
const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The input's attributes for a control. */
export const CONTROL_ATTRIBUTES: Record<ArtistFormControl, Record<string, string | number>> = {
  date: { type: "date", min: EARLIEST_BIRTHDAY },
  height: { type: "number", min: HEIGHT_MIN_CM, max: HEIGHT_MAX_CM, step: 1, inputMode: "numeric" },
};

/** What the control shows for a stored value, or null when it cannot show it ("1994.03.14" → "1994-03-14"). */
export function controlValue(control: ArtistFormControl, stored: string): string | null {
  const value = stored.trim();
  if (value === "") return "";
  if (control === "height") return /^\d{2,3}$/.test(value) ? value : null;
  const match = STORED_BIRTHDAY.exec(value) ?? DATE_INPUT.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** The stored text for what the control sent ("1994-03-14" → "1994.03.14"); anything else as typed. */
export function storedValue(control: ArtistFormControl, sent: string): string {
  const value = sent.trim();
  const match = control === "date" ? DATE_INPUT.exec(value) : null;
  return match ? `${match[1]}.${match[2]}.${match[3]}` : value;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The form's message for a control's stored value, or null when it is fine. `today` is KST "YYYY-MM-DD". */
export function controlProblem(control: ArtistFormControl, stored: string, today: string): string | null {
  const value = stored.trim();
  if (value === "") return null;
  if (control === "height") {
    if (!/^\d+$/.test(value)) return `키는 cm 단위의 숫자로 입력해 주세요. 예: 168`;
    const cm = Number(value);
    return cm < HEIGHT_MIN_CM || cm > HEIGHT_MAX_CM ? `키는 ${HEIGHT_MIN_CM}cm에서 ${HEIGHT_MAX_CM}cm 사이로 입력해 주세요.` : null;
  }
  const match = STORED_BIRTHDAY.exec(value);
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return "생년월일을 날짜로 입력해 주세요. 예: 1995-03-14";
  const day = `${match[1]}-${match[2]}-${match[3]}`;
  if (day > today) return "생년월일이 오늘 이후 날짜입니다.";
  if (day < EARLIEST_BIRTHDAY) return "생년월일을 다시 확인해 주세요. 1900년 이후 날짜여야 합니다.";
  return null;
}
