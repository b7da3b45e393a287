import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  artists,
  siteSettings,
} from "../../../drizzle/schema";
import { MOVED_MARKER, movePgliteDataDir, PgliteMoveError, type PgliteMoveStep } from "../../../app/server/backup/pglite-move.server";
import { knownMigrations, migrationsUpTo } from "../../../app/server/backup/tables.server";
import { acquireDataDirLock } from "../../../app/server/platform/data-dir-lock.server";
import { openDatabase, type Database, type DatabaseHandle } from "../../../app/server/platform/db.server";
import type { MediaStorage } from "../../../app/server/platform/storage.server";
import { localStorages } from "../../../app/server/platform/storages.server";
import { verifyAccessRecords } from "../../../app/server/privacy/access-records.server";
import { databaseContents as orderedContents, storageContents } from "../../setup/backup-archives";
import { capturedLogger } from "../../setup/captured-logger";
import { openPgliteDataDir } from "../../setup/pglite-data-dir";
import { fillSite, SITE_PHOTO } from "../../setup/fill-site";
import { queryRows } from "../../setup/sql-rows";
import { createPostgresDatabase, silentLogger } from "../../setup/test-database";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "we-pglite-move-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const MOVED_AT = new Date("2026-11-30T01:02:03Z");


/** Every table's rows, sorted here (the two engines may sort text by different collations). */
async function databaseContents(db: Database): Promise<Record<string, string[]>> {
  return Object.fromEntries(Object.entries(await orderedContents(db)).map(([table, rows]) => [table, [...rows].sort()]));
}

/** A DATA_DIR as the PGlite version leaves it: DATA_DIR/pglite, media and private files. Made once, copied per test. */
let seedDir: string;
let expected: Record<string, string[]>;
let expectedFiles: { media: Record<string, string>; private: Record<string, string> };

beforeAll(async () => {
  seedDir = path.join(scratch, "seed");
  const database = await openPgliteDataDir(seedDir);
  try {
    await database.migrate();
    const storages = localStorages(seedDir);
    await fillSite(database.db, storages.storage, storages.privateStorage);
    expected = await databaseContents(database.db);
    expectedFiles = { media: await storageContents(storages.storage), private: await storageContents(storages.privateStorage) };
  } finally {
    await database.close();
  }
});

interface Site {
  dataDir: string;
  target: DatabaseHandle;
  storage: MediaStorage;
  privateStorage: MediaStorage;
  destroy(): Promise<void>;
}

const sites: Site[] = [];
afterAll(async () => {
  for (const site of sites) await site.destroy();
});

/** A copy of the seed DATA_DIR and a new PostgreSQL database, migrated (as the new version opens it) or left empty. */
async function newSite(options: { migrated: boolean; from?: string } = { migrated: true }): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(scratch, "data-"));
  fs.cpSync(options.from ?? seedDir, dataDir, { recursive: true });
  const created = await createPostgresDatabase({ fromTemplate: options.migrated });
  const target = await openDatabase({ kind: "postgres", url: created.url, poolMax: 2 });
  const site: Site = {
    dataDir,
    target,
    ...localStorages(dataDir),
    async destroy() {
      await target.close();
      await created.drop();
    },
  };
  sites.push(site);
  return site;
}

const move = (site: Site, extra: { onStep?: (step: PgliteMoveStep) => void | Promise<void>; logger?: ReturnType<typeof capturedLogger>["logger"] } = {}) =>
  movePgliteDataDir({ dataDir: site.dataDir, target: site.target, storage: site.storage, privateStorage: site.privateStorage, logger: extra.logger ?? silentLogger, now: () => MOVED_AT, onStep: extra.onStep });

const keptAt = (site: Site) => path.join(site.dataDir, "pglite-moved-20261130-010203");

/** The PGlite directory is where it was, unmarked, and nothing of a finished move is there. */
function expectPgliteInPlace(site: Site) {
  expect(fs.existsSync(path.join(site.dataDir, "pglite", "PG_VERSION"))).toBe(true);
  expect(fs.existsSync(path.join(site.dataDir, "pglite", MOVED_MARKER))).toBe(false);
  expect(fs.existsSync(keptAt(site))).toBe(false);
}

async function expectMoved(site: Site) {
  expect(await databaseContents(site.target.db)).toEqual(expected);
  expect({ media: await storageContents(site.storage), private: await storageContents(site.privateStorage) }).toEqual(expectedFiles);
  expect(fs.existsSync(path.join(site.dataDir, "pglite"))).toBe(false);
  expect(fs.existsSync(path.join(keptAt(site), MOVED_MARKER))).toBe(true);
  expect(fs.existsSync(path.join(site.dataDir, "pglite-move"))).toBe(false);
}

describe("moving a PGlite data directory into PostgreSQL", () => {
  it("moves every row of every table, keeps the files where they are, and sets the old directory aside with a message", async () => {
    const site = await newSite();
    const { logger, records } = capturedLogger();
    const result = await move(site, { logger });

    expect(result).toMatchObject({ moved: true, keptAt: keptAt(site), tables: Object.keys(expected).length, files: 3 });
    await expectMoved(site);
    // The lock the move took is let go.
    expect(fs.existsSync(path.join(site.dataDir, "pglite.lock"))).toBe(false);
    const done = records.find((r) => r.msg.includes("was moved into PostgreSQL"));
    expect(done?.msg).toContain(`The old directory is kept at ${keptAt(site)}`);
    expect(done?.msg).toContain(`rm -rf ${keptAt(site)}`);

    // Sequences continue past the largest id (the deleted artist's included), and the access chain still verifies.
    const [{ max }] = (await queryRows<{ max: number }>(site.target.db, sql`select max(id)::int as max from artists`)) as [{ max: number }];
    const [artist] = await site.target.db.insert(artists).values({ name: "새 배우" }).returning();
    expect(artist!.id).toBe(max + 1);
    expect(await verifyAccessRecords(site.target.db)).toMatchObject({ ok: true });

    // The next start has nothing to do, and changes nothing.
    const before = await databaseContents(site.target.db);
    expect(await move(site)).toEqual({ moved: false });
    expect(await databaseContents(site.target.db)).toEqual(before);
  });

  it("moves into an empty database too (not migrated yet)", async () => {
    const site = await newSite({ migrated: false });
    await expect(move(site)).resolves.toMatchObject({ moved: true });
    await expectMoved(site);
  });

  it("does nothing without a PGlite directory", async () => {
    const site = await newSite();
    fs.rmSync(path.join(site.dataDir, "pglite"), { recursive: true });
    expect(await move(site)).toEqual({ moved: false });
    expect(fs.readdirSync(site.dataDir).sort()).toEqual(["media", "private"]);
  });

  for (const step of ["archived", "target-prepared", "restored", "verified"] as const) {
    it(`interrupted once ${step}, starts over at the next call and ends with exactly the rows (no duplicates)`, async () => {
      const site = await newSite();
      await expect(
        move(site, {
          onStep: (at) => {
            if (at === step) throw new Error(`killed once ${step}`);
          },
        }),
      ).rejects.toThrow(`killed once ${step}`);
      expectPgliteInPlace(site);

      await expect(move(site)).resolves.toMatchObject({ moved: true });
      await expectMoved(site);
    });
  }

  it("interrupted after the marker, the next call only sets the directory aside", async () => {
    const site = await newSite();
    await expect(
      move(site, {
        onStep: (at) => {
          if (at === "marked") throw new Error("killed once marked");
        },
      }),
    ).rejects.toThrow("killed once marked");
    expect(fs.existsSync(path.join(site.dataDir, "pglite", MOVED_MARKER))).toBe(true);
    const { logger, records } = capturedLogger();
    await expect(move(site, { logger })).resolves.toEqual({ moved: true, keptAt: keptAt(site), rows: 0, tables: 0, files: 0 });
    expect(records.some((r) => r.msg.includes("already moved"))).toBe(true);
    await expectMoved(site);
  });

  it("a process killed in the middle of the move is taken over by the next start", async () => {
    const site = await newSite();
    // A child process runs the move and is killed with SIGKILL once the rows are in PostgreSQL.
    const script = path.join(scratch, "kill-mid-move.mts");
    fs.writeFileSync(
      script,
      `import { movePgliteDataDir } from ${JSON.stringify(path.resolve("app/server/backup/pglite-move.server.ts"))};
import { openDatabase } from ${JSON.stringify(path.resolve("app/server/platform/db.server.ts"))};
import { localStorages } from ${JSON.stringify(path.resolve("app/server/platform/storages.server.ts"))};
import { createLogger } from ${JSON.stringify(path.resolve("app/server/platform/logger.server.ts"))};
import fs from "node:fs";
const [dataDir, url, reached] = process.argv.slice(2);
const target = await openDatabase({ kind: "postgres", url, poolMax: 2 });
await movePgliteDataDir({ dataDir, target, ...localStorages(dataDir), logger: createLogger("silent"), onStep: (step) => { if (step === "restored") { fs.writeFileSync(reached, ""); process.kill(process.pid, "SIGKILL"); } } });
`,
    );
    const reached = path.join(site.dataDir, "restored-then-killed");
    const child = spawnSync("npx", ["tsx", script, site.dataDir, await targetUrl(site), reached], { encoding: "utf8", timeout: 120_000 });
    expect({ reached: fs.existsSync(reached), stderr: child.stderr }).toEqual({ reached: true, stderr: "" });
    expect(child.status).not.toBe(0);
    expectPgliteInPlace(site);
    // The killed process's rows are there, and its lock file names a dead process.
    expect(Object.values(await databaseContents(site.target.db)).flat().length).toBeGreaterThan(0);

    await expect(move(site)).resolves.toMatchObject({ moved: true });
    await expectMoved(site);
  });

  it("refuses when a restored table holds other rows than PGlite's, and leaves the PGlite directory", async () => {
    const site = await newSite();
    const extraRow = async (at: PgliteMoveStep) => {
      if (at === "restored") await site.target.db.insert(siteSettings).values({ key: "stray", value: 1 });
    };
    await expect(move(site, { onStep: extraRow })).rejects.toThrow(
      new PgliteMoveError(`the table site_settings holds ${expected.site_settings!.length + 1} rows in PostgreSQL but ${expected.site_settings!.length} in PGlite.`),
    );
    expectPgliteInPlace(site);

    const changedValue = async (at: PgliteMoveStep) => {
      if (at === "restored") await site.target.db.update(artists).set({ nameEn: "KIM HANUL" }).where(eq(artists.name, "김하늘"));
    };
    await expect(move(site, { onStep: changedValue })).rejects.toThrow(/the rows of the table artists in PostgreSQL differ from PGlite's\. The PGlite directory was left as it was/);
    expectPgliteInPlace(site);

    const changedFile = async (at: PgliteMoveStep) => {
      if (at === "restored") await site.storage.put(SITE_PHOTO, new Uint8Array([0xff, 0xd8, 0xfe]));
    };
    await expect(move(site, { onStep: changedFile })).rejects.toThrow(`the stored files changed during the move (media/${SITE_PHOTO}).`);
    expectPgliteInPlace(site);

    // Put back, the next start moves it.
    await site.storage.put(SITE_PHOTO, new Uint8Array([0xff, 0xd8, 0xff]));
    await expect(move(site)).resolves.toMatchObject({ moved: true });
    await expectMoved(site);
  });

  it("never empties a PostgreSQL database holding rows it did not write", async () => {
    const site = await newSite();
    await site.target.db.insert(siteSettings).values({ key: "kept", value: "이미 있던 값" });
    const before = await databaseContents(site.target.db);
    await expect(move(site)).rejects.toThrow(/already holds rows this move did not write \(tables site_settings\)/);
    expect(await databaseContents(site.target.db)).toEqual(before);
    expectPgliteInPlace(site);
  });

  it("refuses while another live process holds the data directory, and moves under this process's own lock", async () => {
    const site = await newSite();
    // A lock naming a running process of this host (the test runner's parent).
    fs.writeFileSync(path.join(site.dataDir, "pglite.lock"), JSON.stringify({ pid: process.ppid, hostname: os.hostname(), startedAt: "earlier", command: "node main.ts" }));
    await expect(move(site)).rejects.toThrow(/another process still uses the data directory .*process \d+ on/);
    expectPgliteInPlace(site);
    expect(await databaseContents(site.target.db)).toEqual(Object.fromEntries(Object.keys(expected).map((t) => [t, []])));

    fs.rmSync(path.join(site.dataDir, "pglite.lock"));
    const lock = acquireDataDirLock(site.dataDir);
    try {
      await expect(move(site)).resolves.toMatchObject({ moved: true });
      await expectMoved(site);
    } finally {
      lock.release();
    }
  });

  it("moves a PGlite directory of an older migration into a database already migrated further", async () => {
    const migrations = knownMigrations();
    const older = migrations.at(-2)!;
    const oldDir = path.join(scratch, "old-seed");
    const database = await openPgliteDataDir(oldDir);
    try {
      await database.migrate({ migrationsFolder: migrationsUpTo(older, fs.mkdtempSync(path.join(scratch, "migrations-"))) });
      await database.db.execute(sql`insert into artists (name) values ('옛 배우')`);
      await database.db.execute(sql`insert into site_settings (key, value) values ('contact', '{"phone": "02"}')`);
    } finally {
      await database.close();
    }
    const site = await newSite({ migrated: true, from: oldDir });
    await expect(move(site)).resolves.toMatchObject({ moved: true });
    const [last] = await queryRows<{ created_at: string }>(site.target.db, sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    expect(Number(last!.created_at)).toBe(migrations.at(-1)!.when);
    expect(await queryRows(site.target.db, sql`select name from artists`)).toEqual([{ name: "옛 배우" }]);
    expect(await queryRows(site.target.db, sql`select key, value from site_settings`)).toEqual([{ key: "contact", value: { phone: "02" } }]);
  });
});

async function targetUrl(site: Site): Promise<string> {
  const [{ name }] = (await queryRows<{ name: string }>(site.target.db, sql`select current_database() as name`)) as [{ name: string }];
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
