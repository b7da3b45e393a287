import type { Dirent } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** A byte range of a stored object, both ends inclusive (as HTTP Range says). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An object as a storage lists it. */
export interface StoredObject {
  key: string;
  size: number;
  /** When it was stored, by the storage's own clock: the file's mtime, or the object's LastModified in S3. */
  modifiedAt: Date;
}

/**
 * What a write that never finished left behind (the process was killed mid-upload): a local temporary
 * file. Named by its path under the storage's root; never an object.
 */
export interface UnfinishedWrite {
  name: string;
  size: number;
  /** Its last write: a write still under way keeps moving it. */
  modifiedAt: Date;
}

/**
 * Where stored files live: the local disk (createLocalStorage, the default) or an S3-compatible object
 * store (createS3Storage in s3-storage.server.ts). Two instances run: the public media (served under
 * /media) and the private files (audition applicants' photos and videos, served only through the
 * admin's routes); see decisions 016 and 023.
 */
export interface MediaStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Stores what a stream yields, as it arrives (nothing is held in memory). The object appears only
   * once the stream has ended; a stream that fails leaves nothing behind. Returns the bytes written.
   */
  putStream(key: string, source: AsyncIterable<Uint8Array>): Promise<number>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The object (or a range of it) as a stream, or null when there is none. */
  stream(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  delete(key: string): Promise<void>;
  /**
   * Every stored object whose key starts with `prefix` (default: all), in no particular order;
   * temporary files of writes in progress are not objects. For backups, migrations and the orphan sweep.
   */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /**
   * Leftovers of writes that never finished, for the orphan sweep (decision 035): the local storage's
   * temporary files. An object store shows none (an unfinished multipart upload is no object; the
   * bucket's lifecycle rule expires it, decision 023).
   */
  listUnfinished(): AsyncIterable<UnfinishedWrite>;
  /** Removes one of `listUnfinished`'s leftovers (and nothing that is not one). */
  deleteUnfinished(name: string): Promise<void>;
  /** Absolute file path for local serving, when the storage is local. */
  localRoot: string | null;
}

/** Public URL path of a stored object. Keys are server-generated, never user file names. */
export function mediaUrl(key: string): string {
  return `/media/${key}`;
}

/** The keys of stored images and their variants: `2026/11/<128-bit hex>[-width].ext` (decision 006). */
export const MEDIA_KEY_PATTERN = String.raw`\d{4}/\d{2}/[0-9a-f]{32}(?:-\d+)?\.(?:jpg|png|webp|avif|gif)`;

const MEDIA_URL = new RegExp(`^/media/(${MEDIA_KEY_PATTERN})$`);

/** Storage key from a `/media/...` URL of ours, or null for anything else. */
export function mediaKeyFromUrl(url: string): string | null {
  return MEDIA_URL.exec(url)?.[1] ?? null;
}

/** The longest key a storage takes. */
export const MAX_STORAGE_KEY_LENGTH = 512;

/**
 * A key as every storage takes it: "/"-separated segments, none empty, "." or "..", no backslash or
 * control character. Keys are made by the server; this is the guard against one that is not.
 */
export function assertStorageKey(key: string): string {
  const valid = key.length > 0 && key.length <= MAX_STORAGE_KEY_LENGTH && !/[\\\p{Cc}]/u.test(key) && key.split("/").every((s) => s !== "" && s !== "." && s !== "..");
  if (!valid) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  pdf: "application/pdf",
  hwp: "application/x-hwp",
  hwpx: "application/hwp+zip",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  mp4: "video/mp4",
  mov: "video/quicktime",
};

/** The type a stored object is served with, from the extension of its (server-made) key. */
export function contentTypeOfKey(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? "";
  return CONTENT_TYPES[extension] ?? "application/octet-stream";
}

/** How the local storage names a file while it is being written (renamed to its key when complete). */
const TEMPORARY_SUFFIX = ".tmp";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ENOENT";

// long-function: one closure over the storage root, returning the short methods of MediaStorage that share it and its
// path helpers; splitting it would only pass the root to each method.
export function createLocalStorage(root: string): MediaStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, assertStorageKey(key));
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  let tmpCounter = 0;
  const tmpName = (file: string) => `${file}.${process.pid}-${++tmpCounter}${TEMPORARY_SUFFIX}`;
  /** Every file under the root (none when the root does not exist: listing creates nothing). */
  async function* files(): AsyncGenerator<{ name: string; full: string }> {
    const base = path.resolve(root);
    let entries: Dirent[];
    try {
      entries = await fs.readdir(base, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      yield { name: path.relative(base, full).split(path.sep).join("/"), full };
    }
  }
  return {
    localRoot: root,
    async put(key, bytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = tmpName(file);
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    },
    async putStream(key, source) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = tmpName(file);
      let written = 0;
      // The temporary file is opened before anything flows: a stream that fails at once must not
      // race a write stream still opening its file (which would create it after the clean-up below).
      const handle = await fs.open(tmp, "wx");
      try {
        await pipeline(
          Readable.from(source),
          async function* (chunks: AsyncIterable<Uint8Array>) {
            for await (const chunk of chunks) {
              written += chunk.byteLength;
              yield chunk;
            }
          },
          handle.createWriteStream(),
        );
        await fs.rename(tmp, file);
        return written;
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await fs.readFile(resolve(key)));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        const stats = await fs.stat(resolve(key));
        return stats.isFile() ? stats.size : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key, range) {
      const file = resolve(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      // The stream owns the handle and closes it when done (a bare fd would also be closed by the
      // handle's garbage collection, twice: EBADF).
      const nodeStream = handle.createReadStream({ autoClose: true, ...(range ? { start: range.start, end: range.end } : {}) });
      return Readable.toWeb(nodeStream) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *list(prefix = "") {
      for await (const { name, full } of files()) {
        if (name.endsWith(TEMPORARY_SUFFIX) || !name.startsWith(prefix)) continue;
        const stats = await fs.stat(full).catch(() => null);
        if (stats?.isFile()) yield { key: name, size: stats.size, modifiedAt: stats.mtime };
      }
    },
    async *listUnfinished() {
      for await (const { name, full } of files()) {
        if (!name.endsWith(TEMPORARY_SUFFIX)) continue;
        const stats = await fs.stat(full).catch(() => null);
        if (stats?.isFile()) yield { name, size: stats.size, modifiedAt: stats.mtime };
      }
    },
    async deleteUnfinished(name) {
      if (!name.endsWith(TEMPORARY_SUFFIX)) throw new Error(`Not an unfinished write: ${JSON.stringify(name)}`);
      await fs.rm(resolve(name), { force: true });
    },
  };
}

