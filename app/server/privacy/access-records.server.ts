import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { accessRecordChain, accessRecordInspections, accessRecords, auditionApplications, jobRuns } from "../../../drizzle/schema";
import {
  ACCESS_RECORD_PAGE_SIZE,
  BURST_APPLICATIONS,
  BURST_WINDOW_MINUTES,
  NIGHT_END_HOUR_KST,
  NIGHT_START_HOUR_KST,
  type AccessAction,
  type AccessReason,
} from "../../domain/access-records";
import { kstDate } from "../../domain/kst";
import { pageWindow } from "../../lib/pagination";
import type { Database, Tx } from "../platform/db.server";
import { containsText } from "../platform/search-pattern.server";
import { describeActor, type Actor, type Services } from "../platform/services.server";
import { getSiteSettings } from "../site/settings.server";

/**
 * 접속기록 (개인정보의 안전성 확보조치 기준 제8조; decision 039): one entry each time a member of staff
 * reads or changes applicants' personal data. Entries name applications by receipt number only, never
 * by what the applicant typed, and never hold a search's text.
 *
 * Tamper evidence: entries form a hash chain. Each entry's `hash` is SHA-256 over the previous entry's
 * hash and a canonical serialization of its own fields (`canonicalEntry`), so changing, inserting or
 * deleting an entry breaks the chain at that point. Appends take the chain's one row
 * (`access_record_chain`) FOR UPDATE: appends from several app servers and transactions line up one
 * after the other and ids follow the chain's order. The retention purge deletes the oldest entries and
 * keeps the last deleted one's id and hash as the chain's anchor, from which verification starts.
 */

/** A recent entry by the same person that already covers a request (see `AccessEntry.unlessRecent`). */
export interface RecentAccessMatch {
  action: AccessAction;
  /** Only entries about this stored file (`details.file`). */
  fileId?: string;
}

/** How far back `unlessRecent` looks: a video played or a page's images loaded within it are one access. */
export const RECENT_ACCESS_WINDOW_MS = 10 * 60 * 1000;

export interface AccessEntry {
  action: AccessAction;
  /** The applications concerned (receipt numbers). */
  receiptNumbers: readonly string[];
  /** Counts and kinds only: never personal data, never a search's text. */
  details?: Record<string, string | number | boolean | null>;
  /** Why (downloads and exports). */
  reason?: AccessReason;
  /**
   * Not appended when the same person has an entry about the same (first) receipt number matching one of
   * these within RECENT_ACCESS_WINDOW_MS: a video's byte ranges after it started playing, the images of
   * an application's page just viewed. Checked under the chain's lock, so two requests at once record once.
   */
  unlessRecent?: RecentAccessMatch[];
}

/** What one entry holds, as hashed. */
interface HashedFields {
  id: number;
  at: Date;
  actorLabel: string;
  ip: string;
  action: string;
  receiptNumbers: string[];
  details: Record<string, unknown>;
  reasonCode: string | null;
  reasonText: string | null;
}

/** JSON with object keys sorted at every level (jsonb does not keep the order keys were written in). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The fields an entry's hash covers, in a fixed order. `admin_id` is left out on purpose: it is set to
 * null when an account is deleted (the foreign key), which must not read as tampering; the login id as
 * shown (`actor_label`) is covered.
 */
export function canonicalEntry(fields: HashedFields): string {
  return canonicalJson([
    fields.id,
    fields.at.toISOString(),
    fields.actorLabel,
    fields.ip,
    fields.action,
    fields.receiptNumbers,
    fields.details,
    fields.reasonCode,
    fields.reasonText,
  ]);
}

export function entryHash(prevHash: string, fields: HashedFields): string {
  return createHash("sha256").update(prevHash).update("\n").update(canonicalEntry(fields)).digest("hex");
}

async function lockChain(tx: Tx) {
  await tx.insert(accessRecordChain).values({ id: 1 }).onConflictDoNothing();
  const [chain] = await tx.select().from(accessRecordChain).where(eq(accessRecordChain.id, 1)).for("update");
  return chain!;
}

/**
 * Appends one entry for what `actor` (the staff session with its client address: `staffActor(
 * staffSessionOf(ctx), ctx)`) just did. Pass the transaction of the change it records, so the entry
 * and the change are kept or lost together. False when `unlessRecent` found it already covered.
 */
export async function recordAccess(db: Database | Tx, actor: Actor, entry: AccessEntry, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const chain = await lockChain(tx);
    if (entry.unlessRecent && entry.unlessRecent.length > 0 && entry.receiptNumbers.length > 0) {
      const matches = entry.unlessRecent.map((m) =>
        m.fileId === undefined ? eq(accessRecords.action, m.action) : and(eq(accessRecords.action, m.action), sql`${accessRecords.details}->>'file' = ${m.fileId}`)!,
      );
      const [recent] = await tx
        .select({ id: accessRecords.id })
        .from(accessRecords)
        .where(
          and(
            eq(accessRecords.actorLabel, describeActor(actor)),
            actor.staffId === null ? isNull(accessRecords.staffId) : eq(accessRecords.staffId, actor.staffId),
            gte(accessRecords.at, new Date(now.getTime() - RECENT_ACCESS_WINDOW_MS)),
            sql`${entry.receiptNumbers[0]!} = any(${accessRecords.receiptNumbers})`,
            or(...matches),
          ),
        )
        .limit(1);
      if (recent) return false;
    }
    const result = (await tx.execute(sql`select nextval(pg_get_serial_sequence('access_records', 'id'))::text as id`)) as unknown as { rows: { id: string }[] };
    const fields: HashedFields = {
      id: Number(result.rows[0]!.id),
      at: now,
      actorLabel: describeActor(actor),
      ip: actor.ip ?? "",
      action: entry.action,
      receiptNumbers: [...new Set(entry.receiptNumbers)],
      details: entry.details ?? {},
      reasonCode: entry.reason?.reason ?? null,
      reasonText: entry.reason ? entry.reason.reasonText || null : null,
    };
    const hash = entryHash(chain.headHash, fields);
    await tx.insert(accessRecords).values({ ...fields, staffId: actor.staffId, prevHash: chain.headHash, hash });
    await tx.update(accessRecordChain).set({ headId: fields.id, headHash: hash }).where(eq(accessRecordChain.id, 1));
    return true;
  });
}

/** The newest entry of a chain that verified: its id and hash, to be written down outside the database. */
export interface ChainHead {
  id: number;
  hash: string;
}

/**
 * An entry's id and hash written down when it was the head (the daily head beside the backups, a monthly
 * inspection, an operator's copy): the chain must still hold that entry with that hash, so deleting
 * the newest entries and moving the head back is caught. `source` says where it was written down.
 */
export interface ChainAnchor extends ChainHead {
  source: string;
}

export type ChainVerification =
  | {
      ok: true;
      count: number;
      /** The newest entry (or, once everything was purged, the purge's anchor); null for an empty chain. */
      head: ChainHead | null;
      /** How many anchors were checked (anchors the retention purge has passed are not). */
      anchors: number;
    }
  | {
      ok: false;
      count: number;
      /**
       * The first entry that does not fit: its hash does not match its fields, or its prev_hash breaks the
       * chain, or (when the newest entries were deleted) the last entry the chain head names, or an
       * anchored entry that is gone or whose hash is not the one written down.
       */
      brokenId: number;
      problem: "hash" | "prev-hash" | "missing-tail" | "anchor-missing" | "anchor-hash";
      /** The anchor that does not hold (anchor-missing, anchor-hash). */
      anchor?: ChainAnchor;
    };

/** Its name in `job_runs`: the scheduler's daily writing down of the head (access-record-heads.server.ts). */
export const ACCESS_RECORD_HEAD_JOB = "access-record-head";

/** The heads the database itself kept: each monthly inspection's and each day's (`job_runs`). */
async function storedAnchors(tx: Tx): Promise<ChainAnchor[]> {
  const inspected = await tx
    .select({ month: accessRecordInspections.month, id: accessRecordInspections.headId, hash: accessRecordInspections.headHash })
    .from(accessRecordInspections)
    .where(isNotNull(accessRecordInspections.headId));
  const daily = await tx
    .select({ scheduledFor: jobRuns.scheduledFor, result: jobRuns.result })
    .from(jobRuns)
    .where(and(eq(jobRuns.job, ACCESS_RECORD_HEAD_JOB), isNotNull(jobRuns.result)));
  return [
    ...inspected.map((row) => ({ id: row.id!, hash: row.hash ?? "", source: `${row.month} 월별 점검` })),
    ...daily.flatMap((row) =>
      typeof row.result?.headId === "number" && typeof row.result.headHash === "string"
        ? [{ id: row.result.headId, hash: row.result.headHash, source: `${kstDate(row.scheduledFor)} 일일 기록` }]
        : [],
    ),
  ];
}

/** The same head written down in several places is one anchor (named after the first place), by id. */
function distinctAnchors(anchors: ChainAnchor[]): ChainAnchor[] {
  const distinct = new Map<string, ChainAnchor>();
  for (const anchor of anchors) if (!distinct.has(`${anchor.id}:${anchor.hash}`)) distinct.set(`${anchor.id}:${anchor.hash}`, anchor);
  return [...distinct.values()].sort((a, b) => a.id - b.id);
}

const VERIFY_BATCH = 1000;

/**
 * Walks the chain from the purge's anchor to its head, in one snapshot, and checks that every anchor
 * still holds: those the database kept (inspections, the daily heads) and `anchors` from outside it
 * (the head file beside the backups, the command line).
 */
export async function verifyAccessRecords(db: Database, anchors: readonly ChainAnchor[] = []): Promise<ChainVerification> {
  return db.transaction(
    async (tx) => {
      const [chain] = await tx.select().from(accessRecordChain).where(eq(accessRecordChain.id, 1));
      const anchorId = chain?.anchorId ?? 0;
      const headId = chain?.headId ?? 0;
      const allAnchors = distinctAnchors([...anchors, ...(await storedAnchors(tx))]);
      const anchored = new Map<number, ChainAnchor[]>();
      for (const anchor of allAnchors) anchored.set(anchor.id, [...(anchored.get(anchor.id) ?? []), anchor]);
      const found = new Set<number>();
      let expectedPrev = chain?.anchorHash ?? "";
      let lastId = 0;
      let checked = 0;
      const broken = (brokenId: number, problem: Exclude<ChainVerification, { ok: true }>["problem"], anchor?: ChainAnchor) =>
        ({ ok: false as const, count: checked, brokenId, problem, ...(anchor ? { anchor } : {}) });
      for (;;) {
        const rows = await tx.select().from(accessRecords).where(gt(accessRecords.id, lastId)).orderBy(asc(accessRecords.id)).limit(VERIFY_BATCH);
        for (const row of rows) {
          checked += 1;
          // An entry at or below the anchor should have been purged; one past the head was never appended.
          if (row.id <= anchorId || row.id > headId) return broken(row.id, "prev-hash");
          if (row.prevHash !== expectedPrev) return broken(row.id, "prev-hash");
          const fields = { ...row, receiptNumbers: row.receiptNumbers, details: row.details, reasonCode: row.reasonCode, reasonText: row.reasonText };
          if (entryHash(row.prevHash, fields) !== row.hash) return broken(row.id, "hash");
          // The whole chain rewritten consistently from here on: not the entry written down.
          const differs = anchored.get(row.id)?.find((anchor) => anchor.hash !== row.hash);
          if (differs) return broken(row.id, "anchor-hash", differs);
          if (anchored.has(row.id)) found.add(row.id);
          expectedPrev = row.hash;
          lastId = row.id;
        }
        if (rows.length < VERIFY_BATCH) break;
      }
      // The newest entries deleted: the chain ends before its head.
      if (headId > anchorId && (lastId !== headId || expectedPrev !== chain?.headHash)) return broken(headId, "missing-tail");
      // The newest entries deleted and the head moved back to the last one left: an anchor past it is gone.
      let checkedAnchors = 0;
      for (const anchor of allAnchors) {
        // Entries the retention purge deleted cannot be checked; the last one's hash is the purge's anchor.
        if (anchor.id < anchorId) continue;
        checkedAnchors += 1;
        if (anchor.id === anchorId && anchor.hash !== chain?.anchorHash) return broken(anchor.id, "anchor-hash", anchor);
        if (anchor.id > anchorId && !found.has(anchor.id)) return broken(anchor.id, "anchor-missing", anchor);
      }
      const head = lastId > 0 ? { id: lastId, hash: expectedPrev } : anchorId > 0 ? { id: anchorId, hash: expectedPrev } : null;
      return { ok: true as const, count: checked, head, anchors: checkedAnchors };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Deletes the entries older than the retention setting, keeping the last one's hash as the anchor. */
export async function purgeOldAccessRecords(services: Pick<Services, "db" | "logger">, now: Date): Promise<number> {
  const { accessRecordRetentionYears } = await getSiteSettings(services.db);
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - accessRecordRetentionYears);
  const purged = await services.db.transaction(async (tx) => {
    const chain = await lockChain(tx);
    const [last] = await tx
      .select({ id: accessRecords.id, hash: accessRecords.hash })
      .from(accessRecords)
      .where(and(lt(accessRecords.at, cutoff), lte(accessRecords.id, chain.headId)))
      .orderBy(desc(accessRecords.id))
      .limit(1);
    if (!last) return 0;
    const deleted = await tx.delete(accessRecords).where(lte(accessRecords.id, last.id)).returning({ id: accessRecords.id });
    await tx.update(accessRecordChain).set({ anchorId: last.id, anchorHash: last.hash }).where(eq(accessRecordChain.id, 1));
    return deleted.length;
  });
  if (purged > 0) services.logger.info({ count: purged, retentionYears: accessRecordRetentionYears }, "old access records purged");
  return purged;
}

export interface AccessRecordFilter {
  actor: string;
  action: AccessAction | null;
  receiptNumber: string;
  from: Date | null;
  to: Date | null;
  page: number;
}

export type AccessRecordRow = typeof accessRecords.$inferSelect;

/** The access records, newest first, filtered, one page; with the applications that still exist by receipt number. */
export async function listAccessRecords(db: Database, filter: AccessRecordFilter) {
  const conditions: SQL[] = [];
  if (filter.actor) conditions.push(containsText(accessRecords.actorLabel, filter.actor));
  if (filter.action) conditions.push(eq(accessRecords.action, filter.action));
  if (filter.receiptNumber) conditions.push(sql`${filter.receiptNumber} = any(${accessRecords.receiptNumbers})`);
  if (filter.from) conditions.push(gte(accessRecords.at, filter.from));
  if (filter.to) conditions.push(lt(accessRecords.at, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totals] = await db.select({ total: count() }).from(accessRecords).where(where);
  const total = totals?.total ?? 0;
  const { page, pageCount, limit, offset } = pageWindow(total, filter.page, ACCESS_RECORD_PAGE_SIZE);
  const items = await db.select().from(accessRecords).where(where).orderBy(desc(accessRecords.id)).limit(limit).offset(offset);
  const receipts = [...new Set(items.flatMap((item) => item.receiptNumbers))];
  const existing =
    receipts.length === 0
      ? []
      : await db
          .select({ id: auditionApplications.id, receiptNumber: auditionApplications.receiptNumber })
          .from(auditionApplications)
          .where(inArray(auditionApplications.receiptNumber, receipts));
  return { items, total, page, pageCount, applicationIds: new Map(existing.map((a) => [a.receiptNumber, a.id])) };
}

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The instants a KST month ("2026-11") starts and ends at. */
export function kstMonthRange(month: string): { start: Date; end: Date } {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, monthNumber - 1, 1) - KST_OFFSET_MS), end: new Date(Date.UTC(year, monthNumber, 1) - KST_OFFSET_MS) };
}

/** The KST hour (0-23) of an instant. */
export function kstHour(date: Date): number {
  return new Date(date.getTime() + KST_OFFSET_MS).getUTCHours();
}

export interface Burst {
  actorLabel: string;
  from: Date;
  to: Date;
  applications: number;
}

/** One person opening BURST_APPLICATIONS or more different applications within BURST_WINDOW_MINUTES; one flag per run. */
export function findBursts(rows: { actorLabel: string; at: Date; receiptNumbers: string[] }[]): Burst[] {
  const windowMs = BURST_WINDOW_MINUTES * 60 * 1000;
  const byActor = new Map<string, { at: Date; receipt: string }[]>();
  for (const row of rows) {
    const list = byActor.get(row.actorLabel) ?? [];
    for (const receipt of row.receiptNumbers) list.push({ at: row.at, receipt });
    byActor.set(row.actorLabel, list);
  }
  const bursts: Burst[] = [];
  for (const [actorLabel, list] of byActor) {
    list.sort((a, b) => a.at.getTime() - b.at.getTime());
    const inWindow = new Map<string, number>();
    let start = 0;
    let flaggedUntil = -Infinity;
    for (let end = 0; end < list.length; end++) {
      const current = list[end]!;
      inWindow.set(current.receipt, (inWindow.get(current.receipt) ?? 0) + 1);
      while (current.at.getTime() - list[start]!.at.getTime() > windowMs) {
        const old = list[start]!.receipt;
        const left = (inWindow.get(old) ?? 1) - 1;
        if (left === 0) inWindow.delete(old);
        else inWindow.set(old, left);
        start += 1;
      }
      if (inWindow.size >= BURST_APPLICATIONS && list[start]!.at.getTime() > flaggedUntil) {
        bursts.push({ actorLabel, from: list[start]!.at, to: current.at, applications: inWindow.size });
        flaggedUntil = current.at.getTime();
      }
    }
  }
  return bursts.sort((a, b) => a.from.getTime() - b.from.getTime());
}

const OPENING_ACTIONS: AccessAction[] = ["view", "file-view", "file-download"];
const LEAVING_ACTIONS: AccessAction[] = ["file-download", "export"];
/** At most this many entries are read for the month's patterns (a small agency's month is far below it). */
const MONTH_SCAN_LIMIT = 50_000;

/** The monthly inspection: counts per person and action, the flagged patterns, whether the month was marked inspected. */
export async function monthlyInspection(db: Database, month: string) {
  const { start, end } = kstMonthRange(month);
  const inMonth = and(gte(accessRecords.at, start), lt(accessRecords.at, end));
  const counts = await db
    .select({ actorLabel: accessRecords.actorLabel, action: accessRecords.action, entries: count() })
    .from(accessRecords)
    .where(inMonth)
    .groupBy(accessRecords.actorLabel, accessRecords.action)
    .orderBy(accessRecords.actorLabel, accessRecords.action);
  const opened = await db
    .select({ actorLabel: accessRecords.actorLabel, at: accessRecords.at, receiptNumbers: accessRecords.receiptNumbers })
    .from(accessRecords)
    .where(and(inMonth, inArray(accessRecords.action, OPENING_ACTIONS)))
    .orderBy(asc(accessRecords.id))
    .limit(MONTH_SCAN_LIMIT);
  const leaving = await db
    .select()
    .from(accessRecords)
    .where(and(inMonth, inArray(accessRecords.action, LEAVING_ACTIONS)))
    .orderBy(asc(accessRecords.id))
    .limit(MONTH_SCAN_LIMIT);
  const night = leaving.filter((row) => {
    const hour = kstHour(row.at);
    return hour >= NIGHT_START_HOUR_KST || hour < NIGHT_END_HOUR_KST;
  });
  const exports = leaving.filter((row) => row.action === "export");
  const [inspection] = await db.select().from(accessRecordInspections).where(eq(accessRecordInspections.month, month));
  return { start, end, counts, bursts: findBursts(opened), night, exports, inspection: inspection ?? null };
}

/**
 * Marks a month inspected (the first mark stays); false when it already was. `head` is the head of the
 * chain the inspection verified (null when it did not verify): kept with the mark, every later
 * verification checks that the chain still holds it.
 */
export async function markMonthInspected(db: Database, actor: Actor, month: string, note: string, head: ChainHead | null, now = new Date()): Promise<boolean> {
  const inserted = await db
    .insert(accessRecordInspections)
    .values({ month, staffId: actor.staffId, actorLabel: describeActor(actor), note, inspectedAt: now, headId: head?.id ?? null, headHash: head?.hash ?? null })
    .onConflictDoNothing()
    .returning({ month: accessRecordInspections.month });
  return inserted.length > 0;
}
