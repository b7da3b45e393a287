import { randomBytes } from "node:crypto";
import { PassThrough, Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AUDITION_FILE_FIELDS, MAX_AUDITION_PHOTO_BYTES, MAX_AUDITION_PHOTOS, MAX_AUDITION_VIDEO_BYTES } from "../../domain/auditions";
import { RequestBodyError } from "../http/uploads.server";
import type { MediaStorage } from "../platform/storage.server";
import { VideoContainerChecker, VideoContainerError, type VideoContainer } from "./video-container.server";

/**
 * Reads the application form's multipart body as it arrives: text fields as strings, photos into
 * memory (each at most MAX_AUDITION_PHOTO_BYTES, at most MAX_AUDITION_PHOTOS; the media pipeline then
 * decodes them), and the video file straight into the private storage while its container is checked
 * by its bytes (see VideoContainerChecker): a 200 MB video is never held in memory. A file that breaks a
 * rule is noted (with the Korean message to show next to it) and the rest of the form is still read,
 * so the applicant gets every message at once and keeps what they typed.
 */

export interface StoredVideo {
  key: string;
  bytes: number;
  container: VideoContainer;
}

export interface ApplicationUpload {
  fields: Record<string, string>;
  photos: Uint8Array[];
  /** Why a photo was not taken ("3번째 사진: ..."), and whether more than the maximum were sent. */
  photoProblems: string[];
  video: StoredVideo | null;
  videoProblem: string | null;
}

const MB = 1024 * 1024;
/** Everything the form can carry: the video, the photos and the text fields. */
export const MAX_APPLICATION_BODY_BYTES = MAX_AUDITION_VIDEO_BYTES + MAX_AUDITION_PHOTOS * MAX_AUDITION_PHOTO_BYTES + 2 * MB;
const MAX_FIELD_BYTES = 16 * 1024;

export const VIDEO_SIZE_MESSAGE = `영상 파일은 ${MAX_AUDITION_VIDEO_BYTES / MB}MB 이하로 올려 주세요. 더 긴 영상은 YouTube 등에 올린 뒤 주소를 적어 주세요.`;
export const PHOTO_SIZE_MESSAGE = `사진 한 장은 ${MAX_AUDITION_PHOTO_BYTES / MB}MB 이하로 올려 주세요.`;
export const TOO_MANY_PHOTOS_MESSAGE = `사진은 ${MAX_AUDITION_PHOTOS}장까지 올릴 수 있습니다.`;

/** A new private storage key for an applicant's file: unguessable, nothing from the upload in it. */
export function privateFileKey(extension: PrivateFileExtension, now: Date = new Date()): string {
  return `auditions/${now.getUTCFullYear()}/${randomBytes(24).toString("hex")}.${extension}`;
}

/** What applicants' files are stored as: the re-encoded photo, its preview, the video (of any container). */
const PRIVATE_FILE_EXTENSIONS = ["jpg", "webp", "video"] as const;
type PrivateFileExtension = (typeof PRIVATE_FILE_EXTENSIONS)[number];

/** The keys privateFileKey makes (the orphan sweep knows them by this shape). */
export const PRIVATE_FILE_KEY_PATTERN = String.raw`auditions/\d{4}/[0-9a-f]{48}\.(?:${PRIVATE_FILE_EXTENSIONS.join("|")})`;

export async function readApplicationUpload(request: Request, storage: MediaStorage): Promise<ApplicationUpload> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) throw new RequestBodyError(415, "unsupported_media_type", "multipart/form-data 형식으로 보내 주세요.");
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_APPLICATION_BODY_BYTES) {
    throw new RequestBodyError(413, "payload_too_large", `보내는 파일이 너무 큽니다. 사진은 장당 ${MAX_AUDITION_PHOTO_BYTES / MB}MB, 영상은 ${MAX_AUDITION_VIDEO_BYTES / MB}MB 이하로 올려 주세요.`);
  }
  if (!request.body) throw new RequestBodyError(400, "malformed_body", "요청 본문을 읽을 수 없습니다. 다시 시도해 주세요.");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": type },
      limits: { fieldSize: MAX_FIELD_BYTES, fields: 40, files: MAX_AUDITION_PHOTOS + 3, parts: 60, fileSize: MAX_AUDITION_VIDEO_BYTES + 1 },
      defParamCharset: "utf8",
    });
  } catch {
    throw new RequestBodyError(400, "malformed_body", "요청 본문을 읽을 수 없습니다. 다시 시도해 주세요.");
  }

  const result: ApplicationUpload = { fields: {}, photos: [], photoProblems: [], video: null, videoProblem: null };
  let photoCount = 0;
  let tooMany = false;
  const pending: Promise<void>[] = [];

  parser.on("field", (name, value) => {
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
      const chunks: Buffer[] = [];
      let size = 0;
      let oversize = false;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > MAX_AUDITION_PHOTO_BYTES) oversize = true;
        if (!oversize) chunks.push(chunk);
      });
      pending.push(
        new Promise((resolve) =>
          stream.on("close", () => {
            if (oversize) result.photoProblems.push(`${index}번째 사진: ${PHOTO_SIZE_MESSAGE}`);
            else if (size > 0) result.photos.push(new Uint8Array(Buffer.concat(chunks)));
            resolve();
          }),
        ),
      );
      return;
    }
    if (name === AUDITION_FILE_FIELDS.video && info.filename && !result.video && !result.videoProblem) {
      pending.push(storeVideo(stream, storage, result));
      return;
    }
    stream.resume();
  });

  const done = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", () => reject(new RequestBodyError(400, "malformed_body", "요청 본문을 읽을 수 없습니다. 다시 시도해 주세요.")));
  });
  const body = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
  body.on("error", () => parser.destroy(new Error("request aborted")));
  body.pipe(parser);
  try {
    await done;
    await Promise.all(pending);
  } catch (error) {
    await Promise.allSettled(pending);
    if (result.video) await storage.delete(result.video.key).catch(() => undefined);
    throw error;
  }
  if (tooMany) result.photoProblems.push(TOO_MANY_PHOTOS_MESSAGE);
  return result;
}

/** Streams the video into the storage through the container check; notes the problem on the result. */
function storeVideo(stream: Readable & { truncated?: boolean }, storage: MediaStorage, result: ApplicationUpload): Promise<void> {
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
    if (bytes > MAX_AUDITION_VIDEO_BYTES) return fail(VIDEO_SIZE_MESSAGE);
    try {
      checker.push(chunk);
    } catch (error) {
      return fail(error instanceof VideoContainerError ? error.message : "영상 파일을 읽을 수 없습니다.");
    }
    if (!out.write(chunk)) {
      stream.pause();
      out.once("drain", () => stream.resume());
    }
  });
  let container: VideoContainer | null = null;
  stream.on("end", () => {
    if (problem) return;
    if (stream.truncated) return fail(VIDEO_SIZE_MESSAGE);
    try {
      container = checker.finish();
    } catch (error) {
      return fail(error instanceof VideoContainerError ? error.message : "영상 파일을 읽을 수 없습니다.");
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
        result.videoProblem = problem ?? "영상 파일을 읽을 수 없습니다.";
        return;
      }
      // The key says nothing of the type: the row keeps the container found in the bytes.
      result.video = { key, bytes: written, container };
    })
    .catch(async () => {
      await ended;
      await storage.delete(key).catch(() => undefined);
      result.videoProblem = problem ?? "영상 파일을 저장하지 못했습니다. 잠시 후 다시 시도해 주세요.";
    });
}
