/**
 * The casting profile PDF of an artist (decision 020), `/artist/{name}/profile.pdf` and its English twin:
 * what it is made from (the artist as the public page shows them, their English entries, three photos,
 * the agency's contact), the photos cut to size, and the rendered file kept until any of that changes.
 * Docs: docs/decisions/020-profile-pdf.md.
 */
import { createHash } from "node:crypto";
import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { media } from "../../drizzle/schema";
import { artistFieldLabel } from "../domain/artist-fields";
import { localeOfPattern, localizedPath, type Locale } from "../domain/locale";
import { messagesFor } from "../domain/messages";
import { formatHeight, profilePdfFileNames } from "../domain/profile-pdf-labels";
import { artistPath } from "../domain/paths";
import { PDF_CONTENT_SECURITY_POLICY } from "../server/route-kit/security-headers.server";
import { readsUnpublishedContent } from "../server/route-kit/access-gate.server";
import type { RequestContext } from "../server/route-kit/context.server";
import type { MediaInfo } from "../server/media/media.server";
import type { Database } from "../server/platform/db.server";
import type { Logger } from "../server/platform/logger.server";
import { mediaKeyFromUrl, type MediaStorage } from "../server/platform/storage.server";
import { getSiteSettings, type SiteSettings } from "../server/site/settings.server";
import { artistProfileView } from "./artist-detail.server";
import { getArtist, type Artist, type ArtistAudience } from "../server/artists/artist-queries.server";
import { PHOTO_PIXELS, renderProfilePdf, type ProfilePdfContent, type ProfilePhoto, type ProfilePhotos } from "../server/artists/profile-pdf-render.server";

/** Bump when the layout changes: every cached PDF is then made again. */
export const PROFILE_PDF_RENDERER_VERSION = 1;

/** One photo to print: the stored file it is cut from, and where its focal point is. */
export interface PhotoSource {
  box: "main" | "sub";
  key: string;
  focalX: number;
  focalY: number;
}

export interface ProfilePdfSource {
  content: ProfilePdfContent;
  photos: PhotoSource[];
  /** Whether the public sees this artist (else only the signed-in administrator gets the PDF). */
  isPublic: boolean;
  fileNames: { unicode: string; ascii: string };
  /** A hash of everything above and the renderer's version: the cache key and the ETag. */
  hash: string;
}

/**
 * The stored file a photo is cut from: the smallest variant that still covers its box without being
 * enlarged (variants are WebP widths of the same picture), else the stored original.
 */
function photoFile(image: MediaInfo, box: PhotoSource["box"]): string | null {
  const target = PHOTO_PIXELS[box];
  // The 3:4 box is cut from the picture's full width (a tall photo) or part of it (a wide one).
  const croppedShare = Math.min(1, ((image.height / image.width) * 3) / 4);
  const neededWidth = target.width / croppedShare;
  const variant = image.variants.find((v) => v.width >= neededWidth);
  return mediaKeyFromUrl(variant?.url ?? image.url);
}

/**
 * What the PDF of `name` is made from, as `audience` may see the artist (the public page's rule: the
 * public sees public artists only; the administrator also drafts and hidden ones); null when not found.
 * The texts are the artist page's (`artistProfileView`: English entries where there are some, else the
 * Korean ones), so the PDF never says something the page does not.
 */
export async function loadProfilePdfSource(
  db: Database,
  request: { name: string; locale: Locale; audience: ArtistAudience; origin: string },
): Promise<ProfilePdfSource | null> {
  const artist = await getArtist(db, request.name, request.audience);
  if (!artist) return null;
  const { locale, origin } = request;
  const settings = await getSiteSettings(db);
  const photos = await photoSourcesOf(db, artist.images.slice(0, 3));
  const content = profilePdfContent(artist, settings, { locale, origin, profileUrl: `${origin}${localizedPath(locale, artistPath(artist.name))}` });
  return {
    content,
    photos,
    isPublic: artist.status === "public",
    fileNames: profilePdfFileNames(artist.name, artist.nameEn.trim(), locale),
    hash: profilePdfHash(content, photos),
  };
}

/** The cache key and ETag of a PDF: everything it is made from, and the renderer's version. */
export function profilePdfHash(content: unknown, photos: PhotoSource[]): string {
  return createHash("sha256").update(JSON.stringify({ version: PROFILE_PDF_RENDERER_VERSION, content, photos })).digest("hex");
}

/** The photos to print, in order (the first in the main box): the stored file to cut each from and its focal point. */
export async function photoSourcesOf(db: Database, printed: MediaInfo[]): Promise<PhotoSource[]> {
  const focal = printed.length
    ? await db.select({ id: media.id, x: media.focalX, y: media.focalY }).from(media).where(inArray(media.id, printed.map((m) => m.id)))
    : [];
  return printed.flatMap((image, i) => {
    const box = i === 0 ? "main" : "sub";
    const key = photoFile(image, box);
    const point = focal.find((f) => f.id === image.id);
    return key ? [{ box, key, focalX: point?.x ?? 0.5, focalY: point?.y ?? 0.5 }] : [];
  });
}

/**
 * The texts of an artist's profile as printed, in one language: the artist page's (`artistProfileView`:
 * English entries where there are some, else the Korean ones), so the PDF never says something the page
 * does not; the agency's contact from the settings.
 */
export function profilePdfContent(
  artist: Artist,
  settings: SiteSettings,
  where: { locale: Locale; origin: string; profileUrl: string },
): ProfilePdfContent {
  const { locale, origin } = where;
  const view = artistProfileView(artist, locale);
  const messages = messagesFor(locale);
  const english = locale === "en";
  const nameEn = view.nameEn.trim();
  return {
    locale,
    mainName: english && nameEn ? nameEn : view.name,
    otherName: english ? (nameEn ? view.name : "") : nameEn,
    facts: [
      { label: artistFieldLabel("birthday", locale), items: view.birthday ? [view.birthday] : [] },
      { label: artistFieldLabel("height", locale), items: view.height ? [formatHeight(view.height)] : [] },
      ...view.profileLists.map((list) => ({ label: list.label, items: list.items })),
    ],
    // Korean: the page's "MOVIE 영화" headings; English: the English label alone ("Film").
    credits: view.credits.map((list) => ({ title: english ? list.label : list.title, note: english ? "" : list.label, items: list.items })),
    note: view.koreanFallback ? messages.artists.koreanOnlyNote : "",
    contact: pdfContact(settings, locale),
    siteOrigin: origin,
    profileUrl: where.profileUrl,
    updatedAt: artist.updatedAt.toISOString(),
  };
}

/** The agency at the foot of every page: its name, then its address, phone and e-mail as printed. */
export function pdfContact(settings: SiteSettings, locale: Locale): ProfilePdfContent["contact"] {
  const messages = messagesFor(locale);
  const english = locale === "en";
  return {
    companyName: english ? settings.companyNameEn : settings.companyName,
    details: [(english && settings.addressEn.trim()) || settings.address, `${messages.contact.phone} ${settings.phone}`, `${messages.contact.email} ${settings.email}`],
  };
}

/** A photo cut to its box (3:4 around the focal point), never enlarged, as a small JPEG. */
async function preparePhoto(storage: MediaStorage, source: PhotoSource): Promise<ProfilePhoto | null> {
  const bytes = await storage.get(source.key);
  if (!bytes) return null;
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (width < 1 || height < 1) return null;
  const cropWidth = Math.max(1, Math.floor(Math.min(width, (height * 3) / 4)));
  const cropHeight = Math.max(1, Math.min(height, Math.round((cropWidth * 4) / 3)));
  const clamp = (value: number, max: number) => Math.round(Math.min(Math.max(value, 0), max));
  const target = PHOTO_PIXELS[source.box];
  const jpeg = await sharp(bytes)
    .extract({
      left: clamp(source.focalX * width - cropWidth / 2, width - cropWidth),
      top: clamp(source.focalY * height - cropHeight / 2, height - cropHeight),
      width: cropWidth,
      height: cropHeight,
    })
    .resize(target.width, target.height, { fit: "fill", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  return { jpeg };
}

/**
 * Rendered PDFs by content hash, least recently used out first, bounded in bytes and count. Keyed by
 * everything a PDF is made from, so an entry is never stale: a change makes a new key and the old entry
 * ages out. Each app server keeps its own; the same content renders to the same bytes on every one.
 */
export class RenderedPdfCache {
  private entries = new Map<string, Buffer>();
  private pending = new Map<string, Promise<Buffer>>();
  private totalBytes = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxEntries = 256,
  ) {}

  /** The cached bytes of `key`, or those of one `render` (requests arriving meanwhile share it). */
  async get(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    let running = this.pending.get(key);
    if (!running) {
      running = render()
        .then((bytes) => {
          this.store(key, bytes);
          return bytes;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  private store(key: string, bytes: Buffer) {
    if (bytes.byteLength > this.maxBytes) return;
    this.entries.set(key, bytes);
    this.totalBytes += bytes.byteLength;
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) {
      const [oldest, value] = this.entries.entries().next().value as [string, Buffer];
      this.entries.delete(oldest);
      this.totalBytes -= value.byteLength;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

const renderedPdfs = new RenderedPdfCache();

/** The photos of one profile cut to their boxes; a damaged or missing file leaves its box out (logged). */
export async function preparePhotos(services: { storage: MediaStorage; logger?: Logger }, sources: PhotoSource[]): Promise<ProfilePhotos> {
  const prepared = await Promise.all(
    sources.map((photo) =>
      preparePhoto(services.storage, photo).catch((error: unknown) => {
        services.logger?.warn({ err: error, key: photo.key }, "profile PDF: a photo could not be read");
        return null;
      }),
    ),
  );
  const main = sources[0]?.box === "main" ? (prepared[0] ?? null) : null;
  const subs = prepared.slice(sources[0]?.box === "main" ? 1 : 0).filter((p): p is ProfilePhoto => p !== null);
  return { main, subs };
}

/** A rendered PDF by the hash of what it is made from: from this server's cache, or rendered now. */
export function cachedPdf(hash: string, render: () => Promise<Buffer>): Promise<Buffer> {
  return renderedPdfs.get(hash, render);
}

/** The PDF's bytes for a source: from the cache, or rendered now (photos cut from the stored files). */
export async function profilePdfBytes(services: { storage: MediaStorage; logger?: Logger }, source: ProfilePdfSource): Promise<Buffer> {
  return cachedPdf(source.hash, async () => renderProfilePdf(source.content, await preparePhotos(services, source.photos)));
}

/** `inline; filename="Han-Seoyoon-profile.pdf"; filename*=UTF-8''%ED%95%9C...-profile.pdf` (RFC 6266, 5987). */
export function profilePdfDisposition(fileNames: ProfilePdfSource["fileNames"]): string {
  return `inline; filename="${fileNames.ascii}"; filename*=UTF-8''${encodeURIComponent(fileNames.unicode)}`;
}

/**
 * The response for `/artist/{name}/profile.pdf`: 404 when the artist page would say so, 304 when the
 * client has this version, else the PDF. Public profiles revalidate like the pages (`no-cache` with an
 * ETag that is the content hash, the same on every app server); a profile only the administrator may
 * see is never stored by anyone.
 */
export async function serveProfilePdf(
  services: { db: Database; storage: MediaStorage; logger?: Logger },
  httpRequest: Request,
  request: { name: string; locale: Locale; audience: ArtistAudience; origin: string },
): Promise<Response> {
  const source = await loadProfilePdfSource(services.db, request);
  if (!source) {
    const message = request.locale === "en" ? "This profile could not be found." : "프로필을 찾을 수 없습니다.";
    return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" } });
  }
  const etag = `"profile-${source.hash.slice(0, 40)}"`;
  const headers: Record<string, string> = {
    "Content-Type": "application/pdf",
    "Content-Disposition": profilePdfDisposition(source.fileNames),
    "Cache-Control": source.isPublic ? "no-cache" : "private, no-store",
    ETag: etag,
    "Content-Security-Policy": PDF_CONTENT_SECURITY_POLICY,
  };
  if (source.isPublic && httpRequest.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  const bytes = await profilePdfBytes(services, source);
  return new Response(new Uint8Array(bytes), { headers: { ...headers, "Content-Length": String(bytes.byteLength) } });
}

/**
 * /artist/{name}/profile.pdf and /en/artist/{name}/profile.pdf (the route's pattern says the language):
 * the PDF for whoever may see the artist page (the administrator also gets hidden and draft artists').
 */
export async function loadArtistProfilePdf(ctx: RequestContext, request: Request, pattern: string, name: string): Promise<Response> {
  const isAdmin = await readsUnpublishedContent(ctx);
  return serveProfilePdf(ctx.runtime, request, {
    name,
    locale: localeOfPattern(pattern),
    audience: isAdmin ? "admin-site" : "public",
    origin: ctx.runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin,
  });
}
