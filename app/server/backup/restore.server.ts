import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Database, DatabaseHandle } from "../platform/db.server";
import type { MediaStorage } from "../platform/storage.server";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveReadError,
  classifyEntry,
  manifestSchema,
  readArchive,
  STORED_BACKUPS_PREFIX,
  tableEntry,
  type Manifest,
} from "./archive.server";
import {
  appliedMigration,
  insertionOrder,
  knownMigrations,
  listTables,
  loadTable,
  migrationsUpTo,
  resetSequences,
  tablesWithRows,
  type Migration,
} from "./tables.server";

/** A restore that did not start: the archive or the target is not what it must be. Nothing was changed. */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

function refuse(message: string): never {
  throw new RestoreRefusedError(message);
}

const NOT_OURS = "이 사이트(WE ENTERTAINMENT)의 백업 파일이 아닙니다";
const DAMAGED = "백업 파일이 손상되었거나 잘렸습니다";
/** A manifest is a few hundred bytes per stored file; anything near this is not one of ours. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export interface VerifiedArchive {
  manifest: Manifest;
  /** The rows of a table, extracted to a temporary file while checking. */
  tableFile(table: string): string;
  cleanup(): Promise<void>;
}

/**
 * Reads the whole archive once and checks it before anything is changed: that it is a backup of ours in a
 * format this code knows, that every entry the manifest lists is there with its size and SHA-256 (and
 * nothing else is), and that each table holds the rows the manifest counts. The tables' rows are kept in
 * temporary files for the restore; the stored files are only checked here and read again when written.
 */
export async function verifyArchive(file: string): Promise<VerifiedArchive> {
  const spoolDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "we-restore-"));
  const cleanup = () => fs.promises.rm(spoolDir, { recursive: true, force: true });
  try {
    const stats = await fs.promises.stat(file).catch(() => null);
    if (!stats?.isFile()) refuse(`백업 파일이 없습니다: ${file}`);

    const seen = new Map<string, { size: number; sha256: string; lines: number }>();
    let manifestText = "";
    try {
      for await (const entry of readArchive(file)) {
        const kind = entry.isFile ? classifyEntry(entry.name) : null;
        if (!kind) refuse(`${NOT_OURS} (알 수 없는 항목: ${entry.name}).`);
        if (seen.has(entry.name)) refuse(`${NOT_OURS} (같은 항목이 두 번 있습니다: ${entry.name}).`);
        const hash = createHash("sha256");
        let size = 0;
        let lines = 0;
        const manifestChunks: Buffer[] = [];
        const spool = kind.kind === "table" ? await fs.promises.open(path.join(spoolDir, `${kind.table}.jsonl`), "w") : null;
        try {
          for await (const chunk of entry.body) {
            hash.update(chunk);
            size += chunk.byteLength;
            if (kind.kind === "manifest") {
              if (size > MAX_MANIFEST_BYTES) refuse(`${NOT_OURS} (manifest.json이 너무 큽니다).`);
              manifestChunks.push(chunk);
            }
            if (spool) {
              for (const byte of chunk) if (byte === 0x0a) lines++;
              await spool.write(chunk);
            }
          }
        } finally {
          await spool?.close();
        }
        if (kind.kind === "manifest") manifestText = Buffer.concat(manifestChunks).toString("utf8");
        seen.set(entry.name, { size, sha256: hash.digest("hex"), lines });
      }
    } catch (error) {
      if (error instanceof ArchiveReadError) {
        refuse(error.reason === "foreign" ? `${NOT_OURS} (tar.gz 형식이 아닙니다: ${error.detail}).` : `${DAMAGED} (${error.detail}).`);
      }
      throw error;
    }

    const manifest = parseManifest(manifestText, seen.has("manifest.json"));
    const listed = new Map(manifest.entries.map((entry) => [entry.path, entry]));
    for (const entry of manifest.entries) {
      const found = seen.get(entry.path);
      if (!found) refuse(`${DAMAGED}: manifest에 있는 항목이 백업에 없습니다 (${entry.path}).`);
      if (found.size !== entry.size || found.sha256 !== entry.sha256) refuse(`${DAMAGED}: ${entry.path}의 크기나 체크섬(SHA-256)이 manifest와 다릅니다.`);
    }
    for (const name of seen.keys()) {
      if (name !== "manifest.json" && !listed.has(name)) refuse(`${DAMAGED}: manifest에 없는 항목이 들어 있습니다 (${name}).`);
    }
    const tableNames = new Set(manifest.tables.map((t) => t.name));
    for (const name of seen.keys()) {
      const kind = classifyEntry(name);
      if (kind?.kind === "table" && !tableNames.has(kind.table)) refuse(`${DAMAGED}: manifest의 표 목록에 없는 표가 있습니다 (${kind.table}).`);
    }
    for (const table of manifest.tables) {
      const found = seen.get(tableEntry(table.name));
      if (!found) refuse(`${DAMAGED}: 표 ${table.name}의 행이 백업에 없습니다.`);
      if (found.lines !== table.rows) refuse(`${DAMAGED}: 표 ${table.name}의 행 수(${found.lines})가 manifest(${table.rows})와 다릅니다.`);
    }
    return { manifest, tableFile: (table) => path.join(spoolDir, `${table}.jsonl`), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function parseManifest(text: string, present: boolean): Manifest {
  if (!present) refuse(`${NOT_OURS} (manifest.json이 없습니다).`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    refuse(`${DAMAGED}: manifest.json을 읽을 수 없습니다.`);
  }
  const head = raw as { format?: unknown; formatVersion?: unknown };
  if (head?.format !== ARCHIVE_FORMAT) refuse(`${NOT_OURS} (manifest의 format이 ${ARCHIVE_FORMAT}가 아닙니다).`);
  if (head.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    const newer = typeof head.formatVersion === "number" && head.formatVersion > ARCHIVE_FORMAT_VERSION;
    refuse(
      newer
        ? `이 백업은 더 새로운 형식(버전 ${String(head.formatVersion)})입니다. 이 앱은 버전 ${ARCHIVE_FORMAT_VERSION}까지 읽습니다: 앱을 백업한 버전 이상으로 올린 뒤 복원하세요.`
        : `이 앱이 모르는 백업 형식입니다 (버전 ${String(head.formatVersion)}).`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) refuse(`${DAMAGED}: manifest.json의 내용이 올바르지 않습니다 (${parsed.error.issues[0]?.path.join(".")}).`);
  return parsed.data;
}

export interface RestoreTargets {
  database: DatabaseHandle;
  storage: MediaStorage;
  privateStorage: MediaStorage;
}

export interface RestoreResult {
  manifest: Manifest;
  /** The archive's migration, when it was older than this code's and the database was brought up from it. */
  migratedFrom: string | null;
  rows: number;
  objects: { media: number; private: number };
}

/** An archive checked whole (verifyArchive) whose migration this code knows: all a restore can check before looking at a target. */
export interface CheckedArchive extends VerifiedArchive {
  file: string;
  /** The last migration of the database it was made from. */
  migration: Migration;
  /** Whether that is this code's last migration (else the rows go in at it and are migrated up). */
  upToDate: boolean;
}

/**
 * Checks the whole archive and its version against this code, touching no target: a damaged, foreign or
 * newer archive is refused here. `cleanup()` removes the rows it extracted, once the restore is done.
 */
export async function checkArchive(file: string): Promise<CheckedArchive> {
  const archive = await verifyArchive(file);
  try {
    const { manifest } = archive;
    const migrations = knownMigrations();
    const position = migrations.findIndex((m) => m.when === manifest.migration.when);
    const latest = migrations.at(-1)!;
    if (position === -1) {
      const name = manifest.migration.tag ?? `created ${manifest.migration.when}`;
      refuse(
        manifest.migration.when > latest.when
          ? `이 백업은 더 새로운 버전의 앱(${manifest.app.version}, 마이그레이션 ${name})에서 만들었습니다. 이 앱의 마지막 마이그레이션은 ${latest.tag}입니다: 앱을 새 버전으로 올린 뒤 복원하세요.`
          : `이 백업의 마이그레이션(${name})을 이 앱이 모릅니다: 백업을 만든 버전의 앱으로 복원하세요.`,
      );
    }
    return { ...archive, file, migration: migrations[position]!, upToDate: position === migrations.length - 1 };
  } catch (error) {
    await archive.cleanup();
    throw error;
  }
}

/** Refuses a database that holds any row, or whose migrations are ahead of the archive's. */
export async function checkDatabaseEmpty(db: Database, archive: CheckedArchive): Promise<void> {
  const applied = await appliedMigration(db);
  if (applied && applied.when > archive.migration.when) {
    refuse(
      `대상 데이터베이스는 이미 이 백업(${archive.migration.tag})보다 새로운 마이그레이션(${applied.tag ?? applied.when})까지 적용되어 있습니다. ` +
        "아무것도 적용되지 않은 새 데이터베이스에 복원하세요.",
    );
  }
  const filled = await tablesWithRows(db, (await listTables(db)).map((t) => t.name));
  if (filled.length > 0) {
    refuse(
      `데이터베이스가 비어 있지 않습니다 (${filled.join(", ")} 표에 행이 있습니다). 복원은 빈 데이터베이스에만 합니다: ` +
        "PostgreSQL이면 새 데이터베이스를 만들어 DATABASE_URL로 지정하고, DATABASE_URL 없이 내장 데이터베이스를 쓰면 새(빈) DATA_DIR을 지정하세요.",
    );
  }
}

/** Refuses storages that hold any file (scheduled backups kept in the private one aside). Lists only: creates nothing. */
export async function checkStoragesEmpty(targets: Pick<RestoreTargets, "storage" | "privateStorage">): Promise<void> {
  for (const [label, storage, skip] of [
    ["미디어", targets.storage, null],
    ["비공개 파일", targets.privateStorage, STORED_BACKUPS_PREFIX],
  ] as const) {
    for await (const object of storage.list()) {
      if (skip && object.key.startsWith(skip)) continue;
      refuse(`${label} 저장소에 이미 파일이 있습니다 (${object.key}${storage.localRoot ? `, ${storage.localRoot}` : ""}). 빈 저장소에 복원하세요.`);
    }
  }
}

/**
 * Restores a backup into an empty database and empty storages, after checking the whole archive
 * (checkArchive) and the targets; a refusal changes nothing. Then applyRestore.
 *
 * An archive made by a newer version of the app (a migration this code does not have) is refused.
 */
export async function restoreBackup(targets: RestoreTargets, file: string): Promise<RestoreResult> {
  const archive = await checkArchive(file);
  try {
    await checkDatabaseEmpty(targets.database.db, archive);
    await checkStoragesEmpty(targets);
    return await applyRestore(targets, archive);
  } finally {
    await archive.cleanup();
  }
}

/**
 * Writes a checked archive into checked targets: the database is migrated to the archive's migration,
 * every table's rows are inserted in one transaction (parents before children, then every sequence moved
 * past the largest id), the newer migrations of this code run over them, and the files are written to
 * the storages. When writing the files fails, the ones this run wrote are removed again, so the storages
 * are as empty as they were for the next attempt.
 */
export async function applyRestore(targets: RestoreTargets, archive: CheckedArchive): Promise<RestoreResult> {
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), "we-restore-migrations-"));
  try {
    const { manifest, upToDate } = archive;
    const { database } = targets;
    await database.migrate(upToDate ? undefined : { migrationsFolder: migrationsUpTo(archive.migration, scratch) });
    let rows = 0;
    await database.db.transaction(async (tx) => {
      const present = new Map((await listTables(tx)).map((t) => [t.name, t]));
      for (const table of manifest.tables) {
        const target = present.get(table.name);
        const expected = table.columns.map((c) => c.name).sort().join(",");
        if (!target || target.columns.map((c) => c.name).sort().join(",") !== expected) {
          throw new Error(`The table ${table.name} of the backup does not match the database's at migration ${archive.migration.tag}.`);
        }
      }
      const missing = [...present.keys()].filter((name) => !manifest.tables.some((t) => t.name === name));
      if (missing.length > 0) throw new Error(`The backup has no rows for the tables ${missing.join(", ")}.`);
      for (const name of await insertionOrder(tx, [...present.keys()])) {
        const loaded = await loadTable(tx, present.get(name)!, archive.tableFile(name));
        const expected = manifest.tables.find((t) => t.name === name)!.rows;
        if (loaded !== expected) throw new Error(`The table ${name} received ${loaded} rows instead of ${expected}.`);
        rows += loaded;
      }
      await resetSequences(tx);
    });
    if (!upToDate) await database.migrate();

    const listed = new Map(manifest.entries.map((e) => [e.path, e]));
    const objects = { media: 0, private: 0 };
    const written: { storage: MediaStorage; key: string }[] = [];
    try {
      for await (const entry of readArchive(archive.file)) {
        const kind = classifyEntry(entry.name);
        if (kind?.kind !== "object") {
          for await (const chunk of entry.body) void chunk;
          continue;
        }
        const storage = kind.storage === "media" ? targets.storage : targets.privateStorage;
        written.push({ storage, key: kind.key });
        await storage.putStream(kind.key, unchanged(entry.body, listed.get(entry.name)!.sha256, entry.name));
        objects[kind.storage]++;
      }
    } catch (error) {
      // The storages were empty (checked): whatever is there now is this run's.
      await Promise.all(written.map(({ storage, key }) => storage.delete(key).catch(() => undefined)));
      throw error;
    }
    return { manifest, migratedFrom: upToDate ? null : archive.migration.tag, rows, objects };
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/** The entry's bytes, failing at the end (so the storage keeps nothing) if the file changed since it was checked. */
async function* unchanged(body: AsyncIterable<Buffer>, sha256: string, name: string): AsyncGenerator<Buffer> {
  const hash = createHash("sha256");
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
  if (hash.digest("hex") !== sha256) throw new Error(`${name} changed after the archive was checked.`);
}
