/**
 * One isolated database per test suite: a copy of the migrated template (built from the committed
 * migrations by the Vitest global setup) on the test PostgreSQL server (TEST_DATABASE_URL). `useTestDatabase` is the one way
 * in-process suites get a database, a media storage and the services a use case takes.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createChangeFeed, type ChangeEvent } from "../../app/server/platform/changes.server";
import { openDatabase, type Database, type DatabaseHandle } from "../../app/server/platform/db.server";
import { createLogger } from "../../app/server/platform/logger.server";
import type { Services } from "../../app/server/platform/services.server";
import { createLocalStorage, type MediaStorage } from "../../app/server/platform/storage.server";
import type { SuiteHooks } from "./app-server";
import { TEMPLATE_DATABASE, testServerUrl, urlForDatabase } from "./postgres-urls";

/**
 * How a test server gets its database: a database of its own on the test PostgreSQL server
 * ("postgres", the default), or the site's embedded default, with no DATABASE_URL and a fresh DATA_DIR
 * ("embedded": what `npm start` runs on a small server).
 */
export type TestEngine = "postgres" | "embedded";

/** The engine of the shared test server, named in suite titles. */
export function testEngine(): "postgres" {
  return "postgres";
}

export const silentLogger = createLogger("silent");

/** A database of its own on a PostgreSQL server, dropped by `drop()`. */
export interface PostgresDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database on the test server (or `serverUrl`): a copy of the migrated template that the
 * Vitest global setup builds, or an empty one. The name carries the process id, so the global setup
 * can drop what a crashed run left behind.
 */
export async function createPostgresDatabase(options: { fromTemplate: boolean; serverUrl?: string }): Promise<PostgresDatabase> {
  const serverUrl = options.serverUrl ?? testServerUrl();
  const name = `we_test_p${process.pid}_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, (c) => c.query(`create database "${name}"${options.fromTemplate ? ` template "${TEMPLATE_DATABASE}"` : ""}`));
  return {
    name,
    url: urlForDatabase(name, serverUrl),
    drop: () => onServer(serverUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

/**
 * An empty database (no migrations) and one connection to it for the enclosing suite, for tests of SQL
 * on its own (a migration's statements, a query helper): made before the first test, dropped after the last.
 */
export function useEmptyDatabaseClient(hooks: SuiteHooks): { readonly client: pg.Client } {
  let database: PostgresDatabase | undefined;
  let client: pg.Client | undefined;
  hooks.beforeAll(async () => {
    database = await createPostgresDatabase({ fromTemplate: false });
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  hooks.afterAll(async () => {
    await client?.end();
    await database?.drop();
  });
  return {
    get client() {
      if (!client) throw new Error("useEmptyDatabaseClient: the database is created in beforeAll; read it inside a test or hook");
      return client;
    },
  };
}

export interface TestDatabase extends DatabaseHandle {
  /** Connection URL of the copy. */
  url: string;
  /** Closes and removes the database. */
  destroy(): Promise<void>;
}

/** A migrated database of its own on the test server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const database = await createPostgresDatabase({ fromTemplate: true });
  const handle = await openDatabase({ kind: "postgres", url: database.url, poolMax: 4 });
  return Object.assign(handle, {
    url: database.url,
    async destroy() {
      await handle.close();
      await database.drop();
    },
  });
}

/** A media storage in a fresh temporary directory. */
export function createTestStorage(): MediaStorage & { root: string; cleanup(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "we-media-"));
  return Object.assign(createLocalStorage(root), { root, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) });
}

/**
 * The services a use case needs, over a database and storage, with every announced change recorded.
 * The private storage is a folder of its own next to the media (removed with the process's temp files
 * unless given).
 */
export function createTestServices(db: Database, storage: MediaStorage, privateStorage?: MediaStorage): Services & { announced: ChangeEvent[] } {
  const changes = createChangeFeed(silentLogger);
  const announced: ChangeEvent[] = [];
  changes.subscribe((event) => announced.push(event));
  const ownPrivate = privateStorage ?? createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "we-private-")));
  return { db, storage, privateStorage: ownPrivate, changes, logger: silentLogger, remoteImages: { allowPrivateHosts: true }, announced };
}

export interface UsedTestDatabase {
  readonly handle: TestDatabase;
  readonly db: Database;
  readonly url: string;
  readonly storage: ReturnType<typeof createTestStorage>;
  /** Services over this database and storage; `announced` lists the changes the use cases announced. */
  readonly services: ReturnType<typeof createTestServices>;
}

/**
 * A migrated database, a media storage and use-case services for the enclosing suite: created before
 * its first test, removed after its last. Readable inside tests and hooks.
 */
export function useTestDatabase(hooks: SuiteHooks): UsedTestDatabase {
  let handle: TestDatabase | undefined;
  let storage: ReturnType<typeof createTestStorage> | undefined;
  let privateStorage: ReturnType<typeof createTestStorage> | undefined;
  let services: ReturnType<typeof createTestServices> | undefined;
  hooks.beforeAll(async () => {
    handle = await createTestDatabase();
    storage = createTestStorage();
    privateStorage = createTestStorage();
    services = createTestServices(handle.db, storage, privateStorage);
  });
  hooks.afterAll(async () => {
    await handle?.destroy();
    storage?.cleanup();
    privateStorage?.cleanup();
  });
  const ready = () => {
    if (!handle || !storage || !services) throw new Error("useTestDatabase: the database is created in beforeAll; read it inside a test or hook");
    return { handle, storage, services };
  };
  return {
    get handle() {
      return ready().handle;
    },
    get db() {
      return ready().handle.db;
    },
    get url() {
      return ready().handle.url;
    },
    get storage() {
      return ready().storage;
    },
    get services() {
      return ready().services;
    },
  };
}
