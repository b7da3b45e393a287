/**
 * The primary of WEB_CONCURRENCY's app processes (main.ts, decision 056), an entry of the server build of
 * its own (vite.config.ts): the primary serves no HTTP, and loads only this (the environment, the
 * logger, the embedded PostgreSQL and the data-directory lock), not the app, to stay small.
 */
import { EMBEDDED_POSTGRES_SETTINGS, startEmbeddedDatabaseServer, type EmbeddedDatabaseServer } from "../platform/embedded-postgres.server";
import { loadServerEnv, type Env } from "../platform/env.server";
import { createLogger, type Logger } from "../platform/logger.server";

export interface ClusterPrimary {
  env: Env;
  logger: Logger;
  /** Stops the embedded PostgreSQL and releases the lock (nothing to do on DATABASE_URL). */
  stop(): Promise<void>;
}

/** Connections the embedded server allows: each worker's pool, its change listener and one spare, and room for the scripts. */
export function embeddedMaxConnections(processes: number, poolMax: number): number {
  return Math.max(Number(EMBEDDED_POSTGRES_SETTINGS.max_connections), processes * (poolMax + 2) + 10);
}

/** The number of app processes this environment asks for (WEB_CONCURRENCY or its default); throws on a bad environment. */
export function webConcurrency(source: Record<string, string | undefined> = process.env): number {
  return loadServerEnv(source).WEB_CONCURRENCY;
}

/**
 * Without DATABASE_URL: takes the data-directory lock and starts the embedded PostgreSQL, supervised
 * until `stop()` (a crash is restarted as in a single server); the workers join it through its socket.
 * With DATABASE_URL there is nothing to run: the workers are app servers of that PostgreSQL.
 */
export async function startClusterPrimary(env: Env = loadServerEnv()): Promise<ClusterPrimary> {
  const logger = createLogger(env.LOG_LEVEL);
  let server: EmbeddedDatabaseServer | null = null;
  if (!env.DATABASE_URL) {
    server = await startEmbeddedDatabaseServer({
      dataDir: env.DATA_DIR,
      logger,
      settings: { max_connections: String(embeddedMaxConnections(env.WEB_CONCURRENCY, env.DATABASE_POOL_MAX)) },
    });
  }
  return {
    env,
    logger,
    async stop() {
      await server?.stop();
    },
  };
}
