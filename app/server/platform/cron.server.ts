import { CronExpressionParser } from "cron-parser";

/** Cron expressions of BACKUP_CRON are read in Korea time, like every time the site shows. */
const TIME_ZONE = "Asia/Seoul";

/** The times a 5-field cron expression names. */
export interface CronSchedule {
  readonly expression: string;
  /** The last time at or before `at`, or null when there is none (a date that never comes round). */
  latestAtOrBefore(at: Date): Date | null;
  /** The first time after `at`, or null when there is none. */
  nextAfter(at: Date): Date | null;
}

/** Reads `minute hour day-of-month month day-of-week`; throws an Error saying what is wrong. */
export function parseCron(expression: string): CronSchedule {
  const trimmed = expression.trim();
  // cron-parser also takes a leading seconds field and @-macros; BACKUP_CRON is plain 5-field cron.
  if (trimmed.split(/\s+/).length !== 5) throw new Error("must have 5 fields: minute hour day-of-month month day-of-week (e.g. 30 3 * * *)");
  const at = (currentDate: Date) => CronExpressionParser.parse(trimmed, { currentDate, tz: TIME_ZONE });
  // Parsing once here reports a wrong field at start rather than at the first use.
  at(new Date());
  const step = (from: Date, direction: "prev" | "next") => {
    try {
      return at(from)[direction]().toDate();
    } catch {
      // Nothing within the parser's search range: "0 0 30 2 *" and the like.
      return null;
    }
  };
  return {
    expression: trimmed,
    // prev() looks strictly before its start, so start a millisecond later to include `at` itself.
    latestAtOrBefore: (at) => step(new Date(at.getTime() + 1), "prev"),
    nextAfter: (at) => step(at, "next"),
  };
}
