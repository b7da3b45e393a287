import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import sharp, { type Metadata, type Sharp } from "sharp";
import { artistImages, media, mediaVariants, postMedia } from "../../../drizzle/schema";
import type { Database, Tx } from "../platform/db.server";
import { hiddenPayloadProblem } from "./image-structure.server";
import { mediaKeyFromUrl, mediaUrl, type MediaStorage } from "../platform/storage.server";

/** Per-file upload limit. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Decoded pixel limit: rejects decompression bombs (a 30000×30000 PNG is 900 megapixels). */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Long edge of the stored original; larger photos are scaled down (nobody views 8K on this site). */
export const MAX_STORED_EDGE = 3200;
/** Widths of the WebP variants used in `srcset`. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;

type ImageFormat = "jpeg" | "png" | "webp" | "avif" | "gif";
const EXTENSIONS: Record<ImageFormat, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif", gif: "gif" };
const MIME_TYPES: Record<ImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};

export type ImageRejection = "too_large" | "too_many_pixels" | "unsupported_type" | "corrupt";

/** An upload we refuse; `message` is shown to the user as is. */
export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
  constructor(
    readonly reason: ImageRejection,
    message: string,
  ) {
    super(message);
  }
  /** HTTP status for this rejection. */
  get status(): 413 | 415 | 422 {
    if (this.reason === "too_large" || this.reason === "too_many_pixels") return 413;
    return this.reason === "unsupported_type" ? 415 : 422;
  }
}

export interface StoredImage {
  id: number;
  url: string;
  width: number;
  height: number;
  mimeType: string;
  variants: { width: number; height: number; url: string }[];
}

export async function detectFormat(bytes: Uint8Array): Promise<{ format: ImageFormat; width: number; height: number; animated: boolean }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejectedError(
      "unsupported_type",
      "이미지 파일이 아닙니다. JPEG, PNG, WebP, AVIF, GIF 파일만 올릴 수 있습니다.",
    );
  }
  const raw = meta.format as string | undefined;
  const format: ImageFormat | null =
    raw === "jpeg" || raw === "png" || raw === "webp" || raw === "gif"
      ? raw
      : raw === "heif" && meta.compression === "av1"
        ? "avif"
        : null;
  if (!format) {
    throw new ImageRejectedError(
      "unsupported_type",
      "지원하지 않는 이미지 형식입니다. JPEG, PNG, WebP, AVIF, GIF 파일만 올릴 수 있습니다.",
    );
  }
  if (hiddenPayloadProblem(bytes, format)) {
    throw new ImageRejectedError(
      "unsupported_type",
      "이미지 외의 데이터가 들어 있는 파일은 올릴 수 없습니다. 이미지 편집 프로그램에서 다시 저장한 뒤 올려 주세요.",
    );
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (width < 1 || height < 1) {
    throw new ImageRejectedError("corrupt", "이미지를 읽을 수 없습니다. 파일이 손상되지 않았는지 확인해 주세요.");
  }
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(
      "too_many_pixels",
      `이미지 해상도가 너무 큽니다. ${Math.floor(MAX_IMAGE_PIXELS / 1_000_000)}메가픽셀 이하의 이미지를 올려 주세요.`,
    );
  }
  // EXIF orientations 5-8 turn the picture a quarter: the stored image has width and height swapped.
  const quarterTurn = (meta.orientation ?? 1) >= 5;
  return {
    format,
    width: quarterTurn ? height : width,
    height: quarterTurn ? width : height,
    animated: (meta.pages ?? 1) > 1,
  };
}

function encode(pipeline: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case "jpeg":
      return pipeline.jpeg({ quality: 86, progressive: true });
    case "png":
      return pipeline.png({ compressionLevel: 7, adaptiveFiltering: true });
    case "webp":
      return pipeline.webp({ quality: 86 });
    case "avif":
      return pipeline.avif({ quality: 60, effort: 2 });
    case "gif":
      return pipeline.gif();
  }
}

/** Longest kept upload name (characters). */
const MAX_FILE_NAME_LENGTH = 200;

/** An upload's name as kept for search: its last path part, without control characters, cut to length. */
export function uploadedFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  return [...base.replace(/[\u0000-\u001f\u007f]/g, "").trim()].slice(0, MAX_FILE_NAME_LENGTH).join("");
}

/** The upload's format, its stored copy (re-encoded, without metadata) and its WebP variants; ImageRejectedError when unreadable. */
async function encodeUpload(bytes: Uint8Array) {
  const detected = await detectFormat(bytes);
  // Every output is made from the upload itself, in parallel: JPEG shrink-on-load makes the small
  // variants cheap, and both cores work at once.
  const source = () =>
    sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: detected.animated, failOn: "error" }).rotate();
  const scale = Math.min(1, MAX_STORED_EDGE / Math.max(detected.width, detected.height));
  const storedWidth = Math.max(1, Math.round(detected.width * scale));
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < storedWidth);
  if (widths.length === 0) widths.push(storedWidth);

  try {
    const [original, variants] = await Promise.all([
      encode(source().resize({ width: MAX_STORED_EDGE, height: MAX_STORED_EDGE, fit: "inside", withoutEnlargement: true }), detected.format).toBuffer({
        resolveWithObject: true,
      }),
      Promise.all(
        widths.map(async (w) => {
          const out = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" })
            .rotate()
            .resize({ width: w, withoutEnlargement: true })
            .webp({ quality: 80 })
            .toBuffer({ resolveWithObject: true });
          return { width: out.info.width, height: out.info.height, data: out.data };
        }),
      ),
    ]);
    return { detected, original, variants };
  } catch {
    throw new ImageRejectedError("corrupt", "이미지를 읽을 수 없습니다. 파일이 손상되지 않았는지 확인해 주세요.");
  }
}

/**
 * Decodes an upload with sharp (the detected format decides, never the name or declared type),
 * re-encodes it without metadata (EXIF/GPS gone, orientation applied), makes WebP variants,
 * stores the files under server-generated names and records them in one transaction.
 */
export async function storeImage(
  db: Database,
  storage: MediaStorage,
  bytes: Uint8Array,
  /** Runs inside the transaction that records the image (e.g. the audit entry of an upload). */
  alsoInTransaction?: (tx: Tx, mediaId: number) => Promise<void>,
  /** The name the file had when uploaded, kept only for finding it in the pickers. */
  fileName = "",
): Promise<StoredImage> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new ImageRejectedError(
      "too_large",
      `파일이 너무 큽니다. ${MAX_UPLOAD_BYTES / 1024 / 1024}MB 이하의 이미지를 올려 주세요.`,
    );
  }
  const { detected, original, variants } = await encodeUpload(bytes);
  const width = original.info.width;
  const height = original.info.pageHeight ?? original.info.height;

  const now = new Date();
  const stem = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}/${randomBytes(16).toString("hex")}`;
  const originalKey = `${stem}.${EXTENSIONS[detected.format]}`;
  const variantKeys = variants.map((v) => `${stem}-${v.width}.webp`);
  const written: string[] = [];
  try {
    await storage.put(originalKey, original.data);
    written.push(originalKey);
    for (const [i, v] of variants.entries()) {
      await storage.put(variantKeys[i]!, v.data);
      written.push(variantKeys[i]!);
    }
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(media)
        .values({
          storageKey: originalKey,
          format: detected.format,
          mimeType: MIME_TYPES[detected.format],
          width,
          height,
          bytes: original.data.byteLength,
          sha256: createHash("sha256").update(original.data).digest("hex"),
          fileName: uploadedFileName(fileName),
        })
        .returning({ id: media.id });
      await tx.insert(mediaVariants).values(
        variants.map((v, i) => ({
          mediaId: row!.id,
          format: "webp",
          width: v.width,
          height: v.height,
          storageKey: variantKeys[i]!,
          bytes: v.data.byteLength,
        })),
      );
      await alsoInTransaction?.(tx, row!.id);
      return row!.id;
    });
    return {
      id,
      url: mediaUrl(originalKey),
      width,
      height,
      mimeType: MIME_TYPES[detected.format],
      variants: variants.map((v, i) => ({ width: v.width, height: v.height, url: mediaUrl(variantKeys[i]!) })),
    };
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/** Long edge of an applicant's stored photo, and of its preview. */
export const PRIVATE_PHOTO_EDGE = 2000;
export const PRIVATE_THUMB_EDGE = 480;

/**
 * An applicant's photo for the private storage: decoded like every upload (the bytes decide the
 * format; bombs, polyglots and hidden payloads refused), re-encoded as JPEG without any metadata
 * (EXIF, GPS, camera serials gone; orientation applied; transparency on white), plus a WebP preview.
 * Nothing is stored here and nothing goes to the public media library.
 */
export async function reencodePrivatePhoto(bytes: Uint8Array): Promise<{ jpeg: Buffer; width: number; height: number; thumb: Buffer }> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) {
    throw new ImageRejectedError("too_large", `파일이 너무 큽니다. ${MAX_UPLOAD_BYTES / 1024 / 1024}MB 이하의 이미지를 올려 주세요.`);
  }
  await detectFormat(bytes);
  const source = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).rotate();
  try {
    const [full, thumb] = await Promise.all([
      source()
        .resize({ width: PRIVATE_PHOTO_EDGE, height: PRIVATE_PHOTO_EDGE, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 85, progressive: true, mozjpeg: false })
        .toBuffer({ resolveWithObject: true }),
      source().resize({ width: PRIVATE_THUMB_EDGE, height: PRIVATE_THUMB_EDGE, fit: "inside", withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    ]);
    return { jpeg: full.data, width: full.info.width, height: full.info.height, thumb };
  } catch {
    throw new ImageRejectedError("corrupt", "이미지를 읽을 수 없습니다. 파일이 손상되지 않았는지 확인해 주세요.");
  }
}

export interface MediaInfo {
  id: number;
  url: string;
  width: number;
  height: number;
  /** Alternative text set in the media library ("" when none). */
  alt: string;
  variants: { width: number; url: string }[];
}

/** Loads media rows with their variants (smallest first), keyed by id. */
export async function getMediaByIds(db: Database | Tx, ids: number[]): Promise<Map<number, MediaInfo>> {
  const result = new Map<number, MediaInfo>();
  if (ids.length === 0) return result;
  const rows = await db.select().from(media).where(inArray(media.id, ids));
  for (const row of rows) {
    result.set(row.id, { id: row.id, url: mediaUrl(row.storageKey), width: row.width, height: row.height, alt: row.alt, variants: [] });
  }
  const variantRows = await db.select().from(mediaVariants).where(inArray(mediaVariants.mediaId, ids));
  for (const v of variantRows.sort((a, b) => a.width - b.width)) {
    result.get(v.mediaId)?.variants.push({ width: v.width, url: mediaUrl(v.storageKey) });
  }
  return result;
}

/** Deletes media rows and their files (original and variants). */
export async function deleteMedia(db: Database, storage: MediaStorage, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const originals = await db.select({ key: media.storageKey }).from(media).where(inArray(media.id, ids));
  const variants = await db
    .select({ key: mediaVariants.storageKey })
    .from(mediaVariants)
    .where(inArray(mediaVariants.mediaId, ids));
  await db.delete(media).where(inArray(media.id, ids));
  await Promise.all([...originals, ...variants].map((row) => storage.delete(row.key)));
}

/**
 * Of the given media, deletes (rows and files) those no artist and no post uses any more, trashed ones
 * included: what a purge leaves behind. Media just uploaded and not yet saved anywhere are never among
 * the ids passed. Returns the ids deleted.
 */
export async function deleteUnusedMedia(services: { db: Database; storage: MediaStorage }, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const unused = await services.db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        inArray(media.id, ids),
        notExists(services.db.select({ one: sql`1` }).from(artistImages).where(eq(artistImages.mediaId, media.id))),
        notExists(services.db.select({ one: sql`1` }).from(postMedia).where(eq(postMedia.mediaId, media.id))),
      ),
    );
  await deleteMedia(services.db, services.storage, unused.map((u) => u.id));
  return unused.map((u) => u.id);
}

/** Media (with variants) for `/media/...` URLs of ours, keyed by URL; other URLs are skipped. */
export async function getMediaByUrls(db: Database | Tx, urls: string[]): Promise<Map<string, MediaInfo>> {
  const keys = [...new Set(urls.map(mediaKeyFromUrl).filter((k): k is string => k !== null))];
  const result = new Map<string, MediaInfo>();
  if (keys.length === 0) return result;
  const rows = await db.select({ id: media.id }).from(media).where(inArray(media.storageKey, keys));
  for (const info of (await getMediaByIds(db, rows.map((r) => r.id))).values()) result.set(info.url, info);
  return result;
}
