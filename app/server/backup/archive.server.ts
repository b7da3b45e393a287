import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import tar from "tar-stream";
import { z } from "../../domain/zod";
import { MAX_STORAGE_KEY_LENGTH } from "../platform/storage.server";

/**
 * The backup archive (docs/decisions/024-backups.md): a gzipped tar of
 *   db/<table>.jsonl      every table's rows, one JSON object per line
 *   media/<key>           the public media, under their storage keys
 *   private/<key>         the private files (applicants' photos and videos)
 *   manifest.json         last: versions, row counts, and the size and SHA-256 of every other entry
 */

export const ARCHIVE_FORMAT = "we-entertainment-backup";
/** Raised when the layout or the meaning of an entry changes; a restore refuses versions it does not know. */
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = "manifest.json";
/**
 * Scheduled backups kept in the private storage (BACKUP_TARGET=storage) live under this prefix: they are
 * not part of the next backup, and do not make a storage count as holding files.
 */
export const STORED_BACKUPS_PREFIX = "backups/";

/** `we-backup-20261124T053000Z.tar.gz`: sorts by time, and says it is ours. */
export function backupFileName(at: Date): string {
  return `we-backup-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}.tar.gz`;
}

export const BACKUP_FILE_PATTERN = /^we-backup-\d{8}T\d{6}Z\.tar\.gz$/;

const entrySchema = z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int(),
  app: z.object({ name: z.string(), version: z.string() }),
  createdAt: z.iso.datetime({ offset: true }),
  source: z.object({ engine: z.enum(["postgres", "pglite"]), serverVersion: z.string() }),
  /** The last migration applied to the database it was made from. */
  migration: z.object({ tag: z.string().nullable(), when: z.number().int(), hash: z.string() }),
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      rows: z.number().int().nonnegative(),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
    }),
  ),
  storages: z.object({
    media: z.object({ objects: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
    private: z.object({ objects: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  }),
  entries: z.array(entrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestEntry = z.infer<typeof entrySchema>;

export type StorageName = "media" | "private";

export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const storageEntry = (storage: StorageName, key: string) => `${storage}/${key}`;

/**
 * Storage keys are server-generated (`2026/11/<hex>.jpg`); anything else in an archive (a `..`, an
 * absolute path, odd characters) is not from us and must not reach a storage.
 */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export type EntryKind =
  | { kind: "manifest" }
  | { kind: "table"; table: string }
  | { kind: "object"; storage: StorageName; key: string };

/** What an entry's path holds, or null for a path no backup of ours writes. */
export function classifyEntry(name: string): EntryKind | null {
  if (name === MANIFEST_ENTRY) return { kind: "manifest" };
  const table = /^db\/([a-z_][a-z0-9_]*)\.jsonl$/.exec(name);
  if (table) return { kind: "table", table: table[1]! };
  const object = /^(media|private)\/(.+)$/.exec(name);
  // A key longer than any storage takes is refused with the archive, not halfway through the restore.
  if (object && object[2]!.length <= MAX_STORAGE_KEY_LENGTH && SAFE_KEY.test(object[2]!)) return { kind: "object", storage: object[1] as StorageName, key: object[2]! };
  return null;
}

export interface ArchiveEntry {
  name: string;
  /** Regular file, or something else (a directory, a link) that our archives never hold. */
  isFile: boolean;
  size: number;
  /** The entry's bytes; must be read to the end (or the walk stopped) before the next entry comes. */
  body: AsyncIterable<Buffer>;
}

/** Why an archive could not be read: not gzip/tar at all, or damaged on the way (truncated, altered). */
export class ArchiveReadError extends Error {
  override name = "ArchiveReadError";
  constructor(
    readonly reason: "foreign" | "damaged",
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * Walks the entries of a .tar.gz file in order, streaming. Gzip's own checksum and the tar headers'
 * are checked on the way, so a truncated or altered file fails here (after the entries before the
 * damage have been seen).
 */
export async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract();
  const source = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  // Read below, after the entries (or when they fail): gunzip's end-of-data checks come last.
  source.catch(() => undefined);
  let seen = 0;
  const readError = (error: unknown) => {
    if (error instanceof ArchiveReadError) return error;
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as NodeJS.ErrnoException | null)?.code;
    const notOurs = seen === 0 && (code === "Z_DATA_ERROR" || /invalid tar header/i.test(message));
    return new ArchiveReadError(notOurs ? "foreign" : "damaged", message);
  };
  async function* body(entry: AsyncIterable<Buffer>) {
    try {
      yield* entry;
    } catch (error) {
      throw readError(error);
    }
  }
  try {
    for await (const entry of extract) {
      seen++;
      yield { name: entry.header.name, isFile: entry.header.type === "file", size: entry.header.size ?? 0, body: body(entry as AsyncIterable<Buffer>) };
    }
    await source;
  } catch (error) {
    throw readError(error);
  } finally {
    extract.destroy();
  }
}
