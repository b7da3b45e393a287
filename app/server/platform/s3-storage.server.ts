import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import type { Env } from "./env.server";
import { assertStorageKey, contentTypeOfKey, type MediaStorage } from "./storage.server";

/**
 * Media and private files on S3 or an S3-compatible store (MinIO, Cloudflare R2, NCP Object Storage...),
 * behind the same `MediaStorage` interface as the local disk. See docs/decisions/023-object-storage.md.
 */

export type S3Settings = Pick<Env, "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_FORCE_PATH_STYLE"> & {
  S3_BUCKET: string;
};

/** Where the two storages live in the one bucket: a public bucket or CDN may serve `media/` only. */
export const S3_PREFIXES = { media: "media/", private: "private/" } as const;

/** What a CDN or public bucket serving the media keys directly sends (the app's /media sends the same). */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Streamed uploads (audition videos) go up in parts of this size (S3's smallest is 5 MiB): one part is
 * sent while the next is read, so memory stays near two parts however long the video.
 */
const PART_SIZE = 8 * 1024 * 1024;

export function createS3Client(settings: S3Settings): S3Client {
  const config: S3ClientConfig = {
    region: settings.S3_REGION ?? "us-east-1",
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    // A store that does not answer within 5 s is down; a transfer idle for a minute is stuck. Failed
    // requests are retried by the SDK (3 attempts, with backoff).
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
    ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY } }
      : {}),
  };
  if (settings.S3_ENDPOINT) {
    config.endpoint = settings.S3_ENDPOINT;
    // The SDK's default checksums (CRC32 headers and trailers on every upload, since 3.729) are refused
    // by several S3-compatible services (aws/aws-sdk-js-v3#6810). Amazon S3 itself keeps them.
    config.requestChecksumCalculation = "WHEN_REQUIRED";
    config.responseChecksumValidation = "WHEN_REQUIRED";
  }
  return new S3Client(config);
}

/** An S3 error that means "no such object" (GetObject says NoSuchKey; HeadObject, having no body, NotFound). */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound";
}

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Put before every key, e.g. "media/" (S3_PREFIXES). */
  prefix: string;
  /** Stored with each object, for a CDN or public bucket that serves them without the app. */
  cacheControl?: string;
  /** Keys per ListObjectsV2 page (S3's own limit and default is 1000). */
  listPageSize?: number;
}

// long-function: one closure over the client, bucket, prefix and headers, returning the methods of MediaStorage that share them;
// splitting it would only pass the same values to each method.
export function createS3Storage({ client, bucket, prefix, cacheControl, listPageSize }: S3StorageOptions): MediaStorage {
  const objectKey = (key: string) => prefix + assertStorageKey(key);
  const headers = (key: string) => ({ ContentType: contentTypeOfKey(key), ...(cacheControl ? { CacheControl: cacheControl } : {}) });
  return {
    localRoot: null,
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: bytes, ContentLength: bytes.byteLength, ...headers(key) }));
    },
    async putStream(key, source) {
      const target = { Bucket: bucket, Key: objectKey(key) };
      let written = 0;
      let chunks: Uint8Array[] = [];
      let buffered = 0;
      const take = () => {
        const body = Buffer.concat(chunks);
        chunks = [];
        buffered = 0;
        return body;
      };
      // A multipart upload becomes an object only when it is completed, after the last part; until the
      // first part is full nothing is sent at all, and a short stream is one PutObject at its end.
      let uploadId: string | undefined;
      const parts: CompletedPart[] = [];
      let sending: Promise<void> | null = null;
      const send = async (UploadId: string, PartNumber: number, Body: Buffer) => {
        const { ETag } = await client.send(new UploadPartCommand({ ...target, UploadId, PartNumber, Body, ContentLength: Body.byteLength }));
        parts.push({ PartNumber, ETag });
      };
      try {
        for await (const chunk of source) {
          written += chunk.byteLength;
          chunks.push(chunk);
          buffered += chunk.byteLength;
          if (buffered < PART_SIZE) continue;
          uploadId ??= (await client.send(new CreateMultipartUploadCommand({ ...target, ...headers(key) }))).UploadId!;
          const body = take();
          await sending;
          sending = send(uploadId, parts.length + 1, body);
          // Its failure is seen where it is awaited (above, or after the stream ends).
          sending.catch(() => undefined);
        }
        if (!uploadId) {
          const body = take();
          await client.send(new PutObjectCommand({ ...target, Body: body, ContentLength: body.byteLength, ...headers(key) }));
          return written;
        }
        await sending;
        if (buffered > 0) await send(uploadId, parts.length + 1, take());
        // Parts are sent one after another, so `parts` is in order.
        await client.send(new CompleteMultipartUploadCommand({ ...target, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
        return written;
      } catch (error) {
        // The stream's own error is what the caller acts on (a refused video): a failed clean-up must
        // not replace it. Parts an abort could not remove are S3's to expire (a lifecycle rule).
        if (uploadId) {
          // A part still on its way would land after the abort and stay.
          await sending?.catch(() => undefined);
          await client.send(new AbortMultipartUploadCommand({ ...target, UploadId: uploadId })).catch(() => undefined);
        }
        throw error;
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return object.Body ? await object.Body.transformToByteArray() : new Uint8Array(0);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        // Cancelling the web stream (a client that went away) destroys the response and frees its socket.
        return object.Body ? (object.Body.transformToWebStream() as ReadableStream<Uint8Array>) : new ReadableStream<Uint8Array>({ start: (c) => c.close() });
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // Deleting a missing object succeeds, as it does on disk.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *list(under = "") {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix + under, ContinuationToken: token, MaxKeys: listPageSize }));
        for (const object of page.Contents ?? []) {
          // An object the store lists without a time is taken as just stored, so the orphan sweep never thinks it old.
          if (object.Key?.startsWith(prefix)) yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date() };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    // An unfinished multipart upload is no object (nothing lists or serves it); the bucket's lifecycle
    // rule "abort incomplete multipart uploads after 1 day" expires it (decision 023).
    async *listUnfinished() {},
    async deleteUnfinished(name) {
      throw new Error(`An object store keeps no unfinished writes as objects: ${JSON.stringify(name)}`);
    },
  };
}

/** The public media and the private files in one bucket, each under its prefix. */
export function createS3Storages(settings: S3Settings, client = createS3Client(settings)): { storage: MediaStorage; privateStorage: MediaStorage } {
  return {
    storage: createS3Storage({ client, bucket: settings.S3_BUCKET, prefix: S3_PREFIXES.media, cacheControl: MEDIA_CACHE_CONTROL }),
    privateStorage: createS3Storage({ client, bucket: settings.S3_BUCKET, prefix: S3_PREFIXES.private }),
  };
}
