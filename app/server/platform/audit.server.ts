import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { auditLog } from "../../../drizzle/schema";
import { auditActionLabel, auditEntityLabel } from "../../domain/audit-labels";
import { describeChangedSettings } from "../../domain/site-settings";
import { formatFileSize } from "../../domain/application-form-file";
import { pageWindow } from "../../lib/pagination";
import type { Database, Tx } from "./db.server";
import { containsText } from "./search-pattern.server";
import { actorDetails, describeActor, type Actor } from "./services.server";

/** What an audit entry is about. */
export type AuditEntity = "artist" | "news" | "notice" | "media" | "api-token" | "session" | "settings" | "trash" | "audition" | "storage" | "site-import" | "casting-package";

/**
 * Records who changed what, when and from where (the administrator's own trail), in the caller's
 * transaction. A batch actor's writes are recorded once, by the batch (`recordBatchAudit`).
 */
export async function recordAudit(
  db: Database | Tx,
  actor: Actor,
  entry: { action: string; entity: AuditEntity; entityId: string | number; details?: Record<string, unknown> },
): Promise<void> {
  if (actor.batch) return;
  await recordBatchAudit(db, actor, entry);
}

/** The one entry of a batch (the site import), whatever its actor. */
export async function recordBatchAudit(
  db: Database | Tx,
  actor: Actor,
  entry: { action: string; entity: AuditEntity; entityId: string | number; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values({
    staffId: actor.staffId,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    details: { ...actorDetails(actor), ...entry.details },
    actorLabel: describeActor(actor),
    ip: actor.ip ?? "",
  });
}

export interface AuditEntry {
  id: number;
  action: string;
  entity: string;
  entityId: string;
  details: Record<string, unknown>;
  actorLabel: string;
  ip: string;
  createdAt: Date;
}

export interface AuditFilter {
  action: string | null;
  entity: string | null;
  /** Part of who did it (login id, token name, job). */
  actor: string;
  /** From this instant (inclusive) to that one (exclusive). */
  from: Date | null;
  to: Date | null;
  page: number;
}

/** Entries per page of the activity log. */
export const AUDIT_PAGE_SIZE = 50;

const auditColumns = {
  id: auditLog.id,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  details: auditLog.details,
  actorLabel: auditLog.actorLabel,
  ip: auditLog.ip,
  createdAt: auditLog.createdAt,
};

/** The activity log, newest first, filtered, one page of AUDIT_PAGE_SIZE. */
export async function listAuditEntries(db: Database, filter: AuditFilter): Promise<{ items: AuditEntry[]; total: number; page: number; pageCount: number }> {
  const conditions: SQL[] = [];
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.actor) conditions.push(containsText(auditLog.actorLabel, filter.actor));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditLog.createdAt, filter.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [totals] = await db.select({ total: count() }).from(auditLog).where(where);
  const total = totals?.total ?? 0;
  const { page, pageCount, limit, offset } = pageWindow(total, filter.page, AUDIT_PAGE_SIZE);
  const items = await db
    .select(auditColumns)
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return { items, total, page, pageCount };
}

/** The latest entries (the workspace overview's "last changes"). */
export async function recentAuditEntries(db: Database, limit: number): Promise<AuditEntry[]> {
  return db.select(auditColumns).from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
}

/**
 * An entry as people read it: what happened ("뉴스 등록", "로그인") and to what (a name or a
 * title when recorded, the record's number otherwise; nothing for sign-ins, whose who says it all).
 */
export function describeAuditEntry(entry: Pick<AuditEntry, "action" | "entity" | "details" | "entityId">): { what: string; subject: string } {
  if (entry.entity === "session") return { what: auditActionLabel(entry.action), subject: "" };
  const what = `${auditEntityLabel(entry.entity)} ${auditActionLabel(entry.action)}`;
  if (entry.entity === "settings") return { what, subject: describeChangedSettings(entry.details.fields) };
  // Applications are named by receipt number only (their personal data never enters the log).
  if (entry.entity === "audition") {
    const { count, receiptNumber } = entry.details;
    if (entry.action === "export" && typeof count === "number") return { what, subject: `${count}건` };
    return { what, subject: typeof receiptNumber === "string" ? receiptNumber : entry.entityId };
  }
  // The orphan sweep: what it removed from each storage, by count and size (the keys are in the details).
  if (entry.entity === "storage") return { what, subject: describeSweep(entry.details) };
  // The site import: from where, and what it did in numbers.
  if (entry.entity === "site-import") return { what, subject: typeof entry.details.summary === "string" ? entry.details.summary : "" };
  const { name, title, changed } = entry.details;
  // A post's save names the extras it set or changed beside the title (decision 043), an artist's its reels (046).
  const also = Array.isArray(changed) && changed.length > 0 ? ` (${changed.filter((c) => typeof c === "string").join(", ")} 변경)` : "";
  if (typeof name === "string" && name) return { what, subject: `${name}${also}` };
  if (typeof title === "string" && title) return { what, subject: `${title}${also}` };
  return { what, subject: entry.entityId === "roster" ? "배우 목록" : `#${entry.entityId}` };
}

/** "미디어 3개(1.2MB), 비공개 파일 1개(48KB)": what a sweep's entry says it removed. */
function describeSweep(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, label] of [
    ["media", "미디어"],
    ["private", "비공개 파일"],
  ] as const) {
    const swept = details[name] as { count?: unknown; bytes?: unknown; unfinished?: unknown; unfinishedBytes?: unknown } | undefined;
    const count = (typeof swept?.count === "number" ? swept.count : 0) + (typeof swept?.unfinished === "number" ? swept.unfinished : 0);
    const bytes = (typeof swept?.bytes === "number" ? swept.bytes : 0) + (typeof swept?.unfinishedBytes === "number" ? swept.unfinishedBytes : 0);
    if (count > 0) parts.push(`${label} ${count}개(${formatFileSize(bytes)})`);
  }
  return parts.join(", ");
}
