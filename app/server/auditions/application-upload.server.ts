import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { AUDITION_FILE_FIELDS, MAX_AUDITION_PHOTO_BYTES, MAX_AUDITION_PHOTOS, MAX_AUDITION_VIDEO_BYTES } from "../../domain/auditions";
import { auditionMessages, type AuditionMessages } from "../../domain/audition-messages";
import type { Locale } from "../../domain/locale";
import { MALFORMED_BODY_MESSAGE, RequestBodyError, streamFormBody } from "../platform/form-body.server";
import type { MediaStorage } from "../platform/storage.server";
import { VideoContainerChecker, VideoContainerError, type VideoContainer } from "./video-container.server";

/**
 * Reads the application form's multipart body as it arrives: text fields as strings, photos into
 * temporary files (each at most MAX_AUDITION_PHOTO_BYTES, at most MAX_AUDITION_PHOTOS; the media
 * pipeline then decodes them one at a time: 16 anonymous uploads at once must not hold 75 MB each in
 * memory), and the video file straight into the private storage while its container is checked
 * by its bytes (see VideoContainerChecker): a 200 MB video is never held in memory. A file that breaks a
 * rule is noted (with the Korean message to show next to it) and the rest of the form is still read,
 * so the applicant gets every message at once and keeps what they typed.
 */

export interface StoredVideo {
  key: string;
  bytes: number;
  container: VideoContainer;
}

/** A photo as it came in: read when it is decoded, thrown away after the submission. */
export interface UploadedPhoto {
  bytes(): Promise<Uint8Array>;
  discard(): Promise<void>;
  /** The name the applicant's file had (only for messages about it; never stored). */
  fileName?: string;
}

/** A photo already in memory (tests and scripts that build an upload themselves). */
export function photoInMemory(bytes: Uint8Array, fileName = ""): UploadedPhoto {
  return { bytes: async () => bytes, discard: async () => undefined, fileName };
}

/** Where photos wait between the upload and their decoding; a crash's leftovers are removed at start. */
export const PHOTO_SPOOL_DIR = path.join(os.tmpdir(), "we-entertainment-uploads");

/** Removes spooled photos older than `olderThanMs` (left behind by a crash); run at every start. */
export async function cleanPhotoSpool(olderThanMs = 3 * 60 * 60 * 1000, now = Date.now()): Promise<void> {
  const entries = await fs.promises.readdir(PHOTO_SPOOL_DIR).catch(() => [] as string[]);
  for (const name of entries) {
    const file = path.join(PHOTO_SPOOL_DIR, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > olderThanMs) await fs.promises.rm(file, { force: true });
  }
}

export interface ApplicationUpload {
  fields: Record<string, string>;
  photos: UploadedPhoto[];
  /** Why a photo was not taken ("3번째 사진: ..."), and whether more than the maximum were sent. */
  photoProblems: string[];
  video: StoredVideo | null;
  videoProblem: string | null;
  /** A text field held U+0000, which was taken out (the form comes back to be checked; nothing stored). */
  nulRemoved?: boolean;
}

const MB = 1024 * 1024;
/** Everything the form can carry: the video, the photos and the text fields. */
export const MAX_APPLICATION_BODY_BYTES = MAX_AUDITION_VIDEO_BYTES + MAX_AUDITION_PHOTOS * MAX_AUDITION_PHOTO_BYTES + 2 * MB;
const MAX_FIELD_BYTES = 16 * 1024;


/** A new private storage key for an applicant's file: unguessable, nothing from the upload in it. */
export function privateFileKey(extension: PrivateFileExtension, now: Date = new Date()): string {
  return `auditions/${now.getUTCFullYear()}/${randomBytes(24).toString("hex")}.${extension}`;
}

/** What applicants' files are stored as: the re-encoded photo, its preview, the video (of any container). */
const PRIVATE_FILE_EXTENSIONS = ["jpg", "webp", "video"] as const;
type PrivateFileExtension = (typeof PRIVATE_FILE_EXTENSIONS)[number];

/** The keys privateFileKey makes (the orphan sweep knows them by this shape). */
export const PRIVATE_FILE_KEY_PATTERN = String.raw`auditions/\d{4}/[0-9a-f]{48}\.(?:${PRIVATE_FILE_EXTENSIONS.join("|")})`;

/** Checks the request's headers and makes its form parser; throws RequestBodyError for a body that is not one. */
function applicationParser(request: Request, t: AuditionMessages): busboy.Busboy {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) throw new RequestBodyError(415, "unsupported_media_type", t.notMultipart);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_APPLICATION_BODY_BYTES) {
    throw new RequestBodyError(413, "payload_too_large", t.bodyTooLarge(MAX_AUDITION_PHOTO_BYTES, MAX_AUDITION_VIDEO_BYTES));
  }
  if (!request.body) throw new RequestBodyError(400, "malformed_body", MALFORMED_BODY_MESSAGE);

  try {
    return busboy({
      headers: { "content-type": type },
      limits: { fieldSize: MAX_FIELD_BYTES, fields: 40, files: MAX_AUDITION_PHOTOS + 3, parts: 60, fileSize: MAX_AUDITION_VIDEO_BYTES + 1 },
      defParamCharset: "utf8",
    });
  } catch {
    throw new RequestBodyError(400, "malformed_body", MALFORMED_BODY_MESSAGE);
  }
}

/** Reads the form (see above); its messages about files are in the form's language. */
export async function readApplicationUpload(request: Request, storage: MediaStorage, locale: Locale = "ko"): Promise<ApplicationUpload> {
  const t = auditionMessages(locale);
  const parser = applicationParser(request, t);
  const result: ApplicationUpload = { fields: {}, photos: [], photoProblems: [], video: null, videoProblem: null };
  let photoCount = 0;
  // Whether the parser has found a part yet: bytes without one are not a form (streamFormBody).
  let partSeen = false;
  let tooMany = false;
  const pending: Promise<void>[] = [];

  parser.on("field", (name, value) => {
    partSeen = true;
    // U+0000 cannot be stored (PostgreSQL refuses it): it is taken out, and the form is sent back to be checked.
    if (value.includes("\0")) {
      result.nulRemoved = true;
      value = value.replaceAll("\0", "");
    }
    if (!(name in result.fields)) result.fields[name] = value;
  });
  parser.on("filesLimit", () => {
    tooMany = true;
  });
  parser.on("file", (name, stream, info) => {
    // A client that goes away mid-file makes busboy fail the file's stream: the form fails as a whole.
    stream.on("error", () => undefined);
    // A file input left empty still sends a part, with no file name and no bytes.
    if (name === AUDITION_FILE_FIELDS.photos && info.filename) {
      photoCount++;
      if (photoCount > MAX_AUDITION_PHOTOS) {
        tooMany = true;
        stream.resume();
        return;
      }
      const index = photoCount;
      partSeen = true;
      // Named in the messages about it, so the applicant knows which of the chosen files is meant.
      const photo = t.photo(index, info.filename);
      pending.push(
        spoolPhoto(stream, info.filename).then((spooled) => {
          if (spooled === "oversize") result.photoProblems.push(`${photo}: ${t.photoTooBig(MAX_AUDITION_PHOTO_BYTES)}`);
          else if (spooled === "not-an-image") result.photoProblems.push(`${photo}: ${t.notAPhoto(MAX_AUDITION_PHOTO_BYTES)}`);
          else if (spooled) result.photos[index - 1] = spooled;
        }),
      );
      return;
    }
    partSeen = true;
    if (name === AUDITION_FILE_FIELDS.video && info.filename && !result.video && !result.videoProblem) {
      pending.push(storeVideo(stream, storage, result, t));
      return;
    }
    stream.resume();
  });

  // A form's first part starts within a few bytes; a body that shows none in its first 64 KB is not a
  // form (the parser would otherwise scan up to the whole 275 MB for a boundary that never comes).
  const body = streamFormBody(request, parser, { firstPartWithin: { bytes: MAX_BYTES_BEFORE_FIRST_PART, seen: () => partSeen } });
  try {
    await body.done;
    await Promise.all(pending);
  } catch (error) {
    await Promise.allSettled(pending);
    await discardUpload(result, storage);
    throw error;
  }
  result.photos = result.photos.filter(Boolean);
  if (tooMany) result.photoProblems.push(t.photosTooMany(MAX_AUDITION_PHOTOS));
  return result;
}

/** Throws away what an upload left on disk and in the private storage (after its submission, whatever the outcome). */
export async function discardUpload(upload: Pick<ApplicationUpload, "photos" | "video">, storage: MediaStorage): Promise<void> {
  await Promise.all(upload.photos.filter(Boolean).map((photo) => photo.discard().catch(() => undefined)));
  if (upload.video) await storage.delete(upload.video.key).catch(() => undefined);
}

const MAX_BYTES_BEFORE_FIRST_PART = 64 * 1024;

/**
 * Whether a file's first bytes are those of an image format the media pipeline may decode (JPEG, PNG,
 * GIF, WebP, or an ISO-BMFF image: AVIF, HEIF). A cheap first look, so a PDF chosen as a photo is named
 * at once with the other fields' messages; the pipeline decodes the rest (detectFormat) later.
 */
export function looksLikeImage(head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head[0] === 0x89 && ascii(1, 4) === "PNG") return true;
  if (ascii(0, 4) === "GIF8") return true;
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return true;
  return ascii(4, 8) === "ftyp" && ["avif", "avis", "mif1", "msf1", "heic", "heix", "heim", "heis"].includes(ascii(8, 12));
}

const IMAGE_HEAD_BYTES = 12;

/**
 * Writes one photo part to a temporary file; "oversize" or "not-an-image" (the file is gone) or null
 * for an empty part.
 */
async function spoolPhoto(stream: Readable, fileName: string): Promise<UploadedPhoto | "oversize" | "not-an-image" | null> {
  await fs.promises.mkdir(PHOTO_SPOOL_DIR, { recursive: true, mode: 0o700 });
  const file = path.join(PHOTO_SPOOL_DIR, randomBytes(16).toString("hex"));
  let size = 0;
  let oversize = false;
  const head: number[] = [];
  const counter = new PassThrough({
    transform(chunk: Buffer, _encoding, callback) {
      for (let i = 0; head.length < IMAGE_HEAD_BYTES && i < chunk.byteLength; i++) head.push(chunk[i]!);
      size += chunk.byteLength;
      if (size > MAX_AUDITION_PHOTO_BYTES) oversize = true;
      // Past the limit the rest of the part is read and dropped, so the form's other fields still arrive.
      callback(null, oversize ? undefined : chunk);
    },
  });
  try {
    await pipeline(stream, counter, fs.createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    throw error;
  }
  if (oversize || size === 0 || !looksLikeImage(Uint8Array.from(head))) {
    await fs.promises.rm(file, { force: true });
    return oversize ? "oversize" : size === 0 ? null : "not-an-image";
  }
  return {
    bytes: async () => new Uint8Array(await fs.promises.readFile(file)),
    discard: () => fs.promises.rm(file, { force: true }),
    fileName,
  };
}

/** Streams the video into the storage through the container check; notes the problem on the result. */
function storeVideo(stream: Readable & { truncated?: boolean }, storage: MediaStorage, result: ApplicationUpload, t: AuditionMessages): Promise<void> {
  const checker = new VideoContainerChecker();
  const out = new PassThrough();
  // Failing destroys `out` with an error, possibly before the storage has started reading it; the
  // storage sees the failure through its own read, and an unheard "error" event must not end the process.
  out.on("error", () => undefined);
  stream.on("error", () => undefined);
  const key = privateFileKey("video");
  let bytes = 0;
  let problem: string | null = null;
  const fail = (message: string) => {
    if (problem) return;
    problem = message;
    out.destroy(new Error(message));
    stream.resume();
  };
  stream.on("data", (chunk: Buffer) => {
    if (problem) return;
    bytes += chunk.byteLength;
    if (bytes > MAX_AUDITION_VIDEO_BYTES) return fail(t.videoTooBig(MAX_AUDITION_VIDEO_BYTES));
    try {
      checker.push(chunk);
    } catch (error) {
      return fail(error instanceof VideoContainerError ? videoMessage(error, t) : t.videoUnreadable);
    }
    if (!out.write(chunk)) {
      stream.pause();
      out.once("drain", () => stream.resume());
    }
  });
  let container: VideoContainer | null = null;
  stream.on("end", () => {
    if (problem) return;
    if (stream.truncated) return fail(t.videoTooBig(MAX_AUDITION_VIDEO_BYTES));
    try {
      container = checker.finish();
    } catch (error) {
      return fail(error instanceof VideoContainerError ? videoMessage(error, t) : t.videoUnreadable);
    }
    out.end();
  });
  const ended = new Promise<void>((resolve) => stream.on("close", resolve));
  return storage
    .putStream(key, out)
    .then(async (written) => {
      await ended;
      if (problem || !container) {
        await storage.delete(key);
        result.videoProblem = problem ?? t.videoUnreadable;
        return;
      }
      // The key says nothing of the type: the row keeps the container found in the bytes.
      result.video = { key, bytes: written, container };
    })
    .catch(async () => {
      await ended;
      await storage.delete(key).catch(() => undefined);
      result.videoProblem = problem ?? t.videoNotStored;
    });
}

/** A refused video's message in the form's language. */
function videoMessage(error: VideoContainerError, t: AuditionMessages): string {
  return error.kind === "not-a-video" ? t.notAVideo : t.brokenVideo;
}
