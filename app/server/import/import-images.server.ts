import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { importedImages, media } from "../../../drizzle/schema";
import type { SiteImportReport } from "../../domain/site-import";
import { ImageRejectedError } from "../media/media.server";
import { fetchRemoteImage, RemoteImageError } from "../media/remote-image.server";
import { uploadImage } from "../media/upload-image.server";
import type { Actor, Services } from "../platform/services.server";
import { shortSource } from "./old-site-requests.server";

/**
 * The import's images (decision 045): each source once per origin (`imported_images` maps it to its
 * media copy, so a re-run downloads nothing twice), through the media pipeline. The old host is
 * trusted; other hosts get the remote-image safeguards. `data:` images are decoded.
 */

/** An image brought here (its URL here; in a dry run, its source), or why it could not be. */
export type ImageResult = { url: string } | { error: string };

/** What bringing images needs of the run. */
export interface ImageRun {
  services: Services;
  actor: Actor;
  /** The old site's origin: trusted, and the key of `imported_images`. */
  origin: string;
  dryRun: boolean;
  report: SiteImportReport;
  signal?: AbortSignal;
}

const PARALLEL_IMAGES = 4;

const sourceKeyOf = (reference: string) => (reference.startsWith("data:") ? `data:sha256:${createHash("sha256").update(reference).digest("hex")}` : reference);

/** Brings a record's images, a few at a time; each source is brought once in the run, whatever asks for it again. */
export function imageImporter(run: ImageRun): (references: string[]) => Promise<Map<string, ImageResult>> {
  const cache = new Map<string, Promise<ImageResult>>();
  const bringImage = (reference: string): Promise<ImageResult> => {
    const key = sourceKeyOf(reference);
    let pending = cache.get(key);
    if (!pending) {
      pending = bringImageOnce(run, reference, key);
      cache.set(key, pending);
    }
    return pending;
  };
  return async (references) => {
    const results = new Map<string, ImageResult>();
    let next = 0;
    const unique = [...new Set(references)];
    const worker = async () => {
      for (let i = next++; i < unique.length; i = next++) results.set(unique[i]!, await bringImage(unique[i]!));
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_IMAGES, unique.length) }, worker));
    return results;
  };
}

async function bringImageOnce(run: ImageRun, reference: string, key: string): Promise<ImageResult> {
  const { services, origin, report } = run;
  const [known] = await services.db
    .select({ url: importedImages.url })
    .from(importedImages)
    .innerJoin(media, eq(media.id, importedImages.mediaId))
    .where(and(eq(importedImages.origin, origin), eq(importedImages.source, key)));
  if (known) {
    report.images.reused++;
    return { url: known.url };
  }
  let bytes: Uint8Array;
  try {
    bytes = reference.startsWith("data:") ? decodeDataUri(reference) : (await fetchRemoteImage(reference, services.remoteImages, { trustedOrigins: [origin], signal: run.signal })).bytes;
  } catch (error) {
    if (error instanceof RemoteImageError || error instanceof DataUriError) {
      report.images.failed++;
      return { error: error.message };
    }
    throw error;
  }
  if (run.dryRun) {
    report.images.downloaded++;
    report.images.bytes += bytes.byteLength;
    return { url: reference };
  }
  try {
    // The picker finds it by the old file's name (cleaned by uploadedFileName; "" for a data: image).
    const stored = await uploadImage(services, run.actor, bytes, fileNameOf(reference));
    await services.db.insert(importedImages).values({ origin, source: key, mediaId: stored.id, url: stored.url, bytes: bytes.byteLength }).onConflictDoNothing();
    report.images.downloaded++;
    report.images.bytes += bytes.byteLength;
    return { url: stored.url };
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    report.images.failed++;
    return { error: `이미지를 쓸 수 없습니다(${shortSource(reference)}): ${error.message}` };
  }
}

class DataUriError extends Error {
  override name = "DataUriError";
}

/** The bytes of a base64 `data:image/...` URI (the original editor embedded pasted images so). */
function decodeDataUri(uri: string): Uint8Array {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(uri);
  if (!match || !match[2]) throw new DataUriError(`이미지를 가져오지 못했습니다(${shortSource(uri)}): base64로 넣은 이미지가 아닙니다.`);
  const bytes = Buffer.from(match[3]!.replace(/\s+/g, ""), "base64");
  if (bytes.byteLength === 0) throw new DataUriError(`이미지를 가져오지 못했습니다(${shortSource(uri)}): 내용이 비어 있습니다.`);
  return bytes;
}

/** The last part of an image URL's path, as the old site named the file ("" for a `data:` image). */
function fileNameOf(reference: string): string {
  if (reference.startsWith("data:")) return "";
  const last = new URL(reference).pathname.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
