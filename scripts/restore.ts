/**
 * Restores a backup archive into an empty database and empty storages: `npm run restore -- ARCHIVE`.
 * Uses DATABASE_URL / DATA_DIR and the storages like the server; the archive may come from either engine.
 * The whole archive is checked first, then the targets: anything wrong and nothing is changed.
 * See docs/decisions/024-backups.md.
 */
import { parseArgs } from "node:util";
import { restoreBackup, RestoreRefusedError } from "../app/server/backup/restore.server";
import { openDatabaseForScript } from "../app/server/backup/script-database.server";
import { loadEnv } from "../app/server/platform/env.server";
import { createLogger } from "../app/server/platform/logger.server";
import { openStorages } from "../app/server/platform/storages.server";

const { positionals } = parseArgs({ allowPositionals: true });

async function main() {
  const [archive, ...rest] = positionals;
  if (!archive || rest.length > 0) throw new Error("사용법: npm run restore -- <백업 파일 경로>");
  const env = loadEnv();
  const logger = createLogger("warn");
  const database = await openDatabaseForScript(env, logger, "복원은 빈 데이터베이스에만 합니다: 서버를 멈추고 새(빈) DATA_DIR을 지정해 복원한 뒤 서버를 시작하세요.");
  try {
    const storages = openStorages(env);
    const result = await restoreBackup({ database, storage: storages.storage, privateStorage: storages.privateStorage }, archive).finally(() => storages.close());
    const { manifest } = result;
    process.stdout.write(
      `복원했습니다: ${archive}\n` +
        `  백업 시각 ${manifest.createdAt}, 원본 ${manifest.source.engine === "pglite" ? "PGlite" : "PostgreSQL"}, 앱 ${manifest.app.version}\n` +
        `  표 ${manifest.tables.length}개, 행 ${result.rows}개, 미디어 파일 ${result.objects.media}개, 비공개 파일 ${result.objects.private}개\n` +
        (result.migratedFrom ? `  백업의 마이그레이션 ${result.migratedFrom}에서 이 앱의 마지막 마이그레이션까지 올렸습니다.\n` : "") +
        "이제 서버를 시작하세요.\n",
    );
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw new Error(`복원하지 않았습니다: ${error.message}\n아무것도 바뀌지 않았습니다.`, { cause: error });
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
