import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { artistImages, artists } from "../../../drizzle/schema";
import { MAX_ARTIST_IMAGES } from "../../domain/constants";
import type { Database, Tx } from "../platform/db.server";
import { getMediaByIds, getMediaByUrls, type MediaInfo } from "../media/media.server";

export { ARTIST_LIST_FIELDS, type ArtistListField } from "../../domain/artist-fields";

export interface ArtistFields {
  name: string;
  ename: string;
  birthday: string;
  cm: string;
  insta: string;
  schoolList: string[];
  winList: string[];
  hobbyList: string[];
  movieList: string[];
  dramaList: string[];
  playList: string[];
  cfList: string[];
  bookList: string[];
}

export interface Artist extends ArtistFields {
  id: number;
  displayOrder: number;
  isVisible: boolean;
  version: number;
  /** Main image first, then the sub images; at most five. */
  images: MediaInfo[];
}

type ArtistRow = typeof artists.$inferSelect;

async function withImages(db: Database | Tx, rows: ArtistRow[]): Promise<Artist[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(artistImages)
    .where(inArray(artistImages.artistId, rows.map((r) => r.id)))
    .orderBy(asc(artistImages.artistId), asc(artistImages.position));
  const mediaById = await getMediaByIds(db, [...new Set(links.map((l) => l.mediaId))]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    ename: row.ename,
    birthday: row.birthday,
    cm: row.cm,
    insta: row.insta,
    schoolList: row.schoolList,
    winList: row.winList,
    hobbyList: row.hobbyList,
    movieList: row.movieList,
    dramaList: row.dramaList,
    playList: row.playList,
    cfList: row.cfList,
    bookList: row.bookList,
    displayOrder: row.displayOrder,
    isVisible: row.isVisible,
    version: row.version,
    images: links
      .filter((l) => l.artistId === row.id)
      .map((l) => mediaById.get(l.mediaId))
      .filter((m): m is MediaInfo => m !== undefined),
  }));
}

/** Visible artists in display order, with their images. */
export async function listPublicArtists(db: Database): Promise<Artist[]> {
  const rows = await db
    .select()
    .from(artists)
    .where(eq(artists.isVisible, true))
    .orderBy(asc(artists.displayOrder), asc(artists.id));
  return withImages(db, rows);
}

/** One visible artist by (Korean) name, or null. */
export async function getPublicArtist(db: Database, name: string): Promise<Artist | null> {
  const rows = await db
    .select()
    .from(artists)
    .where(and(eq(artists.name, name), eq(artists.isVisible, true)))
    .limit(1);
  const [artist] = await withImages(db, rows);
  return artist ?? null;
}

/** Inserts an artist and its images (main first) in one transaction; appended to the display order. */
export async function createArtist(
  db: Database,
  fields: ArtistFields,
  mediaIds: number[],
): Promise<{ id: number }> {
  if (mediaIds.length > MAX_ARTIST_IMAGES) throw new Error(`At most ${MAX_ARTIST_IMAGES} images`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(artists)
      .values({
        ...fields,
        displayOrder: sql`(select coalesce(max(${artists.displayOrder}), 0) + 1 from ${artists})`,
      })
      .returning({ id: artists.id });
    if (mediaIds.length > 0) {
      await tx
        .insert(artistImages)
        .values(mediaIds.map((mediaId, position) => ({ artistId: row!.id, position, mediaId })));
    }
    return { id: row!.id };
  });
}

/** Spec §9: the home carousel shows ten images from the roster, main images first. */
export function pickHomeCarouselImages(roster: Artist[], count: number): { artist: Artist; image: MediaInfo }[] {
  const picked: { artist: Artist; image: MediaInfo }[] = [];
  const maxImages = Math.max(0, ...roster.map((a) => a.images.length));
  for (let position = 0; position < maxImages && picked.length < count; position++) {
    for (const artist of roster) {
      const image = artist.images[position];
      if (image && picked.length < count) picked.push({ artist, image });
    }
  }
  return picked;
}

/** An artist by name for the admin editor, hidden ones included. */
export async function getArtistForAdmin(db: Database, name: string): Promise<Artist | null> {
  const rows = await db.select().from(artists).where(eq(artists.name, name)).limit(1);
  const [artist] = await withImages(db, rows);
  return artist ?? null;
}

export type ArtistSaveResult =
  | { status: "saved"; id: number; name: string; version: number }
  | { status: "not-found" }
  | { status: "conflict"; version: number }
  | { status: "duplicate-name" }
  | { status: "unknown-image"; url: string };

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Creates (`existingName` null) or updates an artist together with its images, in one transaction:
 * never an artist without its images or the reverse. Image URLs must be media stored by us. A stale
 * `expectedVersion` is a conflict; a name taken by another artist is reported, not overwritten.
 */
export async function saveArtist(
  db: Database,
  request: {
    existingName: string | null;
    fields: ArtistFields;
    imageUrls: string[];
    isVisible: boolean;
    displayOrder: number | null;
    /** The version the client edited; null skips the check (clients that never read versions). */
    expectedVersion: number | null;
  },
): Promise<ArtistSaveResult> {
  if (request.imageUrls.length > MAX_ARTIST_IMAGES) throw new Error(`At most ${MAX_ARTIST_IMAGES} images`);
  const known = await getMediaByUrls(db, request.imageUrls);
  const unknown = request.imageUrls.find((url) => !known.has(url));
  if (unknown !== undefined) return { status: "unknown-image", url: unknown };
  const mediaIds = request.imageUrls.map((url) => known.get(url)!.id);
  try {
    return await db.transaction(async (tx) => {
      let id: number;
      let version: number;
      if (request.existingName === null) {
        const [row] = await tx
          .insert(artists)
          .values({
            ...request.fields,
            isVisible: request.isVisible,
            displayOrder:
              request.displayOrder ?? sql`(select coalesce(max(${artists.displayOrder}), 0) + 1 from ${artists})`,
          })
          .returning({ id: artists.id, version: artists.version });
        id = row!.id;
        version = row!.version;
      } else {
        const [row] = await tx
          .update(artists)
          .set({
            ...request.fields,
            isVisible: request.isVisible,
            ...(request.displayOrder !== null ? { displayOrder: request.displayOrder } : {}),
            version: sql`${artists.version} + 1`,
            updatedAt: new Date(),
          })
          .where(
            request.expectedVersion === null
              ? eq(artists.name, request.existingName)
              : and(eq(artists.name, request.existingName), eq(artists.version, request.expectedVersion)),
          )
          .returning({ id: artists.id, version: artists.version });
        if (!row) {
          const [current] = await tx.select({ version: artists.version }).from(artists).where(eq(artists.name, request.existingName));
          return current ? { status: "conflict" as const, version: current.version } : { status: "not-found" as const };
        }
        id = row.id;
        version = row.version;
        await tx.delete(artistImages).where(eq(artistImages.artistId, id));
      }
      if (mediaIds.length > 0) {
        await tx.insert(artistImages).values(mediaIds.map((mediaId, position) => ({ artistId: id, position, mediaId })));
      }
      return { status: "saved" as const, id, name: request.fields.name, version };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "duplicate-name" };
    throw error;
  }
}

/** Deletes an artist (its image links go with it; the stored files stay for other uses). */
export async function deleteArtist(db: Database, name: string): Promise<boolean> {
  const rows = await db.delete(artists).where(eq(artists.name, name)).returning({ id: artists.id });
  return rows.length > 0;
}
