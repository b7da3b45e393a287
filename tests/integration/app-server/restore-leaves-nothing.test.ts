import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artists, media } from "../../../drizzle/schema";
import { fileSink, writeBackup } from "../../../app/server/backup/backup.server";
import { createS3Storages } from "../../../app/server/platform/s3-storage.server";
import { pack, unpack } from "../../setup/backup-archives";
import { startS3Server, type TestS3Server } from "../../setup/s3-server";
import { createPostgresDatabase, silentLogger, useTestDatabase, type PostgresDatabase } from "../../setup/test-database";
import { enterableTempDir } from "../../setup/app-server";

/**
 * `npm run restore` into a data directory that is not there, as an operator runs it: whatever makes it
 * refuse (a damaged, foreign or newer archive, a target that is not empty) or fail after it started, the
 * directory is still not there afterwards, and one that was there (empty) is left as it was.
 */

const scratch = enterableTempDir("we-restore-nothing-");
const databases: PostgresDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function runRestore(archive: string, env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", archive], {
    encoding: "utf8",
    env: { ...process.env, ADMIN_ID: "", ADMIN_PASSWORD: "", LOG_LEVEL: "warn", S3_BUCKET: "", ...env },
    timeout: 120_000,
  });
}

let counter = 0;
/** A data directory that does not exist, under a parent that does not either (both are this run's to create). */
const missingDataDir = () => path.join(scratch, `missing-${++counter}`, "data");
/** An empty data directory made before the run. */
const emptyDataDir = () => enterableTempDir("empty-", scratch);

/** Rewrites one entry of an archive, keeping the manifest's size and checksum of it right (the manifest itself has none): it still passes the checks. */
async function withEntry(archive: string, name: string, edit: (data: Buffer) => Buffer, out: string) {
  const entries = await unpack(archive);
  const entry = entries.find((e) => e.name === name)!;
  entry.data = edit(entry.data);
  if (name !== "manifest.json") {
    const manifest = JSON.parse(entries.at(-1)!.data.toString("utf8")) as { entries: { path: string; size: number; sha256: string }[] };
    const listed = manifest.entries.find((e) => e.path === name)!;
    listed.size = entry.data.byteLength;
    listed.sha256 = createHash("sha256").update(entry.data).digest("hex");
    entries.at(-1)!.data = Buffer.from(JSON.stringify(manifest));
  }
  await pack(out, entries);
  return out;
}

/** Into a new database on the test server, or into the embedded default's own server under DATA_DIR. */
describe.each(["postgres", "embedded"] as const)("npm run restore leaves nothing behind when it refuses or fails (%s)", (target) => {
  const source = useTestDatabase({ beforeAll, afterAll });
  let s3: TestS3Server;
  const archives = {} as Record<"good" | "truncated" | "foreign" | "newer" | "badRow", string>;

  beforeAll(async () => {
    const [photo] = await source.db
      .insert(media)
      .values({ storageKey: "2026/11/0123456789abcdef0123456789abcdef.jpg", format: "jpeg", mimeType: "image/jpeg", width: 1, height: 1, bytes: 3, sha256: "x" })
      .returning();
    expect(photo).toBeDefined();
    await source.storage.put("2026/11/0123456789abcdef0123456789abcdef.jpg", new Uint8Array([0xff, 0xd8, 0xff]));
    await source.services.privateStorage.put("auditions/2026/0123456789abcdef0123456789abcdef0123456789abcdef.jpg", new Uint8Array([1, 2, 3]));
    await source.db.insert(artists).values({ name: "복원배우", status: "public" });
    archives.good = path.join(scratch, "good.tar.gz");
    await writeBackup({ database: source.handle, storage: source.storage, privateStorage: source.services.privateStorage, logger: silentLogger }, fileSink(archives.good));

    const bytes = fs.readFileSync(archives.good);
    archives.truncated = path.join(scratch, "truncated.tar.gz");
    fs.writeFileSync(archives.truncated, bytes.subarray(0, bytes.length - 100));
    archives.foreign = path.join(scratch, "foreign.tar.gz");
    await pack(archives.foreign, [{ name: "notes.txt", data: Buffer.from("hello") }]);
    archives.newer = await withEntry(
      archives.good,
      "manifest.json",
      (data) => Buffer.from(JSON.stringify({ ...(JSON.parse(data.toString("utf8")) as object), migration: { tag: "0099_future", when: 4_102_444_800_000, hash: "x" } })),
      path.join(scratch, "newer.tar.gz"),
    );
    // Passes every check of the archive (sizes, checksums, row counts) but breaks a rule of the schema:
    // the restore fails while inserting, after it created the database.
    archives.badRow = await withEntry(
      archives.good,
      "db/artists.jsonl",
      (data) => Buffer.from(data.toString("utf8").replace(/"status": ?"public"/, '"status": "bogus"')),
      path.join(scratch, "bad-row.tar.gz"),
    );
    expect(fs.readFileSync(archives.badRow).equals(fs.readFileSync(archives.good))).toBe(false);
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
  });

  /** The run's database: the embedded default's under DATA_DIR, or a new, empty database on the test server. */
  const databaseEnv = async (): Promise<Record<string, string>> => {
    if (target === "embedded") return { DATABASE_URL: "" };
    const database = await createPostgresDatabase({ fromTemplate: false });
    databases.push(database);
    return { DATABASE_URL: database.url };
  };

  const refusals: [string, () => string, RegExp][] = [
    ["a truncated archive", () => archives.truncated, /손상되었거나 잘렸습니다/],
    ["a file that is not our backup", () => archives.foreign, /백업 파일이 아닙니다/],
    ["an archive of a newer version of the app", () => archives.newer, /더 새로운 버전의 앱/],
  ];

  it.each(refusals)("%s: refused, and the data directory that was not there is still not there", async (_name, archive, message) => {
    const dataDir = missingDataDir();
    const run = runRestore(archive(), { ...(await databaseEnv()), DATA_DIR: dataDir });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain("아무것도 바뀌지 않았습니다.");
    expect(fs.existsSync(path.dirname(dataDir))).toBe(false);
  });

  it.each(refusals)("%s: an empty data directory that was there is left empty", async (_name, archive) => {
    const dataDir = emptyDataDir();
    const run = runRestore(archive(), { ...(await databaseEnv()), DATA_DIR: dataDir });
    expect(run.status).toBe(1);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("a bucket that already holds files: refused before any database is made", { timeout: 120_000 }, async () => {
    const { storage } = createS3Storages(s3.settings());
    await storage.put("2026/10/ffffffffffffffffffffffffffffffff.jpg", new Uint8Array([1]));
    const dataDir = missingDataDir();
    const run = runRestore(archives.good, { ...(await databaseEnv()), ...s3.env, DATA_DIR: dataDir });
    expect(run.stderr).toMatch(/복원하지 않았습니다: 미디어 저장소에 이미 파일이 있습니다 \(2026\/10\/f+\.jpg\)/);
    expect(run.status).toBe(1);
    expect(fs.existsSync(path.dirname(dataDir))).toBe(false);
    const empty = emptyDataDir();
    expect(runRestore(archives.good, { ...(await databaseEnv()), ...s3.env, DATA_DIR: empty }).status).toBe(1);
    expect(fs.readdirSync(empty)).toEqual([]);
    await storage.delete("2026/10/ffffffffffffffffffffffffffffffff.jpg");
  });

  // The embedded default's target is the data directory itself, which the cases above cover.
  if (target === "postgres") it("a PostgreSQL database that is not empty: refused, and no data directory is made for the files", () => {
    const dataDir = missingDataDir();
    const run = runRestore(archives.good, { DATABASE_URL: source.url!, DATA_DIR: dataDir });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/복원하지 않았습니다: 데이터베이스가 비어 있지 않습니다/);
    expect(fs.existsSync(path.dirname(dataDir))).toBe(false);
  });

  it("an archive that fails while its rows go in: what the run created is removed, a directory that was there stays", { timeout: 240_000 }, async () => {
    const dataDir = missingDataDir();
    const run = runRestore(archives.badRow, { ...(await databaseEnv()), DATA_DIR: dataDir });
    expect(run.stderr).toMatch(/^복원하지 못했습니다: /);
    expect(run.status).toBe(1);
    expect(fs.existsSync(path.dirname(dataDir))).toBe(false);

    const empty = emptyDataDir();
    const again = runRestore(archives.badRow, { ...(await databaseEnv()), DATA_DIR: empty });
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/^복원하지 못했습니다: /);
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it("the archive itself restores into a data directory that was not there", { timeout: 120_000 }, async () => {
    const dataDir = missingDataDir();
    const run = runRestore(archives.good, { ...(await databaseEnv()), DATA_DIR: dataDir });
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("복원했습니다");
    expect(run.status).toBe(0);
    expect(fs.readdirSync(path.join(dataDir, "media", "2026", "11"))).toEqual(["0123456789abcdef0123456789abcdef.jpg"]);
    expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(target === "embedded");
  });
});
