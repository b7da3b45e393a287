import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupRuns } from "../../../drizzle/schema";
import { parseCron } from "../../../app/server/platform/cron.server";
import { directoryTarget, runBackupSlot, startBackupScheduler, type ScheduledBackupDeps } from "../../../app/server/backup/scheduled-backup.server";
import { openDatabase, type DatabaseHandle } from "../../../app/server/platform/db.server";
import { capturedLogger } from "../../setup/captured-logger";
import { useTestDatabase } from "../../setup/test-database";

describe("scheduled backups with two app servers on one PostgreSQL database", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  let other: DatabaseHandle;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "we-scheduled-backups-"));
  beforeAll(async () => {
    other = await openDatabase({ kind: "postgres", url: database.url!, poolMax: 2 });
  });
  afterAll(async () => {
    await other?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const server = (name: string, handle: () => DatabaseHandle) => {
    const captured = capturedLogger();
    const deps: ScheduledBackupDeps = {
      database: handle(),
      storage: database.storage,
      privateStorage: database.services.privateStorage,
      logger: captured.logger,
      // One shared directory, as a bucket would be: each server could write there.
      target: directoryTarget(dir),
      keep: 5,
      serverId: name,
    };
    return { deps, records: captured.records };
  };

  it("the same time's backup is made once when both try at once", async () => {
    const a = server("a", () => database.handle);
    const b = server("b", () => other);
    const slot = new Date("2026-12-02T03:30:00+09:00");
    const now = () => new Date("2026-12-02T03:30:00+09:00");
    const outcomes = await Promise.all([runBackupSlot(a.deps, slot, now), runBackupSlot(b.deps, slot, now)]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["taken", "written"]);
    expect(fs.readdirSync(dir)).toEqual(["we-backup-20261201T183000Z.tar.gz"]);
    const rows = await database.db.select().from(backupRuns);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.server).toBe(outcomes[0]!.outcome === "written" ? "a" : "b");
  });

  it("two schedulers whose time comes together make one backup", async () => {
    const a = server("a", () => database.handle);
    const b = server("b", () => other);
    // Both clocks a moment before the next day's time (the day before's is done: nothing to catch up).
    const start = Date.now();
    const now = () => new Date(new Date("2026-12-03T03:29:59.600+09:00").getTime() + (Date.now() - start));
    const schedulers = [a, b].map((s) => startBackupScheduler(s.deps, { schedule: parseCron("30 3 * * *"), now }));
    try {
      const reported = (records: { msg: string }[]) => records.some((r) => r.msg === "scheduled backup written" || r.msg === "scheduled backup taken by another server");
      await expect.poll(() => reported(a.records) && reported(b.records), { timeout: 15_000, interval: 50 }).toBe(true);
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
    }
    const written = [...a.records, ...b.records].filter((r) => r.msg === "scheduled backup written");
    expect(written).toHaveLength(1);
    expect(fs.readdirSync(dir).filter((name) => name.startsWith("we-backup-20261202T1830"))).toHaveLength(1);
    const rows = await database.db.select().from(backupRuns);
    expect(rows.filter((r) => r.scheduledFor.toISOString() === "2026-12-02T18:30:00.000Z")).toHaveLength(1);
  });
});
