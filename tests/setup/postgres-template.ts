/**
 * Vitest global setup for the PostgreSQL project: builds a template database from the committed
 * migrations once; every test file then gets its own copy (CREATE DATABASE ... TEMPLATE).
 */
import pg from "pg";
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

export default async function setup() {
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
}
