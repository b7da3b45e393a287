/**
 * A migrated, empty PGlite data directory made once and copied into each test server's DATA_DIR, as
 * the PostgreSQL project copies its template database: creating a PGlite cluster (initdb inside
 * WebAssembly) costs 5-20 s on the 2-core machine, copying one a fraction of a second. The directory's
 * name carries a hash of the migrations and the PGlite version, so a change to either makes a new one;
 * it is built beside its final place and renamed into it, so concurrent setups never see half of one.
 * Vitest global setup of the PGlite projects; the test servers use it when it is there.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { findMigrationsFolder, openDatabase } from "../../app/server/platform/db.server";

export function pgliteTemplateDir(): string {
  const hash = createHash("sha256");
  const folder = findMigrationsFolder();
  for (const file of fs.readdirSync(folder, { recursive: true }).map(String).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hash.update(JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  return path.join(os.tmpdir(), `we-pglite-template-${hash.digest("hex").slice(0, 16)}`);
}

/** The template as a dumped cluster, for in-memory test databases (`loadDataDir`), when it exists. */
export function pgliteTemplateDump(): Blob | null {
  const file = `${pgliteTemplateDir()}.tar.gz`;
  return fs.existsSync(file) ? new Blob([new Uint8Array(fs.readFileSync(file))]) : null;
}

/** Copies the template cluster into a new DATA_DIR (as `DATA_DIR/pglite`), when the template exists. */
export function seedPgliteDataDir(dataDir: string): void {
  const template = pgliteTemplateDir();
  if (fs.existsSync(template)) fs.cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
}

export default async function setup() {
  const template = pgliteTemplateDir();
  if (fs.existsSync(template) && fs.existsSync(`${template}.tar.gz`)) return;
  const building = fs.mkdtempSync(`${template}-building-`);
  try {
    const database = await openDatabase({ kind: "pglite", dataDir: building });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    // The same cluster dumped, for the in-memory databases of the in-process tests.
    const cluster = await PGlite.create(path.join(building, "pglite"));
    const dump = Buffer.from(await (await cluster.dumpDataDir("gzip")).arrayBuffer());
    await cluster.close();
    fs.writeFileSync(path.join(building, "dump.tar.gz"), dump);
    fs.renameSync(path.join(building, "dump.tar.gz"), `${template}.tar.gz`);
    if (!fs.existsSync(template)) fs.renameSync(path.join(building, "pglite"), template);
  } catch (error) {
    // Another setup finished first: its template is as good.
    if (!fs.existsSync(template)) throw error;
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
}
