import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupRuns } from "../../../drizzle/schema";
import { verifyArchive } from "../../../app/server/backup/restore.server";
import { pollUntil, startAppServer } from "../../setup/app-server";
import { useTestDatabase } from "../../setup/test-database";

describe("the server's own scheduled backups (BACKUP_CRON)", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-server-backups-"));
  afterAll(() => fs.rmSync(backupDir, { recursive: true, force: true }));

  it("a server that starts after a missed time makes that backup beside its requests", async () => {
    // Backups ran until two days ago; then every server was down at the last 03:30.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await database.db.insert(backupRuns).values({ scheduledFor: twoDaysAgo, server: "old-server", startedAt: twoDaysAgo, finishedAt: twoDaysAgo, archive: "gone.tar.gz", bytes: 1 });
    const server = await startAppServer({ databaseUrl: database.url!, env: { BACKUP_CRON: "30 3 * * *", BACKUP_DIR: backupDir, BACKUP_KEEP: "3" } });
    try {
      expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
      await pollUntil(() => fs.readdirSync(backupDir).some((name) => name.endsWith(".tar.gz")), { timeoutMs: 20_000, what: () => "the catch-up backup" });
    } finally {
      await server.stop();
    }
    const [archive] = fs.readdirSync(backupDir);
    const verified = await verifyArchive(path.join(backupDir, archive!));
    expect(verified.manifest.source.engine).toBe("postgres");
    await verified.cleanup();
    const runs = await database.db.select().from(backupRuns).orderBy(asc(backupRuns.scheduledFor));
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatchObject({ archive, error: null });
    // The latest 03:30 in Korea.
    expect(runs[1]!.scheduledFor.toISOString()).toMatch(/T18:30:00\.000Z$/);
  });
});
