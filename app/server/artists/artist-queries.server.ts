import { and, asc, eq, inArray } from "drizzle-orm";
import { artistImages, artists } from "../../../drizzle/schema";
import { pickArtistFields, type ArtistFields } from "../../domain/artist-fields";
import type { Database, Tx } from "../platform/db.server";
import { getMediaByIds, type MediaInfo } from "../media/media.server";

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
    ...pickArtistFields(row),
    id: row.id,
    displayOrder: row.displayOrder,
    isVisible: row.isVisible,
    version: row.version,
    images: links
      .filter((l) => l.artistId === row.id)
      .map((l) => mediaById.get(l.mediaId))
      .filter((m): m is MediaInfo => m !== undefined),
  }));
}

/** Artists in display order, with their images: the public roster, or (for the administrator) hidden ones too. */
export async function listArtists(db: Database, options: { includeHidden: boolean } = { includeHidden: false }): Promise<Artist[]> {
  const rows = await db
    .select()
    .from(artists)
    .where(options.includeHidden ? undefined : eq(artists.isVisible, true))
    .orderBy(asc(artists.displayOrder), asc(artists.id));
  return withImages(db, rows);
}

/** One artist by (Korean) name, or null: visible ones only unless `includeHidden` (the administrator). */
export async function getArtist(db: Database | Tx, name: string, options: { includeHidden: boolean } = { includeHidden: false }): Promise<Artist | null> {
  const rows = await db
    .select()
    .from(artists)
    .where(options.includeHidden ? eq(artists.name, name) : and(eq(artists.name, name), eq(artists.isVisible, true)))
    .limit(1);
  const [artist] = await withImages(db, rows);
  return artist ?? null;
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
