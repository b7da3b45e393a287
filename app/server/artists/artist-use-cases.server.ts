import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { artistImages, artists } from "../../../drizzle/schema";
import { artistEnglishLines, artistFieldAuditLabels, pickArtistFields, type ArtistEnglish, type ArtistFields } from "../../domain/artist-fields";
import { ARTIST_STATUS_LABELS, ARTIST_STATUSES, type ArtistStatus } from "../../domain/content-states";
import { artistFieldErrors, artistInputSchema, displayOrderSchema } from "../../domain/schemas";
import { REEL_PROVIDER_NAMES, reelFormValues, reelWatchUrl, storedReels, type Reel } from "../../domain/reels";
import { artistNameKey, artistNameLookups } from "../../domain/text-checks";
import { pathsShowingArtist } from "../../domain/site-routes";
import { artistEditorPath, PATHS } from "../../domain/paths";
import { moveToTrash, purgeFromTrash, recordSave, restoreFromTrash, type EditedEntity } from "../history/edited-records.server";
import { getMediaByUrls } from "../media/media.server";
import { recordAudit } from "../platform/audit.server";
import { getArtistById } from "./artist-queries.server";
import type { Tx } from "../platform/db.server";
import { describeActor, type Actor, type Services } from "../platform/services.server";

export type SaveArtistResult =
  | { status: "saved"; id: number; name: string; version: number; created: boolean; artistStatus: ArtistStatus }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "not-found" }
  | { status: "conflict"; version: number }
  | { status: "duplicate-name"; inTrash: boolean }
  | { status: "unknown-image"; url: string };

export interface SaveArtistRequest {
  /** The artist's current name when editing; null creates one. */
  existingName: string | null;
  /** The artist fields and `imageUrls`, as sent by the form or the API client; validated here. */
  input: unknown;
  /** Draft, public, hidden or former; null keeps the current state (new artists are public). */
  status: ArtistStatus | null;
  /** Place in the roster; null keeps the current one (new artists go last). */
  displayOrder: number | null;
  /** The version the client edited; null skips the check (clients that never read versions). */
  expectedVersion: number | null;
  /** Restoring an earlier revision: its version (the history and the audit trail say so). */
  restoredFrom?: number;
  /** Edit an artist in the trash (they stay there): the media library taking a deleted image out. */
  inTrash?: boolean;
  /** Runs inside the save's transaction once the artist is written (the site import records where it came from). */
  alsoInTransaction?: (tx: Tx, saved: { id: number; version: number }) => Promise<void>;
}

/** The editable fields of an artist as a revision keeps them (restoring saves them again). */
export type ArtistSnapshot = ArtistFields & { imageUrls: string[]; status: ArtistStatus; en?: ArtistEnglish; reels?: Reel[] };

/** An artist as the shared use cases read them (app/server/history/edited-records.server.ts). */
type ArtistSummary = Pick<ArtistRow, "id" | "name" | "status">;

/**
 * Artists as edited records (decision 061): their trash, restore, purge, audit entries and revisions go
 * through the shared use cases of edited-records.server.ts with this descriptor.
 */
export const ARTIST_RECORDS: EditedEntity<ArtistSummary> = {
  entity: "artist",
  table: artists,
  columns: { id: artists.id, deletedAt: artists.deletedAt, updatedBy: artists.updatedBy, updatedAt: artists.updatedAt },
  summary: { id: artists.id, name: artists.name, status: artists.status },
  audit: (artist) => ({ entity: "artist", details: { name: artist.name } }),
  isPublic: (artist) => artist.status === "public",
  shownAt: (artist) => ({ ids: [artist.name], paths: pathsShowingArtist(artist.name) }),
  logFields: (artist) => ({ name: artist.name }),
  usedMedia: async (tx, ids) => (await tx.select({ mediaId: artistImages.mediaId }).from(artistImages).where(inArray(artistImages.artistId, ids))).map((u) => u.mediaId),
  trash: { kinds: [{ value: "artist", label: "배우" }], kindOf: () => "artist", title: (artist) => artist.name },
  revisions: {
    // The fields of app/domain/artist-fields.ts, then the photos, reels, English profile and state.
    labels: { ...artistFieldAuditLabels(), imageUrls: "사진", reels: "영상", en: "영문 프로필", status: "공개 상태" },
    readable(field, value) {
      // The English profile: one line per entry, named by its field.
      if (field === "en" && typeof value === "object") return artistEnglishLines(value as ArtistEnglish);
      // Showreels: one line per reel, "YouTube · 제목 · 주소".
      if (field === "reels") return storedReels(value).map((reel) => [REEL_PROVIDER_NAMES[reel.provider].ko, reel.title, reelWatchUrl(reel)].filter(Boolean).join(" · "));
      if (field === "status") return ARTIST_STATUS_LABELS[value as ArtistStatus] ?? String(value);
      return null;
    },
  },
  async historyRecord(db, id) {
    const artist = await getArtistById(db, id);
    if (!artist) return null;
    return { title: artist.name, kindLabel: "배우", editHref: artist.deletedAt ? null : artistEditorPath(artist.name), inTrash: artist.deletedAt !== null };
  },
  async restoreRevision(services, actor, id, revision) {
    const artist = await getArtistById(services.db, id);
    if (!artist || artist.deletedAt) return { status: "refused", httpStatus: 409, message: "휴지통에 있는 배우는 복원할 수 없습니다. 먼저 휴지통에서 꺼내 주세요." };
    const { input, status } = artistSnapshotToInput(revision.snapshot);
    const result = await saveArtist(services, actor, { existingName: artist.name, input, status, displayOrder: null, expectedVersion: null, restoredFrom: revision.version });
    if (result.status === "saved") return { status: "restored" };
    if (result.status === "duplicate-name") return { status: "refused", httpStatus: 409, message: "이 버전의 이름을 이미 다른 배우가 쓰고 있어 복원할 수 없습니다." };
    if (result.status === "unknown-image") return { status: "refused", httpStatus: 409, message: "이 버전의 사진 가운데 이미 지워진 사진이 있어 복원할 수 없습니다." };
    return { status: "refused", httpStatus: 400, reason: result.status === "invalid" ? Object.values(result.errors)[0] : undefined };
  },
};

/** Whether a save set or changed the reels (a new artist: whether it has any). */
function reelsChanged(before: ArtistRow | null, after: ArtistRow): boolean {
  return JSON.stringify(storedReels(before?.reels)) !== JSON.stringify(storedReels(after.reels));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

type ArtistRow = typeof artists.$inferSelect;

/** Fixed key of the advisory lock that serializes the name check and the write of artists' names. */
const ARTIST_NAME_LOCK_KEY = 4_185_730_223;

/**
 * The artist (live or in the trash) that already holds a name people would read as this one ("Kim",
 * "KIM" and "ｋｉｍ" are one name), other than `self`; null when it is free. The unique index on the
 * stored name only catches exact copies, so this reads every name under a lock held to the commit.
 */
async function holderOfName(tx: Tx, name: string, self: ArtistRow | null): Promise<{ inTrash: boolean } | null> {
  const key = artistNameKey(name);
  // An artist keeping its own name (in any spelling) is not checked again: two that became one name
  // only under this rule (saved before it) can still be edited.
  if (self && artistNameKey(self.name) === key) return null;
  await tx.execute(sql`select pg_advisory_xact_lock(${ARTIST_NAME_LOCK_KEY})`);
  const rows = await tx.select({ id: artists.id, name: artists.name, deletedAt: artists.deletedAt }).from(artists);
  const holder = rows.find((row) => row.id !== self?.id && artistNameKey(row.name) === key);
  return holder ? { inTrash: holder.deletedAt !== null } : null;
}

/** The artist with this name (in its stored form, or as given for one stored before names were normalized). */
async function artistByName(tx: Tx, name: string, inTrash: boolean): Promise<ArtistRow | null> {
  for (const candidate of artistNameLookups(name)) {
    const [row] = await tx
      .select()
      .from(artists)
      .where(and(eq(artists.name, candidate), inTrash ? isNotNull(artists.deletedAt) : isNull(artists.deletedAt)))
      .for("update");
    if (row) return row;
  }
  return null;
}

/** Inserts the new artist or updates the current one (its version raised), and writes its images in order. */
async function writeArtistRow(
  tx: Tx,
  request: SaveArtistRequest,
  current: ArtistRow | null,
  common: Omit<typeof artists.$inferInsert, "status" | "displayOrder">,
  mediaIds: number[],
): Promise<ArtistRow> {
  let row: ArtistRow;
  if (current === null) {
    [row] = (await tx
      .insert(artists)
      .values({
        ...common,
        status: request.status ?? "public",
        displayOrder: request.displayOrder ?? sql`(select coalesce(max(${artists.displayOrder}), 0) + 1 from ${artists})`,
      })
      .returning()) as [ArtistRow];
  } else {
    [row] = (await tx
      .update(artists)
      .set({
        ...common,
        ...(request.status !== null ? { status: request.status } : {}),
        ...(request.displayOrder !== null ? { displayOrder: request.displayOrder } : {}),
        version: sql`${artists.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(artists.id, current.id))
      .returning()) as [ArtistRow];
    await tx.delete(artistImages).where(eq(artistImages.artistId, row.id));
  }
  if (mediaIds.length > 0) {
    await tx.insert(artistImages).values(mediaIds.map((mediaId, position) => ({ artistId: row.id, position, mediaId })));
  }
  return row;
}

/**
 * Creates or updates an artist together with its images, validated, in one transaction with its audit
 * entry and a revision (never an artist without its images or the reverse), then announces the change.
 * Image URLs must be media stored by us. A stale version is a conflict; a name taken by another artist
 * (hidden, former, draft or trashed ones included) is reported, not overwritten.
 */
export async function saveArtist(services: Services, actor: Actor, request: SaveArtistRequest): Promise<SaveArtistResult> {
  const parsed = artistInputSchema.safeParse(request.input);
  const errors = parsed.success ? {} : artistFieldErrors(parsed.error);
  if (request.displayOrder !== null) {
    const order = displayOrderSchema.safeParse(request.displayOrder);
    if (!order.success) errors.displayOrder = order.error.issues[0]!.message;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { status: "invalid", errors };

  const { db } = services;
  const { imageUrls, en, reels, ...rest } = parsed.data;
  const fields = pickArtistFields(rest);
  const known = await getMediaByUrls(db, imageUrls);
  const unknown = imageUrls.find((url) => !known.has(url));
  if (unknown !== undefined) return { status: "unknown-image", url: unknown };
  const mediaIds = imageUrls.map((url) => known.get(url)!.id);

  let saved: Extract<SaveArtistResult, { status: "saved" }> & { before: ArtistRow | null };
  try {
    const result = await db.transaction(async (tx) => {
      let current: ArtistRow | null = null;
      if (request.existingName !== null) {
        const row = await artistByName(tx, request.existingName, request.inTrash === true);
        if (!row) return { status: "not-found" as const };
        if (request.expectedVersion !== null && row.version !== request.expectedVersion) return { status: "conflict" as const, version: row.version };
        current = row;
      }
      const holder = await holderOfName(tx, fields.name, current);
      if (holder) return { status: "duplicate-name" as const, inTrash: holder.inTrash };
      const common = { ...fields, ...(en !== undefined ? { en } : {}), ...(reels !== undefined ? { reels } : {}), updatedBy: describeActor(actor) };
      const row = await writeArtistRow(tx, request, current, common, mediaIds);
      const created = current === null;
      const snapshot: ArtistSnapshot = { ...pickArtistFields(row), imageUrls, status: row.status, en: row.en, reels: storedReels(row.reels) };
      await recordSave(tx, actor, ARTIST_RECORDS, {
        record: row,
        version: row.version,
        status: row.status,
        created,
        restoredFrom: request.restoredFrom,
        // The reels are named when a save set or changed them, like a post's extras (decision 046).
        changed: reelsChanged(current, row) ? ["영상"] : [],
        snapshot: { ...snapshot },
      });
      await request.alsoInTransaction?.(tx, { id: row.id, version: row.version });
      return { status: "saved" as const, id: row.id, name: row.name, version: row.version, created, artistStatus: row.status, before: current };
    });
    if (result.status !== "saved") return result;
    saved = result;
  } catch (error) {
    if (isUniqueViolation(error)) {
      const [holder] = await db.select({ deletedAt: artists.deletedAt }).from(artists).where(eq(artists.name, fields.name));
      return { status: "duplicate-name", inTrash: holder?.deletedAt != null };
    }
    throw error;
  }

  const { before, ...result } = saved;
  // A draft, hidden or former artist changes nothing public, unless they were public before this save.
  if (result.artistStatus === "public" || before?.status === "public") {
    const paths = new Set(pathsShowingArtist(result.name));
    if (before && before.name !== result.name) for (const path of pathsShowingArtist(before.name)) paths.add(path);
    services.changes.publish({ entity: "artist", action: result.created ? "created" : "updated", ids: [result.name], paths: [...paths] });
  }
  services.logger.info({ artist: result.id, status: result.artistStatus, via: actor.via }, result.created ? "artist created" : "artist updated");
  return result;
}

/** Moves an artist to the trash (restorable until purged) with its audit entry, then announces it; false when there was none. */
export function deleteArtist(services: Services, actor: Actor, name: string): Promise<boolean> {
  return moveToTrash(services, actor, ARTIST_RECORDS, async (tx) => {
    const row = await artistByName(tx, name, false);
    return row ? eq(artists.id, row.id) : null;
  });
}

/** Takes an artist out of the trash in the state they had; false when not in the trash. */
export function restoreArtist(services: Services, actor: Actor, id: number): Promise<boolean> {
  return restoreFromTrash(services, actor, ARTIST_RECORDS, id);
}

/** Deletes artists in the trash for good, with their history and the photos nothing else uses. Returns the ids purged. */
export function purgeArtists(services: Services, actor: Actor, ids: number[]): Promise<number[]> {
  return purgeFromTrash(services, actor, ARTIST_RECORDS, ids);
}

/**
 * Puts the roster in the given order (artist ids, first to last; artists not listed keep their place
 * after them), with one audit entry, then announces it: the public roster follows at once.
 */
export async function reorderArtists(services: Services, actor: Actor, orderedIds: number[]): Promise<void> {
  const changed = await services.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: artists.id, name: artists.name, displayOrder: artists.displayOrder, status: artists.status })
      .from(artists)
      .orderBy(asc(artists.displayOrder), asc(artists.id))
      .for("update");
    const known = new Set(rows.map((r) => r.id));
    const first = [...new Set(orderedIds)].filter((id) => known.has(id));
    const order = [...first, ...rows.map((r) => r.id).filter((id) => !first.includes(id))];
    const moved: typeof rows = [];
    for (const [index, id] of order.entries()) {
      const row = rows.find((r) => r.id === id)!;
      if (row.displayOrder === index + 1) continue;
      await tx.update(artists).set({ displayOrder: index + 1 }).where(eq(artists.id, id));
      moved.push(row);
    }
    if (moved.length > 0) await recordAudit(tx, actor, { action: "reorder", entity: "artist", entityId: "roster", details: { order } });
    return moved;
  });
  if (changed.some((r) => r.status === "public")) {
    services.changes.publish({ entity: "artist", action: "updated", ids: changed.map((r) => r.name), paths: [PATHS.home, PATHS.artists, "/api/we/actorList"] });
  }
}

/** Snapshot fields as a save request: what restoring a revision saves again. */
export function artistSnapshotToInput(snapshot: Record<string, unknown>): { input: Record<string, unknown>; status: ArtistStatus | null } {
  const { status, reels, ...rest } = snapshot as Partial<ArtistSnapshot>;
  // A revision keeps the reels as stored; the input takes them as addresses (one saved before reels had none: kept as they are).
  const input = reels === undefined ? rest : { ...rest, reels: reelFormValues(storedReels(reels)) };
  return { input, status: status && (ARTIST_STATUSES as readonly string[]).includes(status) ? status : null };
}
