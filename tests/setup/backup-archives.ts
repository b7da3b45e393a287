/**
 * Helpers for the backup tests: what a database and a storage hold (to compare a restore with its
 * source), and archives taken apart and put back together with one thing changed.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import type { Database } from "../../app/server/platform/db.server";
import type { MediaStorage } from "../../app/server/platform/storage.server";
import { queryRows } from "./sql-rows";

/** Every row of every table of the app's schema, as JSON text (timestamps in UTC, to the microsecond). */
export async function databaseContents(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await queryRows<{ name: string }>(tx as unknown as Database, sql`select tablename as name from pg_tables where schemaname = current_schema() order by 1`);
    const contents: Record<string, string[]> = {};
    for (const { name } of tables) {
      const rows = await queryRows<{ row: string }>(tx as unknown as Database, sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} as t order by 1`);
      contents[name] = rows.map((r) => r.row);
    }
    return contents;
  });
}

/** Every object of a storage with its bytes (hex), by key. */
export async function storageContents(storage: MediaStorage): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for await (const { key } of storage.list()) contents[key] = Buffer.from((await storage.get(key))!).toString("hex");
  return Object.fromEntries(Object.entries(contents).sort(([a], [b]) => a.localeCompare(b)));
}

export interface TarEntry {
  name: string;
  data: Buffer;
}

/** The entries of a .tar.gz, in order (test archives are small enough to hold). */
export async function unpack(file: string): Promise<TarEntry[]> {
  const extract = tar.extract();
  extract.end(zlib.gunzipSync(fs.readFileSync(file)));
  const entries: TarEntry[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
    entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
  }
  return entries;
}

/** Writes entries as a .tar.gz, a well-formed archive whatever they hold. */
export async function pack(file: string, entries: TarEntry[]): Promise<void> {
  const archive = tar.pack();
  for (const entry of entries) archive.entry({ name: entry.name }, entry.data);
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive as AsyncIterable<Buffer>) chunks.push(chunk);
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(chunks)));
}
