/**
 * One isolated database per test file, built from the committed migrations:
 * PGlite in memory, or a copy of the migrated template on the TEST_DATABASE_URL server.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../app/server/platform/db.server";
import { createLogger } from "../../app/server/platform/logger.server";
import { createLocalStorage, type MediaStorage } from "../../app/server/platform/storage.server";
import { TEMPLATE_DATABASE, testServerUrl, urlForDatabase } from "./postgres-urls";

export type TestEngine = "pglite" | "postgres";

export function testEngine(): TestEngine {
  return process.env.TEST_ENGINE === "postgres" ? "postgres" : "pglite";
}

export interface TestDatabase extends DatabaseHandle {
  /** Connection URL of the PostgreSQL copy (null on PGlite in memory). */
  url: string | null;
  /** Removes the database (and its copy on the server). */
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === "pglite") {
    const handle = await openDatabase({ kind: "pglite", dataDir: null });
    await handle.migrate();
    return Object.assign(handle, { url: null, destroy: () => handle.close() });
  }
  const name = `we_test_p${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ kind: "postgres", url: urlForDatabase(name), poolMax: 4 });
  return Object.assign(handle, {
    url: urlForDatabase(name),
    async destroy() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: testServerUrl() });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  });
}

/** A media storage in a fresh temporary directory. */
export function createTestStorage(): MediaStorage & { root: string; cleanup(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "we-media-"));
  return Object.assign(createLocalStorage(root), { root, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) });
}

export const silentLogger = createLogger("silent");
