import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { name as appName, version as appVersion } from "../../../package.json";
import type { DatabaseHandle, Tx } from "../platform/db.server";
import type { Logger } from "../platform/logger.server";
import type { MediaStorage } from "../platform/storage.server";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  MANIFEST_ENTRY,
  STORED_BACKUPS_PREFIX,
  storageEntry,
  tableEntry,
  type Manifest,
  type ManifestEntry,
} from "./archive.server";
import { appliedMigration, dumpTable, listTables, setPortableOutput, type TableInfo } from "./tables.server";

export interface BackupSources {
  database: DatabaseHandle;
  storage: MediaStorage;
  privateStorage: MediaStorage;
  logger: Logger;
  /** Ends the backup between two pieces of work (the server is shutting down); nothing is left behind. */
  signal?: AbortSignal;
}

export interface BackupResult {
  manifest: Manifest;
  /** Size of the archive (compressed). */
  bytes: number;
}

/** Where the archive's bytes go (a file, a storage object); it must keep nothing if the source fails. */
export type ArchiveSink = (archive: AsyncIterable<Uint8Array>) => Promise<unknown>;

/** Rows are written to the temporary files in pieces of about this many characters. */
const SPOOL_FLUSH_CHARS = 1 << 20;

interface SpooledTable {
  name: string;
  rows: number;
  columns: { name: string; type: string }[];
  file: string;
}

/**
 * Writes one backup archive (archive.server.ts) of the database and both storages into `sink`.
 *
 * The rows are read in one REPEATABLE READ, READ ONLY transaction, so every table is seen at the same
 * moment; they go to temporary files first, which keeps that transaction short (on PGlite it holds the
 * one connection every request waits for). The files are streamed from the storages afterwards: an
 * object deleted in between is left out (logged), one added is included unreferenced.
 */
export async function writeBackup(sources: BackupSources, sink: ArchiveSink, createdAt = new Date()): Promise<BackupResult> {
  const { database } = sources;
  sources.signal?.throwIfAborted();
  const spoolDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "we-backup-"));
  try {
    const snapshot = await spoolSnapshot(database, spoolDir);

    const objects = {
      media: await listObjects(sources.storage, () => true),
      // Scheduled backups kept in the private storage are not backed up again.
      private: await listObjects(sources.privateStorage, (key) => !key.startsWith(STORED_BACKUPS_PREFIX)),
    };

    const abort = new AbortController();
    const onOuterAbort = () => abort.abort(sources.signal?.reason);
    sources.signal?.addEventListener("abort", onOuterAbort, { once: true });
    if (sources.signal?.aborted) onOuterAbort();
    const aborted = new Promise<never>((_, reject) => abort.signal.addEventListener("abort", () => reject(abort.signal.reason as Error), { once: true }));
    aborted.catch(() => undefined);

    const pack = tar.pack();
    const gzip = zlib.createGzip();
    let bytes = 0;
    const packing = pipeline(pack, gzip);
    const sinking = sink(
      (async function* () {
        for await (const chunk of gzip as AsyncIterable<Buffer>) {
          bytes += chunk.byteLength;
          yield chunk;
        }
      })(),
    );
    // A sink that fails (disk full) must stop the writing below, which would otherwise wait for it forever.
    sinking.catch((error: unknown) => abort.abort(error));
    packing.catch((error: unknown) => abort.abort(error));

    const addEntry = archiveEntryWriter(pack, createdAt, abort.signal, aborted);

    try {
      const entries: ManifestEntry[] = [];
      for (const table of snapshot.tables) {
        entries.push(await addEntry(tableEntry(table.name), (await fs.promises.stat(table.file)).size, fs.createReadStream(table.file)));
      }
      const totals = await addStorageEntries(sources, objects, addEntry, entries);
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        app: { name: appName, version: appVersion },
        createdAt: createdAt.toISOString(),
        source: { engine: database.engine, serverVersion: snapshot.serverVersion },
        migration: snapshot.migration,
        tables: snapshot.tables.map(({ name, rows, columns }) => ({ name, rows, columns })),
        storages: totals,
        entries,
      };
      const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      await addEntry(MANIFEST_ENTRY, manifestBytes.byteLength, [manifestBytes]);
      pack.finalize();
      await Promise.all([packing, sinking]);
      return { manifest, bytes };
    } catch (error) {
      // The sink sees the failure as its source failing, and keeps nothing.
      gzip.destroy(error instanceof Error ? error : new Error(String(error)));
      pack.destroy();
      await Promise.allSettled([packing, sinking]);
      throw error;
    } finally {
      sources.signal?.removeEventListener("abort", onOuterAbort);
    }
  } finally {
    await fs.promises.rm(spoolDir, { recursive: true, force: true });
  }
}

/** Adds one entry to the archive (waiting while the archive is behind), its size and SHA-256 for the manifest; stops at `signal`. */
function archiveEntryWriter(pack: ReturnType<typeof tar.pack>, createdAt: Date, signal: AbortSignal, aborted: Promise<never>) {
  return async (name: string, size: number, body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<ManifestEntry> => {
    signal.throwIfAborted();
    const hash = createHash("sha256");
    let written = 0;
    let entry!: ReturnType<typeof pack.entry>;
    const done = new Promise<void>((resolve, reject) => {
      entry = pack.entry({ name, size, mode: 0o600, mtime: createdAt }, (error) => (error ? reject(error) : resolve()));
    });
    done.catch(() => undefined);
    for await (const chunk of body) {
      signal.throwIfAborted();
      hash.update(chunk);
      written += chunk.byteLength;
      if (!entry.write(chunk)) await Promise.race([once(entry, "drain"), aborted]);
    }
    // (streamx's typings want an argument; there is no last chunk.)
    entry.end(undefined);
    await Promise.race([done, aborted]);
    return { path: name, size: written, sha256: hash.digest("hex") };
  };
}

/** The tables' rows spooled to files under `spoolDir`, all read in one REPEATABLE READ, READ ONLY transaction. */
function spoolSnapshot(database: DatabaseHandle, spoolDir: string): Promise<{ migration: NonNullable<Awaited<ReturnType<typeof appliedMigration>>>; serverVersion: string; tables: SpooledTable[] }> {
  return database.db.transaction(
    async (tx) => {
      await setPortableOutput(tx);
      const migration = await appliedMigration(tx);
      if (!migration) throw new Error("The database has no migrations applied: there is nothing to back up.");
      const [version] = ((await tx.execute(sql`show server_version`)) as unknown as { rows: { server_version: string }[] }).rows;
      const tables: SpooledTable[] = [];
      for (const table of await listTables(tx)) {
        const file = path.join(spoolDir, `${table.name}.jsonl`);
        const rows = await spoolTable(tx, table, file);
        tables.push({ name: table.name, rows, columns: table.columns, file });
      }
      return { migration, serverVersion: version?.server_version ?? "unknown", tables };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Writes one table's rows to `file`, one JSON line each; how many. */
async function spoolTable(tx: Tx, table: TableInfo, file: string): Promise<number> {
  const out = await fs.promises.open(file, "w");
  let pending = "";
  try {
    const rows = await dumpTable(tx, table, async (line) => {
      pending += `${line}\n`;
      if (pending.length >= SPOOL_FLUSH_CHARS) {
        await out.write(pending);
        pending = "";
      }
    });
    await out.write(pending);
    return rows;
  } finally {
    await out.close();
  }
}

/** Adds every listed object of both storages to the archive (one deleted meanwhile is left out, logged); their totals. */
async function addStorageEntries(
  sources: BackupSources,
  objects: Record<"media" | "private", { key: string; size: number }[]>,
  addEntry: (name: string, size: number, body: AsyncIterable<Uint8Array>) => Promise<ManifestEntry>,
  entries: ManifestEntry[],
): Promise<Manifest["storages"]> {
  const totals = { media: { objects: 0, bytes: 0 }, private: { objects: 0, bytes: 0 } };
  for (const storageName of ["media", "private"] as const) {
    const storage = storageName === "media" ? sources.storage : sources.privateStorage;
    for (const object of objects[storageName]) {
      const stream = await storage.stream(object.key);
      if (!stream) {
        sources.logger.warn({ key: object.key, storage: storageName }, "a stored file was deleted during the backup; left out");
        continue;
      }
      entries.push(await addEntry(storageEntry(storageName, object.key), object.size, Readable.fromWeb(stream as unknown as NodeWebReadableStream<Uint8Array>)));
      totals[storageName].objects++;
      totals[storageName].bytes += object.size;
    }
  }
  return totals;
}

/** The storage's objects, by key (so archives of the same content list them alike). */
async function listObjects(storage: MediaStorage, include: (key: string) => boolean): Promise<{ key: string; size: number }[]> {
  const objects: { key: string; size: number }[] = [];
  for await (const object of storage.list()) if (include(object.key)) objects.push(object);
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * Writes the archive to a file that appears only once complete (a temporary file renamed), readable by
 * its owner only: it holds applicants' personal data and the administrator's password hash.
 */
export function fileSink(file: string): ArchiveSink {
  return async (archive) => {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    const handle = await fs.promises.open(tmp, "wx", 0o600);
    try {
      await pipeline(Readable.from(archive), handle.createWriteStream());
      await fs.promises.rename(tmp, file);
    } catch (error) {
      await fs.promises.rm(tmp, { force: true });
      throw error;
    }
  };
}
