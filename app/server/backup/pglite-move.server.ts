import cluster from "node:cluster";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as schema from "../../../drizzle/schema";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "../platform/data-dir-lock.server";
import type { Database, DatabaseHandle } from "../platform/db.server";
import type { Logger } from "../platform/logger.server";
import { createLocalStorage, type MediaStorage } from "../platform/storage.server";
import { STORED_BACKUPS_PREFIX } from "./archive.server";
import { fileSink, writeBackup } from "./backup.server";
import { applyRestore, checkArchive, type CheckedArchive } from "./restore.server";
import { appliedMigration, dumpTable, jsonLines, listTables, setPortableOutput, tablesWithRows } from "./tables.server";

/**
 * Moves the database of an embedded PGlite directory (DATA_DIR/pglite, the default engine until issue 38)
 * into the new PostgreSQL database, once, at the first start of the version that replaced PGlite.
 *
 * The way over is the engine-neutral backup archive (decision 024): the PGlite directory is opened
 * directly and written out as an archive of its rows (DATA_DIR/pglite-move/archive.tar.gz), which is
 * checked whole (checksums, row counts) and restored into the target. The stored files are not part of
 * it: the local storages (DATA_DIR/media, DATA_DIR/private) or the bucket stay where they are, used by
 * the new version as they were by the old one.
 *
 * Verified before anything is marked done: every table of the target holds exactly the archive's rows
 * (counts, and an order-independent SHA-256 digest of the rows as JSON, dumped from the target the way the
 * backup dumped them from PGlite), PGlite's own counts equal the archive's, and the stored files (key,
 * size and, on the local disk, SHA-256) are the same after the move as before it.
 *
 * Interruption: nothing is marked until the end, so a move killed at any point starts over at the next
 * start. Before its first write to the target a move records that it began (DATA_DIR/pglite-move/
 * started.json); only then may a later attempt empty the target of a half-done restore. A target that
 * holds rows this move did not write is refused, never emptied. Once verified, a marker is written into
 * the PGlite directory, and the directory is renamed last to DATA_DIR/pglite-moved-<time>; a process
 * killed between the two just renames at the next start.
 */

export const PGLITE_DIR = "pglite";
export const MOVE_WORK_DIR = "pglite-move";
/** Written into the PGlite directory once its rows are verified in PostgreSQL (PostgreSQL ignores unknown files there). */
export const MOVED_MARKER = "we-moved-to-postgres.json";
const STARTED_FILE = "started.json";
const ARCHIVE_FILE = "archive.tar.gz";

/** A move that could not be done or verified; the PGlite directory is left as it was. */
export class PgliteMoveError extends Error {
  override name = "PgliteMoveError";
  constructor(what: string, options?: { cause?: unknown }) {
    super(
      `Moving the embedded PGlite database into PostgreSQL failed: ${what} ` +
        "The PGlite directory was left as it was (nothing is lost), and the move starts over at the next start.",
      options,
    );
  }
}

/** Points of a move, for tests: a hook that throws there plays a process killed at that point. */
export type PgliteMoveStep = "archived" | "target-prepared" | "restored" | "verified" | "marked";

export interface PgliteMoveOptions {
  dataDir: string;
  /** The new PostgreSQL database, open; migrated or empty. Emptied only of rows an earlier attempt of this move wrote. */
  target: DatabaseHandle;
  /** The storages the server uses (they stay where they are; they are only checked). */
  storage: MediaStorage;
  privateStorage: MediaStorage;
  logger: Logger;
  /** Names the directory the old one is renamed to. */
  now?: () => Date;
  onStep?: (step: PgliteMoveStep) => void | Promise<void>;
}

export type PgliteMoveResult =
  | { moved: false }
  | {
      moved: true;
      /** Where the PGlite directory is now. */
      keptAt: string;
      /** Rows and tables moved, files checked (all zero when an earlier start had already moved them and only the rename was left). */
      rows: number;
      tables: number;
      files: number;
    };

/**
 * Moves DATA_DIR/pglite into `target` when it is there and not yet moved; does nothing otherwise (one
 * stat). Call it after the new database is open and migrated, before serving, and only for the embedded
 * default (not with DATABASE_URL). Throws PgliteMoveError when the move cannot be done or verified.
 */
export async function movePgliteDataDir(options: PgliteMoveOptions): Promise<PgliteMoveResult> {
  const { dataDir, logger } = options;
  const pgliteDir = path.join(dataDir, PGLITE_DIR);
  if (!(await exists(pgliteDir))) return { moved: false };

  const lock = takeLock(dataDir);
  try {
    const workDir = path.join(dataDir, MOVE_WORK_DIR);
    if (await exists(path.join(pgliteDir, MOVED_MARKER))) {
      logger.info({ pgliteDir }, "the PGlite database was already moved into PostgreSQL; renaming its directory");
      return await finish(options, pgliteDir, workDir, { rows: 0, tables: 0, files: 0 });
    }
    logger.info({ pgliteDir }, "moving the embedded PGlite database into PostgreSQL");
    const counts = await move(options, pgliteDir, workDir);
    return await finish(options, pgliteDir, workDir, counts);
  } finally {
    lock?.release();
  }
}

/**
 * The data directory's lock for the move, or null when this very process holds it already (the server
 * that calls the move), or its cluster primary does (WEB_CONCURRENCY's first worker, decision 056).
 */
function takeLock(dataDir: string): DataDirLock | null {
  try {
    return acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const holder = error.holder;
      if (holder && holder.hostname === os.hostname() && (holder.pid === process.pid || (cluster.isWorker && holder.pid === process.ppid))) return null;
      throw new PgliteMoveError(`another process still uses the data directory (a server of the previous version?). ${error.message}`, { cause: error });
    }
    throw error;
  }
}

async function move(options: PgliteMoveOptions, pgliteDir: string, workDir: string): Promise<{ rows: number; tables: number; files: number }> {
  const { target, logger, onStep } = options;
  await fs.promises.mkdir(workDir, { recursive: true, mode: 0o700 });
  const archiveFile = path.join(workDir, ARCHIVE_FILE);
  await fs.promises.rm(archiveFile, { force: true });
  // The archive holds the rows only: the stored files stay where they are (a copy of every applicant's
  // video inside DATA_DIR would double the disk the start needs). A storage that holds nothing stands in.
  const noFiles = createLocalStorage(path.join(workDir, "no-files"));

  const source = await openPgliteSource(pgliteDir);
  let pgliteCounts: Map<string, number>;
  try {
    if (!(await appliedMigration(source.db))) {
      // A directory PGlite was created in but the server never migrated: there is nothing to move.
      logger.warn({ pgliteDir }, "the PGlite directory holds no migrated database; nothing to move");
      return { rows: 0, tables: 0, files: 0 };
    }
    try {
      await writeBackup({ database: source, storage: noFiles, privateStorage: noFiles, logger }, fileSink(archiveFile), (options.now ?? (() => new Date()))());
    } catch (error) {
      throw new PgliteMoveError(`its rows could not be written out (${message(error)}).`, { cause: error });
    }
    pgliteCounts = await countRows(source.db);
  } finally {
    await source.close();
  }
  await onStep?.("archived");

  const filesBefore = await fingerprint(options.storage, options.privateStorage);
  let archive: CheckedArchive;
  try {
    archive = await checkArchive(archiveFile);
  } catch (error) {
    throw new PgliteMoveError(`the archive of its rows did not check out (${message(error)}).`, { cause: error });
  }
  try {
    const { manifest } = archive;
    for (const table of manifest.tables) {
      if (pgliteCounts.get(table.name) !== table.rows) {
        throw new PgliteMoveError(`the table ${table.name} has ${pgliteCounts.get(table.name) ?? 0} rows in PGlite but ${table.rows} in the archive.`);
      }
    }
    await prepareTarget(target, workDir, archive);
    await onStep?.("target-prepared");
    try {
      await applyRestore({ database: target, storage: noFiles, privateStorage: noFiles }, archive);
    } catch (error) {
      throw new PgliteMoveError(`restoring its rows into PostgreSQL failed (${message(error)}).`, { cause: error });
    }
    await onStep?.("restored");
    await verifyTarget(target.db, archive);
    const filesAfter = await fingerprint(options.storage, options.privateStorage);
    const changed = differences(filesBefore, filesAfter);
    if (changed.length > 0) throw new PgliteMoveError(`the stored files changed during the move (${changed.slice(0, 5).join(", ")}${changed.length > 5 ? ", …" : ""}).`);
    await onStep?.("verified");

    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    await writeFileAtomically(
      path.join(pgliteDir, MOVED_MARKER),
      `${JSON.stringify({ movedAt: new Date().toISOString(), migration: manifest.migration.tag, rows, tables: Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows])), files: filesAfter.size }, null, 2)}\n`,
    );
    await onStep?.("marked");
    return { rows, tables: manifest.tables.length, files: filesAfter.size };
  } finally {
    await archive.cleanup();
  }
}

/**
 * Makes the target ready for the rows: it must hold none, except those an earlier attempt of this move
 * wrote (started.json says one began), which are removed. A target migrated past the archive (the new
 * version added migrations) loses its schema, so the restore can bring it up from the archive's migration.
 */
async function prepareTarget(target: DatabaseHandle, workDir: string, archive: CheckedArchive): Promise<void> {
  const startedFile = path.join(workDir, STARTED_FILE);
  const db = target.db;
  const filled = await tablesWithRows(db, (await listTables(db)).map((t) => t.name));
  const started = await exists(startedFile);
  if (filled.length > 0 && !started) {
    throw new PgliteMoveError(
      `the new PostgreSQL database already holds rows this move did not write (tables ${filled.join(", ")}). ` +
        "It is left alone: move the PGlite directory aside by hand if the PostgreSQL database is the one to keep.",
    );
  }
  await writeFileAtomically(startedFile, `${JSON.stringify({ startedAt: new Date().toISOString(), pid: process.pid })}\n`);
  const applied = await appliedMigration(db);
  const ahead = applied !== null && applied.when > archive.migration.when;
  if (ahead) {
    // Only this move's rows (or none) are in it: the schema goes, and the restore migrates it again.
    await db.transaction(async (tx) => {
      const [{ name }] = ((await tx.execute(sql`select current_schema() as name`)) as unknown as { rows: [{ name: string }] }).rows;
      await tx.execute(sql`drop schema if exists drizzle cascade`);
      await tx.execute(sql`drop schema ${sql.identifier(name)} cascade`);
      await tx.execute(sql`create schema ${sql.identifier(name)}`);
    });
  } else if (filled.length > 0) {
    await db.execute(sql`truncate table ${sql.join(filled.map((t) => sql.identifier(t)), sql`, `)} restart identity cascade`);
  }
}

/**
 * Every table of the target against the archive: the same number of rows, and the same rows (an
 * order-independent digest of each row as JSON, dumped from the target as the backup dumped PGlite's). After
 * an archive of an older migration the newer migrations may have changed rows, so then only the
 * restore's own counts (taken at the archive's migration) stand.
 */
async function verifyTarget(db: Database, archive: CheckedArchive): Promise<void> {
  const counts = await countRows(db);
  if (!archive.upToDate) return;
  const expected = new Map(archive.manifest.tables.map((t) => [t.name, t.rows]));
  for (const [name, rows] of counts) {
    if (expected.get(name) !== rows) throw new PgliteMoveError(`the table ${name} holds ${rows} rows in PostgreSQL but ${expected.get(name) ?? 0} in PGlite.`);
  }
  const digests = await db.transaction(
    async (tx) => {
      await setPortableOutput(tx);
      const result = new Map<string, string>();
      for (const table of await listTables(tx)) {
        const digest = new RowsDigest();
        await dumpTable(tx, table, async (line) => digest.add(line));
        result.set(table.name, digest.value());
      }
      return result;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  for (const table of archive.manifest.tables) {
    const digest = new RowsDigest();
    for await (const line of jsonLines(archive.tableFile(table.name))) digest.add(line);
    if (digests.get(table.name) !== digest.value()) throw new PgliteMoveError(`the rows of the table ${table.name} in PostgreSQL differ from PGlite's.`);
  }
}

/** A digest of a multiset of lines: the sum of their SHA-256 values (so the order does not count), and how many. */
class RowsDigest {
  private sum = 0n;
  private count = 0;
  add(line: string) {
    this.sum = (this.sum + BigInt(`0x${createHash("sha256").update(line).digest("hex")}`)) % (1n << 256n);
    this.count++;
  }
  value(): string {
    return `${this.count}:${this.sum.toString(16)}`;
  }
}

async function countRows(db: Database): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of await listTables(db)) {
    const [row] = ((await db.execute(sql`select count(*)::int as n from ${sql.identifier(table.name)}`)) as unknown as { rows: [{ n: number }] }).rows;
    counts.set(table.name, Number(row.n));
  }
  return counts;
}

/**
 * Every stored file by storage and key: its size and, on the local disk, its SHA-256 (in a bucket the
 * size only: reading every object would download the whole bucket). Scheduled backups kept in the
 * private storage are left out, as from a backup.
 */
async function fingerprint(storage: MediaStorage, privateStorage: MediaStorage): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [name, store] of [
    ["media", storage],
    ["private", privateStorage],
  ] as const) {
    for await (const object of store.list()) {
      if (name === "private" && object.key.startsWith(STORED_BACKUPS_PREFIX)) continue;
      let sha256 = "";
      if (store.localRoot) {
        const hash = createHash("sha256");
        for await (const chunk of fs.createReadStream(path.join(store.localRoot, object.key))) hash.update(chunk as Buffer);
        sha256 = hash.digest("hex");
      }
      files.set(`${name}/${object.key}`, `${object.size}:${sha256}`);
    }
  }
  return files;
}

function differences(before: Map<string, string>, after: Map<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

/** The last step: the work directory goes, then the PGlite directory is renamed aside (last, so a kill before it is finished by the next start). */
async function finish(options: PgliteMoveOptions, pgliteDir: string, workDir: string, counts: { rows: number; tables: number; files: number }): Promise<PgliteMoveResult> {
  // started.json goes first: with it gone, no later start may empty the target.
  await fs.promises.rm(workDir, { recursive: true, force: true });
  const stamp = formatStamp((options.now ?? (() => new Date()))());
  let keptAt = path.join(options.dataDir, `pglite-moved-${stamp}`);
  for (let n = 2; await exists(keptAt); n++) keptAt = path.join(options.dataDir, `pglite-moved-${stamp}-${n}`);
  await fs.promises.rename(pgliteDir, keptAt);
  options.logger.info(
    { keptAt, ...counts },
    `The embedded PGlite database was moved into PostgreSQL. The old directory is kept at ${keptAt}; ` +
      `once the site is checked, remove it with: rm -rf ${keptAt}`,
  );
  return { moved: true, keptAt, ...counts };
}

/** YYYYMMDD-HHMMSS in UTC. */
function formatStamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
}

/** The PGlite directory opened directly (PGlite is loaded only here), as much of a DatabaseHandle as a backup needs. */
async function openPgliteSource(pgliteDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  // The settings the server opened it with (decision 028): a small heap.
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "max_connections=10"];
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create({ dataDir: pgliteDir, startParams });
  } catch (error) {
    throw new PgliteMoveError(`the PGlite directory ${pgliteDir} could not be opened (${message(error)}).`, { cause: error });
  }
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    engine: "pglite",
    migrate: () => Promise.reject(new Error("The PGlite directory being moved is not migrated.")),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    relayChanges: () => ({ ready: Promise.resolve(), delivered: () => Promise.resolve(), async stop() {} }),
    poolStats: () => null,
    close: () => client.close(),
  };
}

async function writeFileAtomically(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await fs.promises.open(tmp, "w", 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(tmp, file);
  const dir = await fs.promises.open(path.dirname(file), "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.promises.stat(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
