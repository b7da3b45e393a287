import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  artists,
  media,
  siteSettings,
} from "../../../drizzle/schema";
import { fileSink, writeBackup } from "../../../app/server/backup/backup.server";
import { restoreBackup, RestoreRefusedError } from "../../../app/server/backup/restore.server";
import { appliedMigration, dumpTable, knownMigrations, listTables, loadTable, migrationsUpTo, setPortableOutput } from "../../../app/server/backup/tables.server";
import { openDatabase, type Database, type DatabaseHandle } from "../../../app/server/platform/db.server";
import { createLocalStorage } from "../../../app/server/platform/storage.server";
import { databaseContents, pack, storageContents, unpack } from "../../setup/backup-archives";
import { fillSite } from "../../setup/fill-site";
import { queryRows } from "../../setup/sql-rows";
import { createPostgresDatabase, createTestStorage, silentLogger, testEngine, useTestDatabase } from "../../setup/test-database";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "we-backup-test-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));


/** A database on the test server with nothing in it, not even the migrations. */
async function blankDatabase(): Promise<{ handle: DatabaseHandle; destroy(): Promise<void> }> {
  const created = await createPostgresDatabase({ fromTemplate: false });
  const handle = await openDatabase({ kind: "postgres", url: created.url, poolMax: 2 });
  return {
    handle,
    async destroy() {
      await handle.close();
      await created.drop();
    },
  };
}

async function emptyTarget() {
  const blank = await blankDatabase();
  const database = blank.handle;
  const storage = createTestStorage();
  const privateStorage = createTestStorage();
  return {
    database,
    storage,
    privateStorage,
    async destroy() {
      await blank.destroy();
      storage.cleanup();
      privateStorage.cleanup();
    },
  };
}

/** Nothing at all: no migration applied, no table, no stored file. */
async function expectUntouched(target: Awaited<ReturnType<typeof emptyTarget>>) {
  expect(await appliedMigration(target.database.db)).toBeNull();
  expect(await listTables(target.database.db)).toEqual([]);
  expect(await storageContents(target.storage)).toEqual({});
  expect(await storageContents(target.privateStorage)).toEqual({});
}

describe(`backup and restore, one database into another (${testEngine()})`, () => {
  const source = useTestDatabase({ beforeAll, afterAll });
  let target: Awaited<ReturnType<typeof emptyTarget>>;
  const archive = path.join(scratch, "site.tar.gz");

  beforeAll(async () => {
    await fillSite(source.db, source.storage, source.services.privateStorage);
    await source.services.privateStorage.put("backups/we-backup-20261101T000000Z.tar.gz", new Uint8Array([1]));
    await writeBackup({ database: source.handle, storage: source.storage, privateStorage: source.services.privateStorage, logger: silentLogger }, fileSink(archive));
    target = await emptyTarget();
  });
  afterAll(async () => {
    await target?.destroy();
  });

  const attempt = (file: string) => restoreBackup(target, file);

  it("the archive is one gzipped tar with the rows, the files and a manifest of them", async () => {
    const entries = await unpack(archive);
    expect(entries.at(-1)!.name).toBe("manifest.json");
    const manifest = JSON.parse(entries.at(-1)!.data.toString("utf8")) as {
      format: string;
      formatVersion: number;
      source: { engine: string };
      migration: { tag: string };
      tables: { name: string; rows: number }[];
      entries: { path: string }[];
    };
    expect(manifest).toMatchObject({ format: "we-entertainment-backup", formatVersion: 1, source: { engine: testEngine() }, migration: { tag: knownMigrations().at(-1)!.tag } });
    expect(manifest.tables.find((t) => t.name === "audition_applications")?.rows).toBe(3);
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(["db/posts.jsonl", "media/2026/11/0123456789abcdef0123456789abcdef.jpg", "private/auditions/2026/11/fedcba9876543210fedcba9876543210.jpg"]));
    // Backups kept in the private storage are not backed up again.
    expect(entries.some((e) => e.name.includes("backups/"))).toBe(false);
    expect(manifest.entries.map((e) => e.path).sort()).toEqual(entries.slice(0, -1).map((e) => e.name).sort());
    const post = JSON.parse(entries.find((e) => e.name === "db/posts.jsonl")!.data.toString("utf8").split("\n")[0]!) as Record<string, unknown>;
    expect(post).toMatchObject({ title: "첫 소식 \u2028 줄 구분자", updated_at: "2026-11-23T20:30:00.123456+00:00", publish_at: "2026-12-01T01:00:00+00:00" });
  });

  it("refuses a file with one byte flipped in the middle, and changes nothing", async () => {
    const bytes = fs.readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x40;
    const damaged = path.join(scratch, "flipped.tar.gz");
    fs.writeFileSync(damaged, bytes);
    await expect(attempt(damaged)).rejects.toThrow(/손상되었거나 잘렸습니다/);
    await expectUntouched(target);
  });

  it("refuses a truncated file, and changes nothing", async () => {
    const bytes = fs.readFileSync(archive);
    const truncated = path.join(scratch, "truncated.tar.gz");
    fs.writeFileSync(truncated, bytes.subarray(0, bytes.length - 100));
    await expect(attempt(truncated)).rejects.toThrow(/손상되었거나 잘렸습니다/);
    await expectUntouched(target);
  });

  it("refuses a well-formed archive whose file differs from the manifest's checksum", async () => {
    const entries = await unpack(archive);
    const photo = entries.find((e) => e.name.startsWith("private/"))!;
    photo.data[100]! ^= 0x01;
    const altered = path.join(scratch, "altered.tar.gz");
    await pack(altered, entries);
    await expect(attempt(altered)).rejects.toThrow(new RestoreRefusedError(`백업 파일이 손상되었거나 잘렸습니다: ${photo.name}의 크기나 체크섬(SHA-256)이 manifest와 다릅니다.`));
    // A row missing from a table is caught the same way.
    const fewer = await unpack(archive);
    const rows = fewer.find((e) => e.name === "db/audition_applications.jsonl")!;
    rows.data = Buffer.from(rows.data.toString("utf8").split("\n").slice(1).join("\n"));
    await pack(altered, fewer);
    await expect(attempt(altered)).rejects.toThrow(/db\/audition_applications\.jsonl의 크기나 체크섬/);
    await expectUntouched(target);
  });

  it("refuses files that are not our backups: random bytes, another tar.gz, an archive of a newer app", async () => {
    const random = path.join(scratch, "random.bin");
    fs.writeFileSync(random, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    await expect(attempt(random)).rejects.toThrow(/WE ENTERTAINMENT\)의 백업 파일이 아닙니다 \(tar\.gz 형식이 아닙니다/);

    const other = path.join(scratch, "other.tar.gz");
    await pack(other, [{ name: "notes.txt", data: Buffer.from("hello") }]);
    await expect(attempt(other)).rejects.toThrow(/백업 파일이 아닙니다 \(알 수 없는 항목: notes\.txt\)/);
    await pack(other, [{ name: "db/posts.jsonl", data: Buffer.from("{}\n") }]);
    await expect(attempt(other)).rejects.toThrow(/백업 파일이 아닙니다 \(manifest\.json이 없습니다\)/);

    const rewrite = async (edit: (manifest: Record<string, unknown>) => void) => {
      const entries = await unpack(archive);
      const manifest = JSON.parse(entries.at(-1)!.data.toString("utf8")) as Record<string, unknown>;
      edit(manifest);
      entries.at(-1)!.data = Buffer.from(JSON.stringify(manifest));
      const file = path.join(scratch, "rewritten.tar.gz");
      await pack(file, entries);
      return file;
    };
    await expect(attempt(await rewrite((m) => (m.migration = { tag: "0099_future", when: 4_102_444_800_000, hash: "x" })))).rejects.toThrow(
      /더 새로운 버전의 앱\(0\.1\.0, 마이그레이션 0099_future\)에서 만들었습니다.*앱을 새 버전으로 올린 뒤 복원하세요/,
    );
    await expect(attempt(await rewrite((m) => (m.formatVersion = 2)))).rejects.toThrow(/더 새로운 형식\(버전 2\)/);
    await expect(attempt(await rewrite((m) => (m.format = "something-else")))).rejects.toThrow(/백업 파일이 아닙니다/);
    await expectUntouched(target);
  });

  it("refuses storages that already hold files", async () => {
    await target.privateStorage.put("auditions/x.jpg", new Uint8Array([1]));
    await expect(attempt(archive)).rejects.toThrow(/비공개 파일 저장소에 이미 파일이 있습니다 \(auditions\/x\.jpg/);
    expect(await appliedMigration(target.database.db)).toBeNull();
    await target.privateStorage.delete("auditions/x.jpg");
  });

  it("a restore that fails while writing the files removes the ones it wrote, so the storages are empty for the next attempt", async () => {
    // A name no local file system takes (a segment over 255 bytes) is a valid key of an object store:
    // the archive passes its checks, and the restore fails at that file, after the others were written.
    const entries = await unpack(archive);
    const manifest = JSON.parse(entries.at(-1)!.data.toString("utf8")) as { entries: { path: string; size: number; sha256: string }[] };
    const long = { name: `private/auditions/${"a".repeat(300)}.jpg`, data: Buffer.from([1, 2, 3]) };
    manifest.entries.push({ path: long.name, size: 3, sha256: createHash("sha256").update(long.data).digest("hex") });
    entries.splice(entries.length - 1, 1, long, { name: "manifest.json", data: Buffer.from(JSON.stringify(manifest)) });
    const unwritable = path.join(scratch, "unwritable.tar.gz");
    await pack(unwritable, entries);
    const failing = await emptyTarget();
    try {
      await expect(restoreBackup(failing, unwritable)).rejects.toThrow(/ENAMETOOLONG/);
      expect(await storageContents(failing.storage)).toEqual({});
      expect(await storageContents(failing.privateStorage)).toEqual({});
    } finally {
      await failing.destroy();
    }
  });

  it("restores every row, every file and the sequences", async () => {
    const result = await attempt(archive);
    expect(result.migratedFrom).toBeNull();
    expect(result.objects).toEqual({ media: 2, private: 1 });
    expect(await databaseContents(target.database.db)).toEqual(await databaseContents(source.db));
    expect(await storageContents(target.storage)).toEqual(await storageContents(source.storage));
    const { "backups/we-backup-20261101T000000Z.tar.gz": kept, ...privateFiles } = await storageContents(source.services.privateStorage);
    expect(kept).toBeDefined();
    expect(await storageContents(target.privateStorage)).toEqual(privateFiles);

    // JSON null and SQL NULL stay what they were.
    const guardians = await queryRows<{ receipt: string; missing: boolean; json: string | null }>(
      target.database.db,
      sql`select receipt_number as receipt, guardian is null as missing, guardian::text as json from audition_applications order by 1`,
    );
    expect(guardians.map((g) => [g.receipt, g.missing, g.json])).toEqual([
      ["AUD-2026-000001", false, expect.stringContaining("보호자")],
      ["AUD-2026-000002", true, null],
      ["AUD-2026-000003", false, "null"],
    ]);
    const [setting] = await target.database.db.select().from(siteSettings).where(eq(siteSettings.key, "json-null"));
    expect(setting!.value).toBeNull();
    expect((await queryRows<{ n: boolean }>(target.database.db, sql`select value = 'null'::jsonb as n from site_settings where key = 'json-null'`))[0]!.n).toBe(true);

    // New rows continue after the largest restored id.
    const maxArtist = Math.max(...(await source.db.select({ id: artists.id }).from(artists)).map((a) => a.id));
    const [next] = await target.database.db.insert(artists).values({ name: "새 배우" }).returning({ id: artists.id });
    expect(next!.id).toBe(maxArtist + 1);

    await expect(attempt(archive)).rejects.toThrow(/데이터베이스가 비어 있지 않습니다 \(.*artists.*\)/);
  });

  it("numeric, bytea, arrays, intervals, json and timestamps of other tables read back the same in another database", async () => {
    const create = sql`create table backup_probe (
      id bigint generated always as identity primary key, amount numeric, data bytea, tags text[], grid int[][], span interval,
      at timestamptz, plain timestamp, day date, ratio double precision, doc json, flag boolean, twice int generated always as (id * 2) stored)`;
    await source.db.execute(create);
    await target.database.db.execute(create);
    try {
      await source.db.execute(sql`insert into backup_probe (amount, data, tags, grid, span, at, plain, day, ratio, doc, flag) values
        (12345678901234567890.123456789, '\\x00ff10', array['a', 'b,"c"', null], '{{1,2},{3,4}}', '1 year 2 days 03:04:05.678', '2026-11-24 05:30:00.123456+09', '2026-01-02 03:04:05.5', '2026-02-28', 0.1, '{"b": 1, "a": [null]}', true),
        (null, null, '{}', null, null, null, null, null, 1e-300, 'null', false),
        (-0.000000000000000001, '\\x', null, null, '-1 hours', '1970-01-01 00:00:00+00', null, null, 'NaN', null, null)`);
      const file = path.join(scratch, "probe.jsonl");
      const lines: string[] = [];
      const written = await source.db.transaction(async (tx) => {
        await setPortableOutput(tx);
        const [table] = (await listTables(tx)).filter((t) => t.name === "backup_probe");
        return dumpTable(tx, table!, async (line) => void lines.push(line));
      });
      expect(written).toBe(3);
      fs.writeFileSync(file, lines.map((l) => `${l}\n`).join(""));
      const loaded = await target.database.db.transaction(async (tx) => {
        const [table] = (await listTables(tx)).filter((t) => t.name === "backup_probe");
        return loadTable(tx, table!, file);
      });
      expect(loaded).toBe(3);
      const read = (db: Database) =>
        queryRows<Record<string, unknown>>(
          db,
          sql`select id::int as id, amount::text, encode(data, 'hex') as data, tags::text, grid::text, span::text, at = '2026-11-24 05:30:00.123456+09' as at_exact, extract(epoch from at)::text as at,
            plain::text, day::text, ratio::text, doc::jsonb::text as doc, doc is null as doc_missing, flag, twice from backup_probe order by id`,
        );
      const expected = await read(source.db);
      expect(await read(target.database.db)).toEqual(expected);
      expect(expected[0]).toMatchObject({ amount: "12345678901234567890.123456789", data: "00ff10", tags: '{a,"b,\\"c\\"",NULL}', at_exact: true, twice: 2 });
      expect(expected.map((r) => [r.doc, r.doc_missing])).toEqual([['{"a": [null], "b": 1}', false], ["null", false], [null, true]]);
    } finally {
      await source.db.execute(sql`drop table backup_probe`);
      await target.database.db.execute(sql`drop table backup_probe`);
    }
  });
});

describe("an archive of an older version of the app", () => {
  it("is restored at its own migration, then migrated up to this code's", async () => {
    const old = await blankDatabase();
    const target = await blankDatabase();
    const storage = createLocalStorage(path.join(scratch, "old-media"));
    const privateStorage = createLocalStorage(path.join(scratch, "old-private"));
    try {
      // The site as it was at 0004 (before the English fields and the focal point).
      const at = knownMigrations().find((m) => m.tag === "0004_auditions")!;
      await old.handle.migrate({ migrationsFolder: migrationsUpTo(at, path.join(scratch, "migrations-0004")) });
      await old.handle.db.execute(sql`insert into media (storage_key, format, mime_type, width, height, bytes, sha256) values ('2026/11/aa.jpg', 'jpeg', 'image/jpeg', 1, 1, 1, 'x')`);
      await old.handle.db.execute(sql`insert into artists (name, status) values ('옛 배우', 'public')`);
      const file = path.join(scratch, "old.tar.gz");
      const { manifest } = await writeBackup({ database: old.handle, storage, privateStorage, logger: silentLogger }, fileSink(file));
      expect(manifest.migration.tag).toBe("0004_auditions");

      const result = await restoreBackup({ database: target.handle, storage: createLocalStorage(path.join(scratch, "new-media")), privateStorage: createLocalStorage(path.join(scratch, "new-private")) }, file);
      expect(result.migratedFrom).toBe("0004_auditions");
      expect((await appliedMigration(target.handle.db))?.tag).toBe(knownMigrations().at(-1)!.tag);
      const [artist] = await target.handle.db.select().from(artists);
      expect(artist).toMatchObject({ name: "옛 배우", en: {} });
      const [photo] = await target.handle.db.select().from(media);
      expect(photo).toMatchObject({ storageKey: "2026/11/aa.jpg", focalX: 0.5, focalY: 0.5 });
    } finally {
      await old.destroy();
      await target.destroy();
    }
  });
});
