import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, not, or, sql, type SQL } from "drizzle-orm";
import { artistImages, artists, media, mediaVariants, postMedia, posts } from "../../../drizzle/schema";
import { isPublicArtist, isPublicPost } from "../../domain/content-states";
import { formatKst } from "../../domain/kst";
import { DEFAULT_INTENT, FIND_IMAGES_INTENT, pickerQueryField, PICKERS_FIELD, type LibraryPage, type LibrarySearch, type MediaUse, type MediaUseFilter } from "../../domain/media-uses";
import type { PostKind } from "../../domain/post-kinds";
import { pageWindow } from "../../lib/pagination";
import type { Database, Tx } from "../platform/db.server";
import { mediaUrl } from "../platform/storage.server";

/** Images per page of the media library. */
export const MEDIA_PAGE_SIZE = 40;


export interface MediaLibraryItem {
  id: number;
  url: string;
  /** The smallest variant (or the original when it has none). */
  thumbnail: string;
  width: number;
  height: number;
  bytes: number;
  mimeType: string;
  alt: string;
  /** The name it was uploaded under ("" for images stored before names were kept). */
  fileName: string;
  createdAt: Date;
  uses: MediaUse[];
}

export interface MediaItemDetail extends MediaLibraryItem {
  variants: { width: number; height: number; bytes: number; url: string }[];
  /** Where share images crop around, as fractions from the top left. */
  focal: { x: number; y: number };
}

function usedCondition(): SQL {
  return or(
    exists(sql`(select 1 from ${artistImages} where ${artistImages.mediaId} = ${media.id})`),
    exists(sql`(select 1 from ${postMedia} where ${postMedia.mediaId} = ${media.id})`),
  )!;
}

/** Where each of the given images is used (artists first, then posts), keyed by media id. */
export async function listMediaUses(db: Database | Tx, ids: number[]): Promise<Map<number, MediaUse[]>> {
  const result = new Map<number, MediaUse[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const [artistRows, postRows] = await Promise.all([
    db
      .selectDistinct({ mediaId: artistImages.mediaId, id: artists.id, name: artists.name, deletedAt: artists.deletedAt })
      .from(artistImages)
      .innerJoin(artists, eq(artists.id, artistImages.artistId))
      .where(inArray(artistImages.mediaId, ids))
      .orderBy(asc(artists.name)),
    db
      .select({ mediaId: postMedia.mediaId, id: posts.id, kind: posts.kind, title: posts.title, deletedAt: posts.deletedAt })
      .from(postMedia)
      .innerJoin(posts, eq(posts.id, postMedia.postId))
      .where(inArray(postMedia.mediaId, ids))
      .orderBy(desc(posts.id)),
  ]);
  for (const row of artistRows) result.get(row.mediaId)?.push({ entity: "artist", id: row.id, name: row.name, inTrash: row.deletedAt !== null });
  for (const row of postRows) result.get(row.mediaId)?.push({ entity: "post", kind: row.kind, id: row.id, title: row.title, inTrash: row.deletedAt !== null });
  return result;
}

async function smallestVariants(db: Database | Tx, ids: number[]): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ mediaId: mediaVariants.mediaId, key: mediaVariants.storageKey, width: mediaVariants.width })
    .from(mediaVariants)
    .where(inArray(mediaVariants.mediaId, ids))
    .orderBy(desc(mediaVariants.width));
  for (const row of rows) result.set(row.mediaId, mediaUrl(row.key));
  return result;
}

type MediaRow = typeof media.$inferSelect;

async function toItems(db: Database | Tx, rows: MediaRow[]): Promise<MediaLibraryItem[]> {
  const ids = rows.map((r) => r.id);
  const [uses, thumbnails] = await Promise.all([listMediaUses(db, ids), smallestVariants(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    url: mediaUrl(row.storageKey),
    thumbnail: thumbnails.get(row.id) ?? mediaUrl(row.storageKey),
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    mimeType: row.mimeType,
    alt: row.alt,
    fileName: row.fileName,
    createdAt: row.createdAt,
    uses: uses.get(row.id) ?? [],
  }));
}

/** Longest search the pickers send (characters); more is cut. */
export const MAX_MEDIA_QUERY_LENGTH = 100;

/** Images whose upload name or alt text contains every word of the query (any case); all when it is blank. */
function searchCondition(query: string): SQL | undefined {
  const words = query.slice(0, MAX_MEDIA_QUERY_LENGTH).trim().split(/\s+/).filter(Boolean).slice(0, 5);
  if (words.length === 0) return undefined;
  const escaped = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(...words.map((word) => or(ilike(media.fileName, escaped(word)), ilike(media.alt, escaped(word)))));
}

/** The media library: every stored image, newest first, MEDIA_PAGE_SIZE per page, with where it is used. */
export async function listMediaLibrary(
  db: Database,
  options: { filter: MediaUseFilter; page: number; pageSize?: number; query?: string },
): Promise<{ items: MediaLibraryItem[]; page: number; pageCount: number; total: number }> {
  const use = options.filter === "used" ? usedCondition() : options.filter === "unused" ? not(usedCondition()) : undefined;
  const where = and(use, searchCondition(options.query ?? ""));
  const [{ total }] = (await db.select({ total: count() }).from(media).where(where)) as [{ total: number }];
  const { page, pageCount, limit, offset } = pageWindow(total, options.page, options.pageSize ?? MEDIA_PAGE_SIZE);
  const rows = await db
    .select()
    .from(media)
    .where(where)
    .orderBy(desc(media.createdAt), desc(media.id))
    .limit(limit)
    .offset(offset);
  return { items: await toItems(db, rows), page, pageCount, total };
}

/** Images per page of the pickers (the editors' dialog and the forms' thumbnails without JavaScript). */
export const PICKER_PAGE_SIZE = 24;

/** A page of the library as the pickers show it: newest first, optionally searched by upload name and alt text. */
export async function listPickerImages(db: Database, options: { page: number; query: string }): Promise<LibraryPage> {
  const list = await listMediaLibrary(db, { filter: "all", page: options.page, pageSize: PICKER_PAGE_SIZE, query: options.query });
  return {
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    query: options.query,
    items: list.items.map((item) => ({
      id: item.id,
      url: item.url,
      thumbnail: item.thumbnail,
      width: item.width,
      height: item.height,
      alt: item.alt,
      fileName: item.fileName,
      uploadedAt: formatKst(item.createdAt),
    })),
  };
}

/** The longest search a picker takes (longer words are cut, not refused: a search loses nothing). */
const MAX_PICKER_QUERY_LENGTH = 100;

/**
 * A form's picker searched without JavaScript (`intent=find-images:{picker}`): what it found, or null
 * when the form asks for something else. The editors answer it with the form as typed.
 */
export async function pickerSearchOf(db: Database, form: FormData): Promise<LibrarySearch | null> {
  const intent = form.get("intent");
  const words = (picker: string, field = pickerQueryField(picker)) =>
    String(form.get(field) ?? "")
      .replace(/\p{Cc}/gu, " ")
      .trim()
      .slice(0, MAX_PICKER_QUERY_LENGTH);
  let picker: string | undefined;
  if (typeof intent === "string" && intent.startsWith(FIND_IMAGES_INTENT)) picker = intent.slice(FIND_IMAGES_INTENT.length).slice(0, 64);
  // Enter in a text box: a picker whose words were changed since the page was made searches.
  else if (intent === DEFAULT_INTENT)
    picker = form
      .getAll(PICKERS_FIELD)
      .map(String)
      .find((name) => words(name) !== "" && words(name) !== words(name, `${pickerQueryField(name)}Shown`));
  if (picker === undefined) return null;
  const query = words(picker);
  return { for: picker, query, page: await listPickerImages(db, { page: 1, query }) };
}

/** One stored image with its variants and uses, or null. */
export async function getMediaItem(db: Database | Tx, id: number): Promise<MediaItemDetail | null> {
  const rows = await db.select().from(media).where(eq(media.id, id)).limit(1);
  const [item] = await toItems(db, rows);
  if (!item) return null;
  const variants = await db
    .select()
    .from(mediaVariants)
    .where(and(eq(mediaVariants.mediaId, id)))
    .orderBy(asc(mediaVariants.width));
  return {
    ...item,
    variants: variants.map((v) => ({ width: v.width, height: v.height, bytes: v.bytes, url: mediaUrl(v.storageKey) })),
    focal: { x: rows[0]!.focalX, y: rows[0]!.focalY },
  };
}

/** A record whose share image is made from a given stored image. */
export type ShareImageUse =
  | { entity: "artist"; id: number; name: string; nameEn: string; public: boolean }
  | { entity: "post"; kind: PostKind; id: number; title: string; public: boolean };

/**
 * The artists (main photo) and posts (first image) not in the trash whose share images are cropped from
 * this image: their pages change when its focal point does, and the media page previews them.
 */
export async function listShareImageUses(db: Database | Tx, mediaId: number): Promise<ShareImageUse[]> {
  const [row] = await db.select({ key: media.storageKey }).from(media).where(eq(media.id, mediaId));
  if (!row) return [];
  const variantRows = await db.select({ key: mediaVariants.storageKey }).from(mediaVariants).where(eq(mediaVariants.mediaId, mediaId));
  const urls = [row.key, ...variantRows.map((v) => v.key)].map(mediaUrl);
  const [artistRows, postRows] = await Promise.all([
    db
      .select({ id: artists.id, name: artists.name, nameEn: artists.nameEn, status: artists.status })
      .from(artistImages)
      .innerJoin(artists, eq(artists.id, artistImages.artistId))
      .where(and(eq(artistImages.mediaId, mediaId), eq(artistImages.position, 0), isNull(artists.deletedAt)))
      .orderBy(asc(artists.name)),
    db
      .select({ id: posts.id, kind: posts.kind, title: posts.title, status: posts.status })
      .from(posts)
      .where(and(inArray(posts.firstImage, urls), isNull(posts.deletedAt)))
      .orderBy(desc(posts.id)),
  ]);
  return [
    ...artistRows.map((a) => ({ entity: "artist" as const, id: a.id, name: a.name, nameEn: a.nameEn, public: isPublicArtist({ status: a.status, deletedAt: null }) })),
    ...postRows.map((p) => ({ entity: "post" as const, kind: p.kind, id: p.id, title: p.title, public: isPublicPost({ status: p.status, deletedAt: null }) })),
  ];
}
