import { TRASH_RETENTION_DAYS } from "../../domain/content-states";
import { ARTIST_RECORDS } from "../artists/artist-use-cases.server";
import { listTrashed, purgeFromTrash, restoreFromTrash, trashedSince, type EditedEntity, type TrashedRecord } from "../history/edited-records.server";
import type { RevisionEntity } from "../history/revisions.server";
import type { Database } from "../platform/db.server";
import { systemActor, type Actor, type Services } from "../platform/services.server";
import { POST_RECORDS } from "../posts/post-use-cases.server";

/**
 * The trash: every entity whose records go there (decision 061), in the trash page's filter order.
 * Listing, restoring and purging by key, and the scheduled purge after TRASH_RETENTION_DAYS, go
 * through each entity's descriptor; a new entity with a trash is one more line here.
 */
export const TRASH_BIN: readonly EditedEntity[] = [POST_RECORDS, ARTIST_RECORDS];

const DAY_MS = 24 * 60 * 60 * 1000;

/** A record in the trash by its entity and id; written "post-12", "artist-3" in forms and addresses. */
export interface TrashKey {
  entity: RevisionEntity;
  id: number;
}

export function trashKeyText(key: TrashKey): string {
  return `${key.entity}-${key.id}`;
}

/** A key as a form sends it, or null when it names no entity of the trash. */
export function parseTrashKey(value: FormDataEntryValue | null): TrashKey | null {
  const match = /^([a-z]+)-(\d{1,9})$/.exec(String(value ?? ""));
  const entity = TRASH_BIN.find((e) => e.entity === match?.[1]);
  return match && entity ? { entity: entity.entity, id: Number(match[2]) } : null;
}

/** What the trash can be filtered by: each entity's kinds ("news", "notice", "artist"), with their labels. */
export const TRASH_KINDS: readonly { value: string; label: string }[] = TRASH_BIN.flatMap((e) => e.trash.kinds);

/** Everything in the trash, last deleted first. */
export async function listTrash(db: Database): Promise<TrashedRecord[]> {
  const lists = await Promise.all(TRASH_BIN.map((entity) => listTrashed(db, entity)));
  return lists.flat().sort((a, b) => b.deletedAt.getTime() - a.deletedAt.getTime());
}

/** Whole days until a record deleted at `deletedAt` is purged (0: today). */
export function trashDaysLeft(deletedAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((deletedAt.getTime() + TRASH_RETENTION_DAYS * DAY_MS - now.getTime()) / DAY_MS));
}

function entityOf(key: TrashKey): EditedEntity {
  return TRASH_BIN.find((e) => e.entity === key.entity)!;
}

/** Takes the records out of the trash, one use case each; returns how many were there. */
export async function restoreTrashed(services: Services, actor: Actor, keys: readonly TrashKey[]): Promise<number> {
  let restored = 0;
  for (const key of keys) if (await restoreFromTrash(services, actor, entityOf(key), key.id)) restored += 1;
  return restored;
}

/** Deletes the records for good, one purge per entity; returns how many were in the trash. */
export async function purgeTrashed(services: Services, actor: Actor, keys: readonly TrashKey[]): Promise<number> {
  let purged = 0;
  for (const entity of TRASH_BIN) {
    const ids = keys.filter((k) => k.entity === entity.entity).map((k) => k.id);
    purged += (await purgeFromTrash(services, actor, entity, ids)).length;
  }
  return purged;
}

/** Deletes for good what has been in the trash longer than TRASH_RETENTION_DAYS; the ids purged, by entity ("post", "artist"). */
export async function purgeExpired(services: Services, now: Date): Promise<Record<RevisionEntity, number[]>> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS);
  const actor = systemActor("휴지통 자동 비우기");
  const expired = await Promise.all(TRASH_BIN.map((entity) => trashedSince(services.db, entity, cutoff)));
  const purged = {} as Record<RevisionEntity, number[]>;
  for (const [index, entity] of TRASH_BIN.entries()) purged[entity.entity] = await purgeFromTrash(services, actor, entity, expired[index]!);
  return purged;
}
