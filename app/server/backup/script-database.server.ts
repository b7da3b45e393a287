import { DataDirLockedError } from "../platform/data-dir-lock.server";
import { databaseConfig, openDatabase, type DatabaseHandle } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import type { Logger } from "../platform/logger.server";

/**
 * Opens the database for `npm run backup` / `npm run restore`. A PGlite directory held by a running
 * server cannot be opened by a second process: the lock error becomes a Korean message naming the
 * holder, followed by what to do instead (`advice`, the script's own).
 */
export async function openDatabaseForScript(env: Env, logger: Logger, advice: string): Promise<DatabaseHandle> {
  try {
    // A script reads or writes every table at once: the request timeouts are not for it.
    return await openDatabase(databaseConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: 0, DATABASE_LOCK_TIMEOUT_MS: 0 }, logger));
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const holder = error.holder ? `${error.holder.pid}번, ${error.holder.hostname}` : "알 수 없음";
    throw new Error(`데이터 디렉터리 ${env.DATA_DIR}를 다른 프로세스(${holder})가 쓰고 있습니다. ${advice}`, { cause: error });
  }
}
