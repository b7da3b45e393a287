import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import { artistImages, artists } from "../../../drizzle/schema";
import { pickArtistFields, type ArtistEnglish, type ArtistFields } from "../../domain/artist-fields";
import type { ArtistStatus } from "../../domain/content-states";
import { storedReels, type Reel } from "../../domain/reels";
import { artistNameLookups } from "../../domain/text-checks";
import type { Database, Tx } from "../platform/db.server";
import { getMediaByIds, type MediaInfo } from "../media/media.server";
import { cachedRead } from "../platform/read-cache.server";

export interface Artist extends ArtistFields {
  id: number;
  /** The English version of the profile; `{}` when there is none. */
  en: ArtistEnglish;
  /** Showreels, in order (decision 046). */
  reels: Reel[];
  displayOrder: number;
  status: ArtistStatus;
  version: number;
  updatedAt: Date;
  updatedBy: string;
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
    en: row.en ?? {},
    reels: storedReels(row.reels),
    displayOrder: row.displayOrder,
    status: row.status,
    version: row.version,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    images: links
      .filter((l) => l.artistId === row.id)
      .map((l) => mediaById.get(l.mediaId))
      .filter((m): m is MediaInfo => m !== undefined),
  }));
}

/**
 * Who is asking: the public sees public artists only; the administrator's view of the site adds drafts
 * and hidden ones (marked), but not former artists (kept for the record, not on the roster); the
 * workspace sees everyone not in the trash.
 */
export type ArtistAudience = "public" | "admin-site" | "workspace";

function audienceFilter(audience: ArtistAudience) {
  const live = isNull(artists.deletedAt);
  if (audience === "public") return and(live, eq(artists.status, "public"));
  if (audience === "admin-site") return and(live, ne(artists.status, "former"));
  return live;
}

/** The SQL condition of an artist the public sees. */
export function publicArtistFilter() {
  return audienceFilter("public");
}

/** Artists in display order, with their images, as `audience` may see them. */
export function listArtists(db: Database, audience: ArtistAudience = "public"): Promise<Artist[]> {
  // The public roster (home, the artist list, the API) is kept between changes (read-cache.server.ts).
  if (audience === "public") return cachedRead(db, "artists:public", () => readArtists(db, audience));
  return readArtists(db, audience);
}

async function readArtists(db: Database, audience: ArtistAudience): Promise<Artist[]> {
  const rows = await db.select().from(artists).where(audienceFilter(audience)).orderBy(asc(artists.displayOrder), asc(artists.id));
  return withImages(db, rows);
}

/** One artist by (Korean) name as `audience` may see them, or null. */
export function getArtist(db: Database | Tx, name: string, audience: ArtistAudience = "public"): Promise<Artist | null> {
  if (audience === "public") return cachedRead(db, `artist:public:${name}`, () => readArtist(db, name, audience));
  return readArtist(db, name, audience);
}

async function readArtist(db: Database | Tx, name: string, audience: ArtistAudience): Promise<Artist | null> {
  // Names are stored in NFC: "한서윤" typed as conjoining jamo finds 한서윤. One stored before that
  // rule is still found by its own spelling (text-checks.ts).
  for (const candidate of artistNameLookups(name)) {
    const rows = await db
      .select()
      .from(artists)
      .where(and(eq(artists.name, candidate), audienceFilter(audience)))
      .limit(1);
    const [artist] = await withImages(db, rows);
    if (artist) return artist;
  }
  return null;
}

/** Artists by id, in the trash or not, in one read (a casting package's artists); missing ids are left out. */
export async function getArtistsByIds(db: Database, ids: number[]): Promise<Map<number, Artist & { deletedAt: Date | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(artists).where(inArray(artists.id, ids));
  const withTheirImages = await withImages(db, rows);
  return new Map(withTheirImages.map((artist, i) => [artist.id, { ...artist, deletedAt: rows[i]!.deletedAt }]));
}

/** One artist by id, in the trash or not (the workspace's history and trash pages), or null. */
export async function getArtistById(db: Database, id: number): Promise<(Artist & { deletedAt: Date | null }) | null> {
  const rows = await db.select().from(artists).where(eq(artists.id, id)).limit(1);
  const [artist] = await withImages(db, rows);
  return artist ? { ...artist, deletedAt: rows[0]!.deletedAt } : null;
}

/** The home carousel shows ten images from the roster, main images first (requirements R4.1). */
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
