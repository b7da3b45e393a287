/**
 * Dates and times as the site shows and takes them: Korea Standard Time (UTC+9, no daylight saving),
 * whatever the server's or the browser's time zone.
 */

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The wall-clock parts of an instant in KST. */
function kstParts(date: Date) {
  const shifted = new Date(date.getTime() + KST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  };
}

/** "2026-11-24" in KST. */
export function kstDate(date: Date): string {
  return kstParts(date).date;
}

/** "2026-11-24 15:30" in KST, for showing. */
export function formatKst(date: Date): string {
  const { date: day, time } = kstParts(date);
  return `${day} ${time}`;
}

/** "2026-11-24T15:30" in KST: the value of an `<input type="datetime-local">`. */
export function toKstInputValue(date: Date): string {
  const { date: day, time } = kstParts(date);
  return `${day}T${time}`;
}

/**
 * An `<input type="datetime-local">` value ("2026-11-24T15:30", seconds optional) read as KST;
 * null when it is not a real date and time.
 */
export function parseKstInputValue(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number | undefined];
  const utc = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) || s === undefined ? 0 : s) - KST_OFFSET_MS;
  const parsed = new Date(utc);
  // Reject dates that do not exist (2026-02-30 rolls over).
  return toKstInputValue(parsed) === `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}` ? parsed : null;
}

/** "2026-11-24T15:30:05+09:00": an instant as an ISO 8601 (W3C) date-time in KST, for sitemaps and JSON-LD. */
export function toKstIsoString(date: Date): string {
  return `${new Date(date.getTime() + KST_OFFSET_MS).toISOString().slice(0, 19)}+09:00`;
}

/**
 * The instant something dated `day` (YYYY-MM-DD, KST) happened: `instant` when it falls on that day,
 * else the day's 00:00 KST. A post's page shows its writeDay (the day it first went public); its
 * `publishedAt` (when it last went public) gives the time only when it is that same day, so a post
 * republished later, or imported without a time, is still dated as its page dates it.
 */
export function instantOnKstDay(day: string, instant: Date | null): Date {
  if (instant && kstDate(instant) === day) return instant;
  return new Date(`${day}T00:00:00+09:00`);
}

/**
 * "11월 30일 오후 3:00" in KST, as a sentence says a time ("…에 공개되도록 예약했습니다"); the year goes in
 * front ("2027년 1월 5일 오전 9:00") when it is not the year of `now` (KST).
 */
export function formatKstSpoken(date: Date, now: Date): string {
  const shifted = new Date(date.getTime() + KST_OFFSET_MS);
  const year = shifted.getUTCFullYear();
  const hours = shifted.getUTCHours();
  const clock = `${hours < 12 ? "오전" : "오후"} ${hours % 12 === 0 ? 12 : hours % 12}:${String(shifted.getUTCMinutes()).padStart(2, "0")}`;
  const day = `${shifted.getUTCMonth() + 1}월 ${shifted.getUTCDate()}일 ${clock}`;
  return year === new Date(now.getTime() + KST_OFFSET_MS).getUTCFullYear() ? day : `${year}년 ${day}`;
}
