import { and, desc, eq } from "drizzle-orm";
import { revisions } from "../../../drizzle/schema";
import type { Database, Tx } from "../platform/db.server";
import { describeActor, type Actor } from "../platform/services.server";

/**
 * Every save of a post or an artist keeps a revision: the editable fields as saved (the snapshot),
 * which of them changed, who saved it and why. Written in the save's own transaction, so a revision
 * exists exactly when the save does. Restoring one saves its snapshot again, as a new revision.
 */

export type RevisionEntity = "post" | "artist";

export interface Revision {
  id: number;
  entity: RevisionEntity;
  entityId: number;
  version: number;
  snapshot: Record<string, unknown>;
  changedFields: string[];
  note: string;
  actorLabel: string;
  createdAt: Date;
}

/** The fields whose values differ between two snapshots (all of them when there is no previous one). */
export function changedFields(previous: Record<string, unknown> | null, next: Record<string, unknown>): string[] {
  // A field an older snapshot did not have yet (the reels, decision 046) reads as empty there.
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b) || (a === undefined && Array.isArray(b) && b.length === 0);
  return Object.keys(next).filter((key) => previous === null || !same(previous[key], next[key]));
}

/** Records a revision in the caller's transaction; the changed fields are found against the last revision. */
export async function recordRevision(
  tx: Database | Tx,
  actor: Actor,
  entry: { entity: RevisionEntity; entityId: number; version: number; snapshot: Record<string, unknown>; note?: string },
): Promise<void> {
  const [previous] = await tx
    .select({ snapshot: revisions.snapshot })
    .from(revisions)
    .where(and(eq(revisions.entity, entry.entity), eq(revisions.entityId, entry.entityId)))
    .orderBy(desc(revisions.id))
    .limit(1);
  await tx.insert(revisions).values({
    entity: entry.entity,
    entityId: entry.entityId,
    version: entry.version,
    snapshot: entry.snapshot,
    changedFields: changedFields(previous?.snapshot ?? null, entry.snapshot),
    note: entry.note ?? "",
    staffId: actor.staffId,
    actorLabel: describeActor(actor),
  });
}

const revisionColumns = {
  id: revisions.id,
  entity: revisions.entity,
  entityId: revisions.entityId,
  version: revisions.version,
  snapshot: revisions.snapshot,
  changedFields: revisions.changedFields,
  note: revisions.note,
  actorLabel: revisions.actorLabel,
  createdAt: revisions.createdAt,
};

/** A record's revisions, newest first. */
export async function listRevisions(db: Database, entity: RevisionEntity, entityId: number): Promise<Revision[]> {
  return db
    .select(revisionColumns)
    .from(revisions)
    .where(and(eq(revisions.entity, entity), eq(revisions.entityId, entityId)))
    .orderBy(desc(revisions.id));
}

/** One revision of a record, or null. */
export async function getRevision(db: Database | Tx, entity: RevisionEntity, entityId: number, revisionId: number): Promise<Revision | null> {
  const [row] = await db
    .select(revisionColumns)
    .from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.entity, entity), eq(revisions.entityId, entityId)))
    .limit(1);
  return row ?? null;
}

/** Forgets the revisions of records purged for good. */
export async function deleteRevisions(tx: Database | Tx, entity: RevisionEntity, entityId: number): Promise<void> {
  await tx.delete(revisions).where(and(eq(revisions.entity, entity), eq(revisions.entityId, entityId)));
}
