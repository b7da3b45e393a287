import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { artistImages, artists } from "../../drizzle/schema";
import { MAX_ARTIST_IMAGES } from "../lib/constants";
import type { Database, Tx } from "./db.server";
import { getMediaByIds, type MediaInfo } from "./media.server";

/** The artist's list fields, in the spec's order (§3). */
export const ARTIST_LIST_FIELDS = [
  "schoolList",
  "winList",
  "hobbyList",
  "movieList",
  "dramaList",
  "playList",
  "cfList",
  "bookList",
] as const;
export type ArtistListField = (typeof ARTIST_LIST_FIELDS)[number];

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
