/**
 * Writes one backup archive of the database and both storages: `npm run backup [-- --out PATH]`.
 * PATH is the archive's file, or a directory to put `we-backup-<time>.tar.gz` in (default: the current
 * directory). Uses DATABASE_URL / DATA_DIR and the storages like the server; with the embedded PostgreSQL
 * it connects to the running server's, or starts it when no server runs. A running server also makes
 * its own backups (BACKUP_CRON).
 * See docs/decisions/024-backups.md.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { backupFileName } from "../app/server/backup/archive.server";
import { fileSink, writeBackup } from "../app/server/backup/backup.server";
import { openDatabaseForScript } from "../app/server/backup/script-database.server";
import { embeddedClusterExists } from "../app/server/platform/embedded-postgres-paths.server";
import { loadEnv } from "../app/server/platform/env.server";
import { createLogger } from "../app/server/platform/logger.server";
import { openStorages } from "../app/server/platform/storages.server";

const { values } = parseArgs({ options: { out: { type: "string" } } });

function outputFile(out: string | undefined, createdAt: Date): string {
  const target = path.resolve(out ?? ".");
  const isDirectory = out === undefined || out.endsWith("/") || fs.statSync(target, { throwIfNoEntry: false })?.isDirectory();
  return isDirectory ? path.join(target, backupFileName(createdAt)) : target;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const env = loadEnv();
  const logger = createLogger("warn");
  if (!env.DATABASE_URL && !embeddedClusterExists(env.DATA_DIR)) {
    throw new Error(`백업할 데이터베이스가 없습니다: ${env.DATA_DIR}에 데이터베이스가 없습니다. DATA_DIR 또는 DATABASE_URL을 확인하세요.`);
  }
  const createdAt = new Date();
  const file = outputFile(values.out, createdAt);
  if (fs.existsSync(file)) throw new Error(`이미 있는 파일에는 쓰지 않습니다: ${file}`);
  const database = await openDatabaseForScript(
    env,
    logger,
    "서버가 완전히 시작된 뒤 다시 실행하거나, 서버가 스스로 백업하도록 BACKUP_CRON을 설정하세요.",
  );
  try {
    const storages = openStorages(env);
    const { manifest, bytes } = await writeBackup({ database, storage: storages.storage, privateStorage: storages.privateStorage, logger }, fileSink(file), createdAt).finally(() => storages.close());
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    process.stdout.write(
      `백업을 만들었습니다: ${file} (${megabytes(bytes)})\n` +
        `  표 ${manifest.tables.length}개, 행 ${rows}개, 미디어 파일 ${manifest.storages.media.objects}개, 비공개 파일 ${manifest.storages.private.objects}개\n` +
        `  마이그레이션 ${manifest.migration.tag ?? manifest.migration.when}, ${database.engine === "pglite" ? "PGlite" : "PostgreSQL"}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
