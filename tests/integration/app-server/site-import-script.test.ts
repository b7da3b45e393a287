import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artists, auditLog, importedRecords, posts, siteImports } from "../../../drizzle/schema";
import { openDatabase, type Database } from "../../../app/server/platform/db.server";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { startOldSite, type OldSite } from "../../fixtures/old-site";
import { startS3Server } from "../../setup/s3-server";
import { createPostgresDatabase, testEngine, type PostgresDatabase } from "../../setup/test-database";

/**
 * `npm run import:site` as an operator runs it: on a fresh data directory or an empty PostgreSQL
 * database (it prepares the database as `npm start` does), killed halfway and run again (it completes
 * with no duplicates), and refusing bad arguments with a Korean message.
 */

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "we-import-script-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const SCRIPT = ["--import", "tsx", "scripts/import-site.ts"];

/** Runs the script to its end without blocking this process (the stand-in old host answers from here). */
function runScript(args: string[], env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...SCRIPT, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (status) => resolve({ status, stdout, stderr }));
  });
}

describe(`npm run import:site (${testEngine()})`, () => {
  let old: OldSite;
  let postgres: PostgresDatabase;
  const dataDir = path.join(scratch, "site");
  let env: Record<string, string>;

  beforeAll(async () => {
    // A slow old host (40 ms per answer), so the run can be stopped halfway.
    old = await startOldSite({ artists: 8, news: 30, notices: 12, apiDelayMs: 40, photoSize: [240, 320] });
    fs.mkdirSync(dataDir);
    postgres = await createPostgresDatabase({ fromTemplate: false });
    env = { ...process.env, LOG_LEVEL: "warn", S3_BUCKET: "", DATA_DIR: dataDir, DATABASE_URL: postgres.url } as Record<string, string>;
    delete env.SEED_DEMO_CONTENT;
  }, 60_000);
  afterAll(async () => {
    await old?.close();
    await postgres.drop();
  });

  const withDatabase = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    const handle = await openDatabase({ kind: "postgres", url: postgres.url, poolMax: 2 });
    try {
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  };
  /** Artists, posts and import records here. */
  const tally = async (db: Database): Promise<[number, number, number]> => {
    const rows = await Promise.all([db.select({ n: count() }).from(artists), db.select({ n: count() }).from(posts), db.select({ n: count() }).from(importedRecords)]);
    const [a, p, r] = rows.map(([row]) => row!.n) as [number, number, number];
    return [a, p, r];
  };

  it("refuses a missing or bad --from and an unknown --only with a Korean message", async () => {
    const missing = await runScript([], env);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("--from에 이전 사이트 주소를 적어 주세요.");
    const kind = await runScript(["--from", old.origin, "--only", "photos"], env);
    expect(kind.status).toBe(2);
    expect(kind.stderr).toContain("--only에는 artists, news, notices만 쓸 수 있습니다: photos");
  }, 120_000);

  it("killed halfway on a fresh database, completes on the next run without duplicates", async () => {
    const child = spawn(process.execPath, [...SCRIPT, "--from", old.origin], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const halfway = new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        output += chunk;
        // Plain progress lines when not on a terminal: "12/50 배우 김서연".
        const done = [...output.matchAll(/^(\d+)\/(\d+) /gm)].at(-1);
        if (done && Number(done[1]) >= Number(done[2]) / 2) resolve();
      });
      child.once("exit", (code) => reject(new Error(`the import ended before it was stopped (exit ${code}):\n${output}`)));
    });
    await halfway;
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));

    const [artistsBefore, postsBefore, recordsBefore] = await withDatabase(tally);
    expect(artistsBefore + postsBefore).toBeGreaterThan(0);
    expect(artistsBefore + postsBefore).toBeLessThan(50);
    expect(recordsBefore).toBe(artistsBefore + postsBefore);

    const again = await runScript(["--from", old.origin], env);
    expect(again.stderr).toBe("");
    expect(again.status, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/50\/50 /);
    // Artists come first: those imported before the kill are unchanged, the rest new.
    expect(again.stdout).toMatch(new RegExp(`배우\\t${8 - artistsBefore}\\t0\\t${artistsBefore}\\t0\\t0`));
    expect(await withDatabase(tally)).toEqual([8, 42, 50]);
    const runs = await withDatabase((db) => db.select({ state: siteImports.state }).from(siteImports).orderBy(siteImports.id));
    expect(runs.map((r) => r.state)).toEqual(["interrupted", "finished"]);
    // The interrupted run wrote no activity-log entry; the finished one wrote one.
    expect(await withDatabase((db) => db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, "site-import")))).toEqual([{ n: 1 }]);
    // No demo content in a database the import created.
    expect(await withDatabase((db) => db.select({ n: count() }).from(artists).where(eq(artists.name, "한서윤")))).toEqual([{ n: 0 }]);
  }, 300_000);

  it("says in Korean that the old site's redirect to another address was refused, and never reaches it", async () => {
    let reached = 0;
    const internal = http.createServer((_req, res) => res.end("[]"));
    internal.on("connection", () => reached++);
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    const elsewhere = `127.0.0.1:${(internal.address() as AddressInfo).port}`;
    const redirecting = await startOldSite({
      artists: 1,
      news: 1,
      notices: 1,
      answer: (path, _req, res) => {
        if (path !== "/api/we/newslist") return false;
        res.writeHead(302, { location: `http://${elsewhere}/admin` }).end();
        return true;
      },
    });
    const redirectDataDir = path.join(scratch, "redirect-site");
    fs.mkdirSync(redirectDataDir);
    const redirectDatabase = await createPostgresDatabase({ fromTemplate: false });
    try {
      const result = await runScript(["--from", redirecting.origin, "--only", "news"], { ...env, DATA_DIR: redirectDataDir, DATABASE_URL: redirectDatabase.url });
      expect(result.stderr).toBe("");
      expect(result.status, result.stdout).toBe(1);
      // What was being read, in staff's words (decision 066), not the API's path.
      expect(result.stdout).toContain(`중단됨: 예전 사이트가 뉴스 목록을 다른 곳(${elsewhere})으로 넘겼는데, 그곳은 내부망(사설·로컬) 주소라 보안상 가져오지 않았습니다.`);
      expect(reached).toBe(0);
    } finally {
      await redirecting.close();
      internal.closeAllConnections();
      await new Promise((resolve) => internal.close(resolve));
      await redirectDatabase.drop();
    }
  }, 120_000);

  it("with S3 storage, the photos land in the bucket and none on the local disk", async () => {
    const s3 = await startS3Server({ bucket: "we-import-test" });
    const s3DataDir = path.join(scratch, "s3-site");
    fs.mkdirSync(s3DataDir);
    const s3Database = await createPostgresDatabase({ fromTemplate: false });
    try {
      const result = await runScript(["--from", old.origin, "--only", "artists"], { ...env, ...s3.env, DATA_DIR: s3DataDir, DATABASE_URL: s3Database.url });
      expect(result.stderr).toBe("");
      expect(result.status, result.stdout).toBe(0);
      expect(result.stdout).toMatch(/배우\t8\t0\t0\t0\t0/);
      const client = s3.client();
      try {
        const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
        // 8 artists × 5 photos minus the broken ones (the stand-in's second to fifth artists), each with its variants.
        expect(listed.KeyCount ?? 0).toBeGreaterThan(30);
      } finally {
        client.destroy();
      }
      // Nothing went to the local media directory.
      expect(fs.existsSync(path.join(s3DataDir, "media")) ? fs.readdirSync(path.join(s3DataDir, "media")) : []).toEqual([]);
    } finally {
      await s3.stop();
      await s3Database.drop();
    }
  }, 300_000);
});
