/**
 * Restores a backup archive into an empty database and empty storages: `npm run restore -- ARCHIVE`.
 * Uses DATABASE_URL / DATA_DIR and the storages like the server; the archive may come from either engine.
 * Everything that can be checked is checked before anything is created: the whole archive and its
 * version, then the database (an embedded cluster that is not there yet is an empty database, and is not
 * created to be looked at), then the storages (listing creates nothing). A refusal leaves no trace. A
 * failure after that removes what this run created (the data directory, the embedded cluster, the storage
 * folders, the files written), never a directory that was there before. See docs/decisions/024-backups.md
 * and 035-orphaned-files.md.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { applyRestore, checkArchive, checkDatabaseEmpty, checkStoragesEmpty, RestoreRefusedError, type RestoreResult } from "../app/server/backup/restore.server";
import { openDatabaseForScript } from "../app/server/backup/script-database.server";
import type { DatabaseHandle } from "../app/server/platform/db.server";
import { embeddedPostgresPaths } from "../app/server/platform/embedded-postgres-paths.server";
import { loadEnv } from "../app/server/platform/env.server";
import { createLogger } from "../app/server/platform/logger.server";
import { openStorages } from "../app/server/platform/storages.server";

const { positionals } = parseArgs({ allowPositionals: true });

const LOCKED_ADVICE = "복원은 빈 데이터베이스에만 합니다: 서버를 멈추고 새(빈) DATA_DIR을 지정해 복원한 뒤 서버를 시작하세요.";

/** The topmost directory on the way to `target` that does not exist yet (`target` itself or an ancestor); null when it exists. */
function firstMissing(target: string): string | null {
  let missing = path.resolve(target);
  if (fs.existsSync(missing)) return null;
  while (!fs.existsSync(path.dirname(missing))) missing = path.dirname(missing);
  return missing;
}

function report(archive: string, result: RestoreResult): string {
  const { manifest } = result;
  return (
    `복원했습니다: ${archive}\n` +
    `  백업 시각 ${manifest.createdAt}, 원본 ${manifest.source.engine === "pglite" ? "PGlite" : "PostgreSQL"}, 앱 ${manifest.app.version}\n` +
    `  표 ${manifest.tables.length}개, 행 ${result.rows}개, 미디어 파일 ${result.objects.media}개, 비공개 파일 ${result.objects.private}개\n` +
    (result.migratedFrom ? `  백업의 마이그레이션 ${result.migratedFrom}에서 이 앱의 마지막 마이그레이션까지 올렸습니다.\n` : "") +
    "이제 서버를 시작하세요.\n"
  );
}

async function main() {
  const [file, ...rest] = positionals;
  if (!file || rest.length > 0) throw new Error("사용법: npm run restore -- <백업 파일 경로>");
  const env = loadEnv();
  const logger = createLogger("warn");
  // The archive first, whole: a damaged, foreign or newer one is refused before any target is looked at.
  const archive = await checkArchive(file).catch((error: unknown) => {
    throw error instanceof RestoreRefusedError ? new Error(`복원하지 않았습니다: ${error.message}\n아무것도 바뀌지 않았습니다.`, { cause: error }) : error;
  });
  const storages = openStorages(env);
  const embedded = env.DATABASE_URL ? null : embeddedPostgresPaths(env.DATA_DIR);
  const clusterDir = embedded?.clusterDir ?? null;
  // What this run may create, as it is now: after a failure, what was not there is removed again. The
  // data-directory lock, the cluster's password, socket directory and log live in DATA_DIR too.
  const embeddedPlaces = embedded ? [embedded.clusterDir, embedded.dataDir, embedded.passwordFile, embedded.socketDir, embedded.logFile] : [];
  const places = [...embeddedPlaces, storages.storage.localRoot, storages.privateStorage.localRoot].filter((p): p is string => p !== null);
  const missing = [...new Set(places.map(firstMissing).filter((p): p is string => p !== null))];
  let database: DatabaseHandle | null = null;
  let changing = false;
  try {
    // A cluster that is not there holds no row: opening it to look would create it.
    if (!clusterDir || fs.existsSync(clusterDir)) {
      database = await openDatabaseForScript(env, logger, LOCKED_ADVICE, { whileServerRuns: "refuse" });
      await checkDatabaseEmpty(database.db, archive);
    }
    await checkStoragesEmpty(storages);
    // Checked: from here on the targets change.
    changing = true;
    database ??= await openDatabaseForScript(env, logger, LOCKED_ADVICE, { whileServerRuns: "refuse" });
    const result = await applyRestore({ database, storage: storages.storage, privateStorage: storages.privateStorage }, archive);
    process.stdout.write(report(file, result));
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw new Error(`복원하지 않았습니다: ${error.message}\n아무것도 바뀌지 않았습니다.`, { cause: error });
    if (!changing) throw error;
    // The database stops its server and lets go of the lock before the directories go.
    await database?.close().catch(() => undefined);
    database = null;
    for (const place of missing) fs.rmSync(place, { recursive: true, force: true });
    const createdDatabase = clusterDir !== null && missing.some((place) => clusterDir === place || clusterDir.startsWith(place + path.sep));
    const lines = [`복원하지 못했습니다: ${error instanceof Error ? error.message : String(error)}`];
    if (missing.length > 0) lines.push(`이번 실행이 만든 것을 지웠습니다: ${missing.join(", ")}`);
    if (!createdDatabase) lines.push("데이터베이스에 이번 복원의 마이그레이션이나 행이 남았을 수 있습니다: 새(빈) 데이터베이스에 다시 복원하세요.");
    throw new Error(lines.join("\n"), { cause: error });
  } finally {
    await database?.close();
    storages.close();
    await archive.cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
