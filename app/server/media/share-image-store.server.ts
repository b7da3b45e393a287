import { createHash } from "node:crypto";
import { and, eq, or } from "drizzle-orm";
import { artistImages, artists, media, mediaVariants, posts } from "../../../drizzle/schema";
import { isPublicArtist, isPublicPost } from "../../domain/content-states";
import { LOCALES, type Locale } from "../../domain/locale";
import { POST_KIND_INFO, POST_KINDS, type PostKind } from "../../domain/post-kinds";
import { SHARE_IMAGE_SIZE } from "../../domain/focal-point";
import { shareImagePath, type ShareImageSubject } from "../../domain/paths";
import type { SeoImage } from "../../lib/seo";
import type { Database } from "../platform/db.server";
import { cachedRead } from "../platform/read-cache.server";
import type { Logger } from "../platform/logger.server";
import { mediaKeyFromUrl, type MediaStorage } from "../platform/storage.server";
import { renderShareImage, SHARE_RENDERER_VERSION, type ShareCard } from "./share-image.server";

/**
 * Where share images come from and go. Each image is named by a hash of everything it is
 * drawn from (the words, the source photo's bytes and focal point, the renderer's version): pages put
 * the hash in the URL (`?v=`), so a change is a new URL that crawlers fetch again, and the first request
 * for it draws the image and keeps it in the media storage under that hash, where every app server
 * finds it. Nothing links to an older image any more: the daily orphan sweep removes it once it is a
 * day old (docs/decisions/035-orphaned-files.md).
 */

export interface ShareSubject {
  subject: ShareImageSubject;
  id: number;
  locale: Locale;
  /** Shown to the public (a public artist, a published post not in the trash): only then is it served. */
  public: boolean;
  card: Omit<ShareCard, "photo">;
  photo: { storageKey: string; sha256: string; focal: { x: number; y: number } } | null;
  /** Hash of everything above that the drawing depends on. */
  version: string;
}

function versionOf(card: ShareSubject["card"], photo: ShareSubject["photo"]): string {
  const material = JSON.stringify({ renderer: SHARE_RENDERER_VERSION, card, photo });
  return createHash("sha256").update(material).digest("hex").slice(0, 16);
}

const photoColumns = { storageKey: media.storageKey, sha256: media.sha256, focalX: media.focalX, focalY: media.focalY };
type PhotoRow = { storageKey: string | null; sha256: string | null; focalX: number | null; focalY: number | null };

function photoOf(row: PhotoRow | undefined): ShareSubject["photo"] {
  if (!row?.storageKey || !row.sha256) return null;
  return { storageKey: row.storageKey, sha256: row.sha256, focal: { x: row.focalX ?? 0.5, y: row.focalY ?? 0.5 } };
}

function subjectOf(base: Omit<ShareSubject, "version">): ShareSubject {
  return { ...base, version: versionOf(base.card, base.photo) };
}

/** An artist's share image facts: the name (English first on the English one) and the main photo. */
export async function artistShareSubject(db: Database, artistId: number, locale: Locale): Promise<ShareSubject | null> {
  const [row] = await db
    .select({ id: artists.id, name: artists.name, nameEn: artists.nameEn, status: artists.status, deletedAt: artists.deletedAt, ...photoColumns })
    .from(artists)
    .leftJoin(artistImages, and(eq(artistImages.artistId, artists.id), eq(artistImages.position, 0)))
    .leftJoin(media, eq(media.id, artistImages.mediaId))
    .where(eq(artists.id, artistId))
    .limit(1);
  if (!row) return null;
  const nameEn = row.nameEn.trim();
  const card: ShareSubject["card"] =
    locale === "en" && nameEn
      ? { variant: "artist", locale, title: nameEn, subtitle: row.name, label: "ACTOR" }
      : { variant: "artist", locale, title: row.name, subtitle: nameEn, label: locale === "en" ? "ACTOR" : "배우" };
  return subjectOf({ subject: "artist", id: row.id, locale, public: isPublicArtist(row), card, photo: photoOf(row) });
}

/** A post's share image facts: the title (the English one when there is one), kind, date and first image. */
export async function postShareSubject(db: Database, kind: PostKind, postId: number, locale: Locale): Promise<ShareSubject | null> {
  const [row] = await db
    .select({ id: posts.id, title: posts.title, titleEn: posts.titleEn, writeDay: posts.writeDay, firstImage: posts.firstImage, status: posts.status, deletedAt: posts.deletedAt })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.kind, kind)))
    .limit(1);
  if (!row) return null;
  // Only our own stored images (an original or one of its variants); another site's image is never fetched here.
  const key = row.firstImage ? mediaKeyFromUrl(row.firstImage) : null;
  const [photo] = key
    ? await db
        .selectDistinct(photoColumns)
        .from(media)
        .leftJoin(mediaVariants, eq(mediaVariants.mediaId, media.id))
        .where(or(eq(media.storageKey, key), eq(mediaVariants.storageKey, key)))
        .limit(1)
    : [];
  const english = locale === "en";
  const card: ShareSubject["card"] = {
    variant: "post",
    locale,
    title: english && row.titleEn.trim() ? row.titleEn.trim() : row.title,
    subtitle: row.writeDay.replaceAll("-", "."),
    label: english ? POST_KIND_INFO[kind].title.toUpperCase() : POST_KIND_INFO[kind].label,
  };
  return subjectOf({ subject: kind, id: row.id, locale, public: isPublicPost(row), card, photo: photoOf(photo) });
}

/** The share image of a subject kind and id in a language, or null when there is no such record. */
export function loadShareSubject(db: Database, subject: ShareImageSubject, id: number, locale: Locale): Promise<ShareSubject | null> {
  return subject === "artist" ? artistShareSubject(db, id, locale) : postShareSubject(db, subject, id, locale);
}

/** The path (with its version) of a subject's share image. */
export function shareSubjectPath(subject: ShareSubject): string {
  return shareImagePath(subject.subject, subject.id, subject.locale, subject.version);
}

/**
 * The share image URL path of an artist's profile, for its page's Open Graph tags: one small query,
 * no image work (the image is drawn when first fetched). Null when there is no such artist.
 */
export async function artistShareImagePath(db: Database, artist: { id: number }, locale: Locale): Promise<string | null> {
  const subject = await artistShareSubject(db, artist.id, locale);
  return subject ? shareSubjectPath(subject) : null;
}

/** The share image URL path of a post's page, like artistShareImagePath. */
export async function postShareImagePath(db: Database, post: { kind: PostKind; postId: number }, locale: Locale): Promise<string | null> {
  const subject = await postShareSubject(db, post.kind, post.postId, locale);
  return subject ? shareSubjectPath(subject) : null;
}

/** What the image shows, for `og:image:alt`. */
function shareImageAlt(subject: ShareSubject): string {
  const { card } = subject;
  if (card.variant === "artist") return card.locale === "en" ? `${card.title}, actor at WE ENTERTAINMENT` : `WE ENTERTAINMENT 소속 배우 ${card.title}`;
  return card.locale === "en" ? `${card.title} (WE ENTERTAINMENT ${card.label.toLowerCase()})` : `${card.title} (WE ENTERTAINMENT ${card.label})`;
}

function seoImageOf(subject: ShareSubject | null): SeoImage | null {
  if (!subject) return null;
  return { url: shareSubjectPath(subject), ...SHARE_IMAGE_SIZE, type: "image/jpeg", alt: shareImageAlt(subject) };
}

/**
 * An artist's share image with its size, type and alt text, for `seoMeta`; null when there is no such
 * artist. Through the read cache: every render of the artist's page asks it.
 */
export function artistShareImage(db: Database, artist: { id: number }, locale: Locale): Promise<SeoImage | null> {
  return cachedRead(db, `share:artist:${artist.id}:${locale}`, async () => seoImageOf(await artistShareSubject(db, artist.id, locale)));
}

/** A post's share image with its size, type and alt text, for `seoMeta`; null when there is no such post. Read-cached too. */
export function postShareImage(db: Database, post: { kind: PostKind; postId: number }, locale: Locale): Promise<SeoImage | null> {
  return cachedRead(db, `share:${post.kind}:${post.postId}:${locale}`, async () => seoImageOf(await postShareSubject(db, post.kind, post.postId, locale)));
}

/** Where a subject's image is kept in the media storage (the hash in the name: a change is a new object). */
export function shareStorageKey(subject: ShareSubject): string {
  return `share/${subject.subject}/${subject.id}-${subject.locale}-${subject.version}.jpg`;
}

/** The keys shareStorageKey makes (the orphan sweep knows them by this shape). */
export const SHARE_KEY_PATTERN = String.raw`share/(?:artist|${POST_KINDS.join("|")})/\d{1,10}-(?:${LOCALES.join("|")})-[0-9a-f]{16}\.jpg`;

const SHARE_KEY = new RegExp(String.raw`^share/(artist|${POST_KINDS.join("|")})/(\d{1,10})-(${LOCALES.join("|")})-([0-9a-f]{16})\.jpg$`);

/** Whose share image a key holds, and which version of it; null for a key shareStorageKey does not make. */
export function parseShareStorageKey(key: string): { subject: ShareImageSubject; id: number; locale: Locale; version: string } | null {
  const match = SHARE_KEY.exec(key);
  if (!match) return null;
  return { subject: match[1] as ShareImageSubject, id: Number(match[2]), locale: match[3] as Locale, version: match[4]! };
}

const drawing = new Map<string, Promise<Uint8Array>>();

/**
 * The JPEG of a subject: from the storage, or drawn now and stored. Requests arriving while it is being
 * drawn wait for the same drawing. When the source photo cannot be read, the branded card is served
 * but not stored, so the photo is tried again next time.
 */
export async function shareImageBytes(services: { storage: MediaStorage; logger: Logger }, subject: ShareSubject): Promise<Uint8Array> {
  const key = shareStorageKey(subject);
  const stored = await services.storage.get(key);
  if (stored) return stored;
  let pending = drawing.get(key);
  if (!pending) {
    pending = (async () => {
      let photo: ShareCard["photo"] = null;
      let complete = true;
      if (subject.photo) {
        const bytes = await services.storage.get(subject.photo.storageKey);
        if (bytes) photo = { bytes, focal: subject.photo.focal };
        else complete = false;
      }
      let image: Uint8Array;
      try {
        image = await renderShareImage({ ...subject.card, photo });
      } catch (error) {
        if (!photo) throw error;
        services.logger.warn({ err: error, key: subject.photo?.storageKey }, "share image: the photo could not be drawn; serving the branded card");
        image = await renderShareImage({ ...subject.card, photo: null });
        complete = false;
      }
      if (complete) await services.storage.put(key, image);
      else services.logger.warn({ key: subject.photo?.storageKey }, "share image: the source photo is missing; the branded card is not stored");
      return image;
    })().finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

/** A year, unchangeable: the URL names the exact image. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Without the current version (an old link, a hand-typed URL): long enough for a crawler's burst. */
const SHORT = "public, max-age=300";

const FILE = /^([1-9]\d{0,9})(-en)?\.jpg$/;

function notFound(): Response {
  return new Response("이미지를 찾을 수 없습니다.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" } });
}

/**
 * GET /share/{artist|news|notice}/{id}[-en].jpg?v={version}: the image of a public artist or a
 * published post. With the current version: cached for a year (immutable). With another version: a
 * redirect to the current one. Without one: the current image with a short cache.
 */
export async function serveShareImage(
  services: { db: Database; storage: MediaStorage; logger: Logger },
  request: Request,
  params: { subject?: string; file?: string },
): Promise<Response> {
  const subjectName = params.subject ?? "";
  if (subjectName !== "artist" && !(POST_KINDS as readonly string[]).includes(subjectName)) return notFound();
  const match = FILE.exec(params.file ?? "");
  const id = Number(match?.[1]);
  if (!match || id > 2_147_483_647) return notFound();
  const locale: Locale = match[2] ? "en" : "ko";
  const subject = await loadShareSubject(services.db, subjectName as ShareImageSubject, id, locale);
  if (!subject?.public) return notFound();

  const requested = new URL(request.url).searchParams.get("v");
  if (requested !== null && requested !== subject.version) {
    return new Response(null, { status: 302, headers: { Location: shareSubjectPath(subject), "Cache-Control": "public, max-age=60" } });
  }
  const etag = `"${subject.version}"`;
  const cacheControl = requested === subject.version ? IMMUTABLE : SHORT;
  if (request.headers.get("if-none-match") === etag) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": cacheControl } });
  }
  const bytes = await shareImageBytes(services, subject);
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": cacheControl,
      ETag: etag,
    },
  });
}
