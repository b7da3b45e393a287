import { and, desc, eq, inArray, isNotNull, isNull, lte, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import { deleteUnusedMedia } from "../media/media.server";
import { recordAudit, type AuditEntity } from "../platform/audit.server";
import type { ContentChange } from "../platform/changes.server";
import type { Database, Tx } from "../platform/db.server";
import { describeActor, type Actor, type Services } from "../platform/services.server";
import { deleteRevisions, recordRevision, type Revision, type RevisionEntity } from "./revisions.server";

/**
 * What every edited record (a post, an artist: the tables with drizzle/schema.ts' `editedRecordColumns`)
 * goes through the same way, written once over a descriptor of its entity (decision 061): a save's audit
 * entry and revision, the move to the trash, the restore from it, the purge (by hand or after
 * TRASH_RETENTION_DAYS), the trash page's lines and the revision history's pages. Each use case runs in
 * one transaction with its audit entry, then announces the change once, after the commit, when the
 * public could see the record.
 */

/** One record as its entity's `summary` columns read it: enough to name, audit and announce it. */
export interface RecordSummary {
  id: number;
}

/** A record's line in the trash (app/server/trash/trash-bin.server.ts lists every entity's). */
export interface TrashedRecord {
  entity: RevisionEntity;
  id: number;
  /** What the trash can be filtered by ("news", "notice", "artist") and its label. */
  kind: string;
  kindLabel: string;
  title: string;
  deletedAt: Date;
  deletedBy: string;
}

/** The record a revision history belongs to, as its pages show it. */
export interface HistoryRecord {
  title: string;
  kindLabel: string;
  /** Where it is edited; null while it is in the trash. */
  editHref: string | null;
  inTrash: boolean;
}

/**
 * Restoring a revision: done, or refused: 409 when the record cannot take it (in the trash, its name
 * taken...), with the message; 400 when the save refused the snapshot, with the save's first reason.
 */
export type RevisionRestore =
  | { status: "restored" }
  | { status: "refused"; httpStatus: 409; message: string }
  | { status: "refused"; httpStatus: 400; reason?: string };

export interface EditedEntity<Summary extends RecordSummary = RecordSummary> {
  /** Its name in revisions, change events, trash keys and history addresses ("post", "artist"). */
  entity: RevisionEntity & ContentChange["entity"];
  /** Its table and the columns every edited record has. */
  table: PgTable;
  columns: { id: PgColumn; deletedAt: PgColumn; updatedBy: PgColumn; updatedAt: PgColumn };
  /** The columns a trash, restore or purge reads, the id among them (`Summary`'s shape). */
  summary: SelectedFields;
  /** Its audit entries: the entity they name ("news", "notice", "artist") and what identifies it ({ title }, { name }). */
  audit(record: Summary): { entity: AuditEntity; details: Record<string, unknown> };
  /** The public sees it: only then does a move in or out of the trash change the site. */
  isPublic(record: Summary): boolean;
  /** The change event's ids (post ids, artist names) and the public paths that show it. */
  shownAt(record: Summary): Pick<ContentChange, "ids" | "paths">;
  /** What its log lines say about it. */
  logFields(record: Summary): Record<string, unknown>;
  /** The stored media the records use: a purge then deletes those nothing else uses. */
  usedMedia(tx: Tx, ids: number[]): Promise<number[]>;
  /** Its times are the scheduler's (a post's publication): a restore wakes it to look again. */
  scheduled?: boolean;
  /** The trash page: the kinds it can be filtered by (in the filter's order), a record's kind, and its title. */
  trash: { kinds: readonly { value: string; label: string }[]; kindOf(record: Summary): string; title(record: Summary): string };
  /** The revision history: how it names a snapshot's fields, and the values it shows otherwise than as text (null: as text). */
  revisions: { labels: Readonly<Record<string, string>>; readable?(field: string, value: unknown): string | string[] | null };
  /** The record a history belongs to (in the trash or not), or null. */
  historyRecord(db: Database, id: number): Promise<HistoryRecord | null>;
  /** Saves a revision's snapshot again through the entity's save, as a new revision noting where it came from. */
  restoreRevision(services: Services, actor: Actor, id: number, revision: Revision): Promise<RevisionRestore>;
}

/** The columns every edited table has, by their names in drizzle/schema.ts (`editedRecordColumns`), as an update sets them. */
function edited(values: { deletedAt?: Date | null; updatedBy?: string; updatedAt?: Date }): Record<string, unknown> {
  return values;
}

/** The entity's audit entry for one record. */
async function auditRecord<S extends RecordSummary>(tx: Tx, actor: Actor, entity: EditedEntity<S>, record: S, action: string, extra: Record<string, unknown> = {}): Promise<void> {
  const { entity: auditEntity, details } = entity.audit(record);
  await recordAudit(tx, actor, { action, entity: auditEntity, entityId: record.id, details: { ...details, ...extra } });
}

/**
 * A save's audit entry ("create", "update", or "restore-revision" with the version it came from, and
 * the `changed` facts worth naming) and its revision, in the save's transaction: a revision exists
 * exactly when the save does.
 */
export async function recordSave<S extends RecordSummary>(
  tx: Tx,
  actor: Actor,
  entity: EditedEntity<S>,
  save: { record: S; version: number; status: string; created: boolean; restoredFrom?: number; changed?: string[]; snapshot: Record<string, unknown> },
): Promise<void> {
  const { record, version, status, created, restoredFrom, changed = [] } = save;
  await auditRecord(tx, actor, entity, record, created ? "create" : restoredFrom ? "restore-revision" : "update", {
    version,
    status,
    ...(restoredFrom ? { restoredFrom } : {}),
    ...(changed.length > 0 ? { changed } : {}),
  });
  await recordRevision(tx, actor, { entity: entity.entity, entityId: record.id, version, snapshot: save.snapshot, note: restoredFrom ? `${restoredFrom}번째 버전에서 복원` : undefined });
}

/**
 * A change made by time rather than by a person (a scheduled publication): its audit entry (`action`)
 * and its revision with `note`, in the caller's transaction.
 */
export async function recordTimedChange<S extends RecordSummary>(tx: Tx, actor: Actor, entity: EditedEntity<S>, change: { record: S; action: string; version: number; snapshot: Record<string, unknown>; note: string }): Promise<void> {
  await auditRecord(tx, actor, entity, change.record, change.action);
  await recordRevision(tx, actor, { entity: entity.entity, entityId: change.record.id, version: change.version, snapshot: change.snapshot, note: change.note });
}

/**
 * Moves a record to the trash (restorable until purged) with its audit entry, then announces it when the
 * public saw it; false when there was none to move. `where` picks it among the records not in the trash,
 * or finds it in the transaction (an artist by a name in any of its spellings) and says which it is.
 */
export async function moveToTrash<S extends RecordSummary>(services: Services, actor: Actor, entity: EditedEntity<S>, where: SQL | ((tx: Tx) => Promise<SQL | null>)): Promise<boolean> {
  const trashed = await services.db.transaction(async (tx) => {
    const which = typeof where === "function" ? await where(tx) : where;
    if (!which) return null;
    const [record] = (await tx
      .update(entity.table)
      .set(edited({ deletedAt: new Date(), updatedBy: describeActor(actor) }))
      .where(and(which, isNull(entity.columns.deletedAt)))
      .returning(entity.summary)) as S[];
    if (!record) return null;
    await auditRecord(tx, actor, entity, record, "trash");
    return record;
  });
  if (!trashed) return false;
  if (entity.isPublic(trashed)) services.changes.publish({ entity: entity.entity, action: "deleted", ...entity.shownAt(trashed) });
  services.logger.info({ ...entity.logFields(trashed), via: actor.via }, `${entity.entity} moved to the trash`);
  return true;
}

/** Takes a record out of the trash in the state it had, with its audit entry, then announces it when the public sees it again; false when it is not in the trash. */
export async function restoreFromTrash<S extends RecordSummary>(services: Services, actor: Actor, entity: EditedEntity<S>, id: number): Promise<boolean> {
  const { columns } = entity;
  const restored = await services.db.transaction(async (tx) => {
    const [record] = (await tx
      .update(entity.table)
      .set(edited({ deletedAt: null, updatedBy: describeActor(actor), updatedAt: new Date() }))
      .where(and(eq(columns.id, id), isNotNull(columns.deletedAt)))
      .returning(entity.summary)) as S[];
    if (!record) return null;
    await auditRecord(tx, actor, entity, record, "restore");
    return record;
  });
  if (!restored) return false;
  if (entity.isPublic(restored)) services.changes.publish({ entity: entity.entity, action: "created", ...entity.shownAt(restored) });
  if (entity.scheduled) services.scheduler?.wake();
  return true;
}

/**
 * Deletes records in the trash for good, with their revisions and the stored media nothing else uses
 * (after the commit), one audit entry each. Records not in the trash are left alone. Returns the ids
 * purged. Nothing public changes: what is in the trash is shown nowhere.
 */
export async function purgeFromTrash<S extends RecordSummary>(services: Services, actor: Actor, entity: EditedEntity<S>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { columns } = entity;
  const { purged, mediaIds } = await services.db.transaction(async (tx) => {
    const records = (await tx
      .select(entity.summary)
      .from(entity.table)
      .where(and(inArray(columns.id, ids), isNotNull(columns.deletedAt)))
      .for("update")) as S[];
    if (records.length === 0) return { purged: [], mediaIds: [] };
    const found = records.map((r) => r.id);
    const used = await entity.usedMedia(tx, found);
    await tx.delete(entity.table).where(inArray(columns.id, found));
    for (const record of records) {
      await deleteRevisions(tx, entity.entity, record.id);
      await auditRecord(tx, actor, entity, record, "purge");
    }
    return { purged: found, mediaIds: [...new Set(used)] };
  });
  await deleteUnusedMedia(services, mediaIds);
  return purged;
}

/** An entity's records in the trash, as the trash page lists them, last deleted first. */
export async function listTrashed<S extends RecordSummary>(db: Database, entity: EditedEntity<S>): Promise<TrashedRecord[]> {
  const { columns } = entity;
  const rows = (await db
    .select({ ...entity.summary, deletedAt: columns.deletedAt, deletedBy: columns.updatedBy })
    .from(entity.table)
    .where(isNotNull(columns.deletedAt))
    .orderBy(desc(columns.deletedAt))) as (S & { deletedAt: Date; deletedBy: string })[];
  return rows.map((row) => {
    const kind = entity.trash.kindOf(row);
    const kindLabel = entity.trash.kinds.find((k) => k.value === kind)?.label ?? kind;
    return { entity: entity.entity, id: row.id, kind, kindLabel, title: entity.trash.title(row), deletedAt: row.deletedAt, deletedBy: row.deletedBy };
  });
}

/** The ids of an entity's records in the trash since `cutoff` or before (the retention's end). */
export async function trashedSince(db: Database, entity: EditedEntity, cutoff: Date): Promise<number[]> {
  const { columns } = entity;
  const rows = (await db
    .select({ id: columns.id })
    .from(entity.table)
    .where(and(isNotNull(columns.deletedAt), lte(columns.deletedAt, cutoff)))) as RecordSummary[];
  return rows.map((r) => r.id);
}
