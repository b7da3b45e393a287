import { DataDirLockedError } from "../platform/data-dir-lock.server";
import { databaseConfig, openDatabase, type DatabaseHandle } from "../platform/db.server";
import { embeddedConnectionUrl } from "../platform/embedded-postgres-paths.server";
import type { Env } from "../platform/env.server";
import type { Logger } from "../platform/logger.server";

export interface ScriptDatabaseOptions {
  /**
   * Without DATABASE_URL, while a server runs the embedded PostgreSQL of DATA_DIR: connect through its
   * socket (default), or refuse (a restore replaces what the running server serves).
   */
  whileServerRuns?: "connect" | "refuse";
}

/**
 * Opens the database for the operator's scripts (`npm run backup`, `restore`, ...). Without DATABASE_URL,
 * a script starts the embedded PostgreSQL itself when no server runs (holding the data-directory lock,
 * and stopping it at `close()`), and otherwise connects through the running server's socket with the
 * password file. When that fails, or is refused, the message names the holder in Korean and adds what
 * to do instead (`advice`, the script's own).
 */
export async function openDatabaseForScript(env: Env, logger: Logger, advice: string, options: ScriptDatabaseOptions = {}): Promise<DatabaseHandle> {
  // A script reads or writes every table at once: the request timeouts are not for it.
  const config = databaseConfig({ ...env, DATABASE_STATEMENT_TIMEOUT_MS: 0, DATABASE_LOCK_TIMEOUT_MS: 0 }, logger);
  try {
    return await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError) || config.kind !== "embedded") throw error;
    const holder = error.holder ? `${error.holder.pid}번, ${error.holder.hostname}` : "알 수 없음";
    const inUse = `데이터 디렉터리 ${env.DATA_DIR}의 데이터베이스를 다른 프로세스(${holder})가 실행하고 있습니다.`;
    if (options.whileServerRuns === "refuse") throw new Error(`${inUse} ${advice}`, { cause: error });
    let handle: DatabaseHandle | null = null;
    try {
      handle = await openDatabase({ kind: "postgres", url: embeddedConnectionUrl(env.DATA_DIR), poolMax: 4, logger });
      await handle.ping();
      return handle;
    } catch (connectError) {
      await handle?.close().catch(() => undefined);
      const why = connectError instanceof Error ? connectError.message : String(connectError);
      throw new Error(`${inUse} 그 데이터베이스에 연결하지 못했습니다 (${why}). ${advice}`, { cause: connectError });
    }
  }
}
