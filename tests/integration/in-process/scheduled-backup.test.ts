import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupRuns } from "../../../drizzle/schema";
import { parseCron } from "../../../app/server/platform/cron.server";
import {
  backupTarget,
  directoryTarget,
  runBackupSlot,
  startBackupScheduler,
  type BackupTarget,
  type ScheduledBackupDeps,
} from "../../../app/server/backup/scheduled-backup.server";
import { fileSink, writeBackup } from "../../../app/server/backup/backup.server";
import { verifyArchive } from "../../../app/server/backup/restore.server";
import { capturedLogger } from "../../setup/captured-logger";
import { testEngine, useTestDatabase } from "../../setup/test-database";

/** A clock that starts at `at` and runs at the real pace from there. */
const clockFrom = (at: string) => {
  const start = Date.now();
  const base = new Date(at).getTime();
  return () => new Date(base + (Date.now() - start));
};
const fixed = (at: string) => () => new Date(at);

describe(`scheduled backups (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "we-scheduled-backups-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const captured = capturedLogger();
  const deps = (overrides: Partial<ScheduledBackupDeps> = {}): ScheduledBackupDeps => ({
    database: database.handle,
    storage: database.storage,
    privateStorage: database.services.privateStorage,
    logger: captured.logger,
    target: directoryTarget(dir),
    keep: 2,
    serverId: "test-server",
    ...overrides,
  });
  const runs = () => database.db.select().from(backupRuns).orderBy(asc(backupRuns.scheduledFor));
  const daily = parseCron("30 3 * * *");

  it("a first start with a new schedule waits for its first time rather than catching up", async () => {
    const scheduler = startBackupScheduler(deps(), { schedule: daily, now: fixed("2026-12-01T12:00:00+09:00") });
    await scheduler.ready;
    await scheduler.stop();
    expect(await runs()).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("keeps the last BACKUP_KEEP archives, and makes each time's backup once", async () => {
    for (const day of ["02", "03", "04", "05"]) {
      const slot = new Date(`2026-12-${day}T03:30:00+09:00`);
      const outcome = await runBackupSlot(deps(), slot, fixed(`2026-12-${day}T03:30:01+09:00`));
      expect(outcome).toMatchObject({ outcome: "written", archive: `we-backup-202612${String(Number(day) - 1).padStart(2, "0")}T183001Z.tar.gz` });
    }
    expect(fs.readdirSync(dir).sort()).toEqual(["we-backup-20261203T183001Z.tar.gz", "we-backup-20261204T183001Z.tar.gz"]);
    // Each is a complete archive a restore accepts.
    const verified = await verifyArchive(path.join(dir, "we-backup-20261204T183001Z.tar.gz"));
    expect(verified.manifest.tables.find((t) => t.name === "backup_runs")?.rows).toBe(4);
    await verified.cleanup();

    const recorded = await runs();
    expect(recorded.map((r) => [r.scheduledFor.toISOString(), r.server, r.archive, r.error])).toEqual(
      ["01", "02", "03", "04"].map((d) => [`2026-12-${d}T18:30:00.000Z`, "test-server", `we-backup-202612${d}T183001Z.tar.gz`, null]),
    );
    expect(recorded.every((r) => r.finishedAt !== null && r.bytes! > 0)).toBe(true);

    // Taken already, or older than one taken: nothing is written.
    expect(await runBackupSlot(deps(), new Date("2026-12-05T03:30:00+09:00"), fixed("2026-12-05T03:31:00+09:00"))).toEqual({ outcome: "taken" });
    expect(await runBackupSlot(deps(), new Date("2026-12-01T03:30:00+09:00"), fixed("2026-12-05T03:31:00+09:00"))).toEqual({ outcome: "taken" });
    expect(fs.readdirSync(dir)).toHaveLength(2);
  });

  it("a failed backup is recorded and logged, and deletes no older archive", async () => {
    const broken: BackupTarget = { ...directoryTarget(dir), sink: () => () => Promise.reject(new Error("disk full")) };
    const outcome = await runBackupSlot(deps({ target: broken }), new Date("2026-12-06T03:30:00+09:00"), fixed("2026-12-06T03:30:01+09:00"));
    expect(outcome).toMatchObject({ outcome: "failed" });
    expect((await runs()).at(-1)).toMatchObject({ archive: null, error: "disk full" });
    expect(captured.records.some((r) => r.level === 50 && r.msg === "scheduled backup failed")).toBe(true);
    expect(fs.readdirSync(dir)).toHaveLength(2);
  });

  it("a backup stopped midway (the server shutting down) leaves no file behind", async () => {
    // A file that does not compress, so the archive streams out in many pieces before it is complete.
    await database.storage.put("2026/12/large.jpg", randomBytes(1 << 20));
    const stopping = new AbortController();
    const file = path.join(dir, "partial", "we-backup-20261206T000000Z.tar.gz");
    const sink = fileSink(file);
    const started = writeBackup({ ...deps(), signal: stopping.signal }, async (archive) =>
      sink(
        (async function* () {
          for await (const chunk of archive) {
            yield chunk;
            stopping.abort(new Error("The server is shutting down."));
          }
        })(),
      ),
    );
    await expect(started).rejects.toThrow("The server is shutting down.");
    expect(fs.readdirSync(path.dirname(file))).toEqual([]);
    fs.rmSync(path.dirname(file), { recursive: true });
    await database.storage.delete("2026/12/large.jpg");
  });

  it("makes the backup when its time comes, by the injected clock", async () => {
    const before = (await runs()).length;
    // The day before's time is recorded (the failure above), so nothing is caught up: only the next time runs.
    const scheduler = startBackupScheduler(deps({ keep: 10 }), { schedule: daily, now: clockFrom("2026-12-07T03:29:59.700+09:00") });
    try {
      await scheduler.ready;
      expect(await runs()).toHaveLength(before);
      await expect.poll(async () => (await runs()).at(-1)?.archive, { timeout: 15_000, interval: 50 }).toBe("we-backup-20261206T183000Z.tar.gz");
      expect((await runs()).at(-1)?.scheduledFor.toISOString()).toBe("2026-12-06T18:30:00.000Z");
    } finally {
      await scheduler.stop();
    }
    expect(await runs()).toHaveLength(before + 1);
  });

  it("catches up once at start when the latest time passed while no server ran", async () => {
    const before = (await runs()).length;
    const now = fixed("2027-01-05T09:00:00+09:00");
    const scheduler = startBackupScheduler(deps({ keep: 10 }), { schedule: daily, now });
    await scheduler.ready;
    await scheduler.stop();
    const recorded = await runs();
    // Only the latest missed time (the 5th), not the three before it.
    expect(recorded).toHaveLength(before + 1);
    expect(recorded.at(-1)?.scheduledFor.toISOString()).toBe("2027-01-04T18:30:00.000Z");
    expect(fs.existsSync(path.join(dir, "we-backup-20270105T000000Z.tar.gz"))).toBe(true);

    const again = startBackupScheduler(deps({ keep: 10 }), { schedule: daily, now });
    await again.ready;
    await again.stop();
    expect(await runs()).toHaveLength(before + 1);
  });

  it("BACKUP_TARGET=storage keeps the archives under backups/ of the private storage, out of the next backup", async () => {
    const privateStorage = database.services.privateStorage;
    await privateStorage.put("auditions/2027/01/photo.jpg", new Uint8Array([1, 2, 3]));
    const target = backupTarget({ BACKUP_TARGET: "storage", BACKUP_DIR: dir }, privateStorage);
    for (const day of ["10", "11"]) {
      const outcome = await runBackupSlot(deps({ target, keep: 1 }), new Date(`2027-01-${day}T03:30:00+09:00`), fixed(`2027-01-${day}T03:30:00+09:00`));
      expect(outcome).toMatchObject({ outcome: "written" });
    }
    const keys: string[] = [];
    for await (const object of privateStorage.list("backups/")) keys.push(object.key);
    expect(keys).toEqual(["backups/we-backup-20270110T183000Z.tar.gz"]);
    const stored = path.join(privateStorage.localRoot!, keys[0]!);
    const verified = await verifyArchive(stored);
    expect(verified.manifest.storages.private.objects).toBe(1);
    await verified.cleanup();
  });
});
