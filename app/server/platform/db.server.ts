import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "../../../drizzle/schema";
import type { DataDirLockOptions } from "./data-dir-lock.server";
import { decodeChangeFromWire, encodeChangeForWire, ownEchoOnWire, type ChangeFeed } from "./changes.server";
import { embeddedConnectionUrl } from "./embedded-postgres-paths.server";
import { startEmbeddedDatabaseServer } from "./embedded-postgres.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";

export { schema };

/** The Drizzle database, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A database or an open transaction on it. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Engine = "postgres" | "pglite";

export interface DatabaseHandle {
  readonly db: Database;
  readonly engine: Engine;
  /**
   * Applies the committed migrations (idempotent; serialized across app servers on PostgreSQL), or those
   * of another folder (a restore brings an empty database up to an older backup's migration first).
   */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Relays change events between the app servers sharing this database (PostgreSQL LISTEN/NOTIFY):
   * local events go out, other servers' events come in as `remote`, and a listener that lost its
   * connection announces a resync when it is back (it may have missed events).
   */
  /**
   * Relays the feed's local changes to the other app servers and theirs to it. `ready` settles once the
   * first attempt to listen has finished (listening or not; it keeps retrying either way).
   */
  relayChanges(feed: ChangeFeed): ChangeRelay;
  /** The connection pool (for metrics); null for a source without one (an old PGlite directory being moved). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

const CHANGE_CHANNEL = "we_content_changed";

/** This process's side of the change announcements between app processes and servers (NOTIFY). */
export interface ChangeRelay {
  /** Resolves once this process listens (it serves only then: nothing it caches can miss a change). */
  ready: Promise<void>;
  /**
   * Resolves once every change announced here so far has come back to this process's own listener:
   * PostgreSQL then has it queued for every other listener too, so a write's answer that waits for this
   * reaches its client after every other process could hear of the change (decision 056, amendment 3).
   * At most `RELAY_WAIT_MS`: a listener that is down or slow never holds an answer longer.
   */
  delivered(): Promise<void>;
  stop(): Promise<void>;
}

/** The longest a write's answer waits for its change to come back (normally 1-3 ms). */
const RELAY_WAIT_MS = 1_000;

export type DatabaseConfig =
  | {
      kind: "postgres";
      url: string;
      poolMax?: number;
      logger?: Logger;
      /** Per statement and per lock wait, in ms (unset or 0: none). Migrations run without them. */
      statementTimeoutMs?: number;
      lockTimeoutMs?: number;
    }
  | {
      /**
       * PostgreSQL started by this process under DATA_DIR (embedded-postgres.server.ts), holding the
       * data-directory lock while it runs (decision 055).
       */
      kind: "embedded";
      dataDir: string;
      poolMax?: number;
      logger?: Logger;
      statementTimeoutMs?: number;
      lockTimeoutMs?: number;
      lock?: DataDirLockOptions;
      /** PostgreSQL settings on top of the embedded defaults. */
      settings?: Record<string, string>;
      /**
       * Connect to the server another process of this site runs under `dataDir` (the primary of
       * WEB_CONCURRENCY's processes, decision 056) through its socket and password file: no lock,
       * nothing started or stopped here.
       */
      attach?: boolean;
    }
  ;



/** Arbitrary, fixed key of the advisory lock that serializes migrations between app servers. */
const MIGRATION_LOCK_KEY = 4_185_730_221;

/** Finds the committed `migrations/` folder, wherever this module was bundled to. */
export function findMigrationsFolder(): string {
  const candidates = [process.env.MIGRATIONS_DIR, path.resolve("migrations")];
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    candidates.push(path.join(dir, "migrations"));
    dir = path.dirname(dir);
  }
  for (const candidate of candidates) {
    if (candidate && fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
  }
  throw new Error("The migrations folder (migrations/meta/_journal.json) was not found.");
}

/** The database the environment names: PostgreSQL at DATABASE_URL, else the embedded PostgreSQL under DATA_DIR. */
export function databaseConfig(
  env: Pick<Env, "DATABASE_URL" | "DATABASE_POOL_MAX" | "DATA_DIR"> & Partial<Pick<Env, "DATABASE_STATEMENT_TIMEOUT_MS" | "DATABASE_LOCK_TIMEOUT_MS">>,
  logger?: Logger,
): DatabaseConfig {
  return env.DATABASE_URL
    ? {
        kind: "postgres",
        url: env.DATABASE_URL,
        poolMax: env.DATABASE_POOL_MAX,
        logger,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
      }
    : {
        kind: "embedded",
        dataDir: env.DATA_DIR,
        poolMax: env.DATABASE_POOL_MAX,
        logger,
        statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
        lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
      };
}

/**
 * Opens PostgreSQL through a `pg` pool: a server at a URL, or the embedded one under `dataDir`, started here.
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.kind === "postgres" ? openPostgres(config) : openEmbedded(config);
}

/**
 * The embedded PostgreSQL through the same pool as any PostgreSQL: started here under the lock (closing
 * ends the pool, then stops PostgreSQL, then lets go of the lock), or, with `attach`, the one another
 * process of the site runs (closing ends the pool only).
 */
async function openEmbedded(config: Extract<DatabaseConfig, { kind: "embedded" }>): Promise<DatabaseHandle> {
  if (config.attach) return openPostgres({ ...config, kind: "postgres", url: embeddedConnectionUrl(config.dataDir) });
  const server = await startEmbeddedDatabaseServer(config);
  try {
    const handle = await openPostgres({ ...config, kind: "postgres", url: server.url });
    return {
      ...handle,
      async close() {
        try {
          await handle.close();
        } finally {
          await server.stop();
        }
      },
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

async function openPostgres(config: Extract<DatabaseConfig, { kind: "postgres" }>): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: config.url,
    max: config.poolMax ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // Set per connection at its start (no round trip per query).
    ...(config.statementTimeoutMs ? { statement_timeout: config.statementTimeoutMs } : {}),
    ...(config.lockTimeoutMs ? { lock_timeout: config.lockTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => config.logger?.error({ err: error }, "postgres pool client error"));
  // A client checked out of the pool (a transaction) has no error listener of the pool's: when the
  // connection drops under it, `pg` emits "error" on the client as well as failing its query, and
  // an unheard "error" event would end the process. The query's own failure is what callers handle.
  pool.on("connect", (client) => client.on("error", (error) => config.logger?.warn({ err: error }, "postgres connection lost")));
  const db = drizzlePg({ client: pool, schema });
  return {
    db,
    engine: "postgres",
    async migrate(options) {
      const client = await pool.connect();
      try {
        // A migration may rewrite a table or wait for other servers' locks: no request timeouts here.
        // (The connection goes back to the pool with its defaults restored.)
        await client.query("set statement_timeout = 0; set lock_timeout = 0");
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          // On this connection, which has no timeouts, rather than through the pool.
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder: options?.migrationsFolder ?? findMigrationsFolder() });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
          await client.query("reset statement_timeout; reset lock_timeout");
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    relayChanges: (feed) => relayChanges(pool, config, feed),
    poolStats() {
      return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    },
    async close() {
      await pool.end();
    },
  };
}

/** Relays the feed's local changes to the other app servers through PostgreSQL NOTIFY, and theirs to the feed. */
function relayChanges(pool: pg.Pool, config: Extract<DatabaseConfig, { kind: "postgres" }>, feed: ChangeFeed): ChangeRelay {
  const me = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let firstAttempt = true;
  // Our announcements not yet back from PostgreSQL, and the answers waiting for them.
  let sent = 0;
  const echoes = pendingEchoes();
  const { settle, settleAll } = echoes;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: config.url, connectionTimeoutMillis: 5_000 });
    next.on("notification", (message) => {
      if (!message.payload) return;
      const echo = ownEchoOnWire(message.payload, me);
      if (echo !== null) return settle(echo);
      const event = decodeChangeFromWire(message.payload, me);
      if (event) feed.receiveRemote(event);
    });
    next.on("error", () => undefined);
    next.on("end", () => {
      if (client === next) client = null;
      // Nothing will come back on a closed listener: no answer waits for it.
      settleAll();
      if (!stopped) retry = setTimeout(() => void connect(), 1000);
    });
    const first = firstAttempt;
    firstAttempt = false;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
      client = next;
      // Events may have been missed while no listener was connected. (Not on the first attempt:
      // the server waits for it before serving, so nothing can have been cached yet.)
      if (!first) feed.receiveRemote({ entity: "site", action: "resync", ids: [], paths: ["/"], at: new Date().toISOString() });
    } catch {
      await next.end().catch(() => undefined);
    }
  };
  const ready = connect();
  const unsubscribe = feed.subscribe((event) => {
    if (event.origin !== "local") return;
    const seq = ++sent;
    // Without a listener, nothing comes back to wait for.
    if (client) echoes.add(seq);
    pool.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, encodeChangeForWire(event, me, seq)]).catch((error: unknown) => {
      settle(seq);
      config.logger?.warn({ err: error }, "could not tell the other app servers about a change");
    });
  });
  return {
    ready,
    delivered: () => echoes.deliveredUpTo(sent),
    async stop() {
      stopped = true;
      unsubscribe();
      if (retry) clearTimeout(retry);
      settleAll();
      await client?.end().catch(() => undefined);
    },
  };
}

/** Our announcements (by sequence number) not yet back from PostgreSQL, and the answers waiting for them. */
function pendingEchoes() {
  const outstanding = new Set<number>();
  const waiters = new Set<{ upTo: number; done: () => void }>();
  const backUpTo = (upTo: number) => ![...outstanding].some((pending) => pending <= upTo);
  return {
    add(seq: number) {
      outstanding.add(seq);
    },
    settle(seq: number) {
      outstanding.delete(seq);
      for (const waiter of waiters) if (backUpTo(waiter.upTo)) waiter.done();
    },
    settleAll() {
      outstanding.clear();
      for (const waiter of waiters) waiter.done();
    },
    /** Resolves once every announcement up to `upTo` is back, or after RELAY_WAIT_MS. */
    deliveredUpTo(upTo: number): Promise<void> {
      if (backUpTo(upTo)) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const waiter = {
          upTo,
          done: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(waiter.done, RELAY_WAIT_MS);
        timer.unref();
        waiters.add(waiter);
      });
    },
  };
}
