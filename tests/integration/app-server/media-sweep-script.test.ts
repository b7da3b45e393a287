import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, media } from "../../../drizzle/schema";
import type { Database } from "../../../app/server/platform/db.server";
import { testEngine, useTestDatabase } from "../../setup/test-database";

/** `npm run media:sweep` as an operator runs it, with the server's environment (local storages under DATA_DIR). */

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "we-sweep-script-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function runSweep(args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/media-sweep.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, LOG_LEVEL: "warn", S3_BUCKET: "", ...env },
    timeout: 120_000,
  });
}

describe(`npm run media:sweep (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("lists what it would remove with --dry-run, then removes it and records it in the activity log", { timeout: 120_000 }, async () => {
    const dataDir = path.join(scratch, "site");
    fs.mkdirSync(dataDir);
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
    const withDatabase = <T>(work: (db: Database) => Promise<T>): Promise<T> => work(database.db);
    const used = "2026/10/0123456789abcdef0123456789abcdef.jpg";
    const orphan = "2026/10/fedcba9876543210fedcba9876543210.jpg";
    const applicant = "auditions/2026/0123456789abcdef0123456789abcdef0123456789abcdef.video";
    const backup = "backups/we-backup-20261101T000000Z.tar.gz";
    await withDatabase((db) => db.insert(media).values({ storageKey: used, format: "jpeg", mimeType: "image/jpeg", width: 1, height: 1, bytes: 4, sha256: "x" }));
    const files = [path.join("media", used), path.join("media", orphan), path.join("private", applicant), path.join("private", backup)].map((f) => path.join(dataDir, f));
    // Stored three days ago: the grace period has passed for all of them.
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    for (const file of files) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, Buffer.alloc(4096, 1));
      fs.utimesSync(file, threeDaysAgo, threeDaysAgo);
    }

    const dry = runSweep(["--dry-run"], env);
    expect(dry.stderr).toBe("");
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain("시험 실행입니다: 아무것도 지우지 않았습니다.");
    expect(dry.stdout).toContain(`    ${orphan} (4KB, `);
    expect(dry.stdout).toContain(`    ${applicant} (4KB, `);
    expect(dry.stdout).not.toContain(used);
    expect(dry.stdout).not.toContain(backup);
    expect(files.every((file) => fs.existsSync(file))).toBe(true);

    const real = runSweep([], env);
    expect(real.stderr).toBe("");
    expect(real.stdout).toContain("쓰지 않는 파일 2개를 지웠습니다.");
    expect(files.map((file) => fs.existsSync(file))).toEqual([true, false, false, true]);

    const [entry, ...more] = await withDatabase((db) => db.select().from(auditLog).where(eq(auditLog.entity, "storage")));
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: "sweep", actorLabel: "쓰지 않는 파일 정리(npm run media:sweep)", details: { media: { count: 1, bytes: 4096, keys: [orphan] }, private: { count: 1, keys: [applicant] } } });
  });
});
