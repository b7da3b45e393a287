import { formatKst, parseKstInputValue } from "../../../domain/kst";
import { parsePage } from "../../../lib/pagination";

/**
 * What the workspace's two logs (the activity log and the access records) share: the filters by person,
 * days and page, and the first cells of a row (when in KST, who, from which address).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A day typed as YYYY-MM-DD, as the KST instant it starts; null when empty or not a date. */
function kstDayStart(value: string | null): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return parseKstInputValue(`${value}T00:00`);
}

/** The person, days (KST; "to" a day includes that whole day) and page asked for, and the same as the form shows them again. */
export function logFilterOf(params: URLSearchParams) {
  const actor = (params.get("actor") ?? "").trim().slice(0, 100);
  const from = kstDayStart(params.get("from"));
  const until = kstDayStart(params.get("to"));
  return {
    query: { actor, from, to: until ? new Date(until.getTime() + DAY_MS) : null, page: parsePage(params.get("page")) },
    shown: { actor, from: from ? params.get("from")! : "", to: until ? params.get("to")! : "" },
  };
}

/** A log entry's first cells: when (KST), who ("알 수 없음" when nobody was recorded), from which address. */
export function logEntryCells(entry: { id: number; actorLabel: string | null; ip: string | null }, at: Date) {
  return { id: entry.id, when: formatKst(at), who: entry.actorLabel || "알 수 없음", ip: entry.ip || "-" };
}
