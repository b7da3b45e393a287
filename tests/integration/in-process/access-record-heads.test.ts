import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, desc, eq, gte, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessRecordChain, accessRecords, jobRuns } from "../../../drizzle/schema";
import { startScheduler } from "../../../app/server/jobs/scheduler.server";
import { openDatabase, type Database, type DatabaseHandle } from "../../../app/server/platform/db.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { createLocalStorage } from "../../../app/server/platform/storage.server";
import {
  accessRecordHeadSlot,
  directoryHeadFile,
  HEAD_FILE_NAME,
  headLine,
  parseHeadFile,
  storageHeadFile,
} from "../../../app/server/privacy/access-record-heads.server";
import { ACCESS_RECORD_HEAD_JOB, recordAccess, verifyAccessRecords } from "../../../app/server/privacy/access-records.server";
import { capturedLogger } from "../../setup/captured-logger";
import { createTestServices, testEngine, useTestDatabase } from "../../setup/test-database";

/**
 * The access records' head written down outside the database once a day (decision 039, amended
 * 2026-11-29), with the scheduler's clock in hand: one line in the file beside the backups and one
 * info line in the log per day across two app servers; and the newest entries deleted after a head
 * was written down, the chain's head moved back and the database's own copy of the heads deleted too,
 * are reported by the verification against the file and by the next day's run.
 */

const STAFF: Actor = { staffId: null, via: "session", label: "reviewer", ip: "203.0.113.7" };
const DAY = 24 * 60 * 60 * 1000;

async function append(db: Database, count: number) {
  for (let i = 0; i < count; i++) await recordAccess(db, STAFF, { action: "view", receiptNumbers: [`AUD-2026-${String(200 + i).padStart(6, "0")}`] });
}

describe(`the access records' daily head (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  let backupDir: string;
  let second: DatabaseHandle | null = null;
  /** 00:10 KST on 1 December 2026: just after that day's time (00:05). */
  let clock = new Date("2026-12-01T00:10:00+09:00");
  const now = () => clock;

  beforeAll(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-access-heads-"));
    // A second app server has its own connection; on PGlite (one process) it is a second scheduler on the same one.
    if (database.url) second = await openDatabase({ kind: "postgres", url: database.url, poolMax: 2 });
  });
  afterAll(async () => {
    await second?.close();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  const headFile = () => directoryHeadFile(backupDir);
  const fileLines = () => fs.readFileSync(path.join(backupDir, HEAD_FILE_NAME), "utf8").split("\n").filter(Boolean);
  const runs = () => database.db.select().from(jobRuns).where(eq(jobRuns.job, ACCESS_RECORD_HEAD_JOB)).orderBy(asc(jobRuns.scheduledFor));
  const finished = async (slot: Date) => (await runs()).find((r) => r.scheduledFor.getTime() === slot.getTime())?.finishedAt ?? null;
  const newest = async () => (await database.db.select().from(accessRecords).orderBy(desc(accessRecords.id)).limit(1))[0]!;
  /** App servers named `names`, each a scheduler over the database with a captured log. */
  const servers = (names: string[]) =>
    names.map((name) => {
      const captured = capturedLogger();
      const db = name === "b" && second ? second.db : database.db;
      const services = { ...createTestServices(db, database.storage), logger: captured.logger };
      return { name, records: captured.records, scheduler: startScheduler(services, { now, serverId: name, headFile: headFile() }) };
    });
  const headLogs = (started: { records: { msg: string }[] }[]) => started.flatMap((s) => s.records.filter((r) => r.msg === "access records head"));

  it("is written once a day: one line in the file beside the backups and one info line in the log, across two servers", { timeout: 60_000 }, async () => {
    await append(database.db, 3);
    const first = await newest();
    const started = servers(["a", "b"]);
    await Promise.all(started.map((s) => s.scheduler.ready));
    await expect.poll(() => finished(accessRecordHeadSlot(clock)), { timeout: 15_000, interval: 50 }).not.toBeNull();
    await Promise.all(started.map((s) => s.scheduler.stop()));

    expect(fileLines()).toEqual([headLine(clock, first, 3).trim()]);
    expect(headLogs(started)).toEqual([expect.objectContaining({ level: 30, headId: first.id, headHash: first.hash, count: 3 })]);
    expect(await runs()).toMatchObject([{ scheduledFor: accessRecordHeadSlot(clock), result: { headId: first.id, headHash: first.hash, count: 3 }, error: null }]);

    // A restart the same day writes nothing more.
    const [restarted] = servers(["a"]);
    await restarted!.scheduler.ready;
    await restarted!.scheduler.stop();
    expect(fileLines()).toHaveLength(1);
    expect(headLogs([restarted!])).toEqual([]);

    // The next day, the head the day's work moved on to.
    await append(database.db, 2);
    const later = await newest();
    clock = new Date(clock.getTime() + DAY);
    const [next] = servers(["b"]);
    try {
      await expect.poll(() => finished(accessRecordHeadSlot(clock)), { timeout: 15_000, interval: 50 }).not.toBeNull();
    } finally {
      await next!.scheduler.stop();
    }
    expect(fileLines()).toEqual([headLine(new Date(clock.getTime() - DAY), first, 3).trim(), headLine(clock, later, 5).trim()]);
    expect(headLogs([next!])).toEqual([expect.objectContaining({ headId: later.id, headHash: later.hash, count: 5, anchors: 1 })]);
  });

  it("the newest entries deleted after a head was written down, the head moved back and the database's copies deleted: the file catches it, and the next day's run logs it", { timeout: 60_000 }, async () => {
    const [, anchored] = parseHeadFile(fs.readFileSync(path.join(backupDir, HEAD_FILE_NAME), "utf8"), headFile().description);
    expect(anchored).toMatchObject({ id: (await newest()).id, source: `${headFile().description} ${clock.toISOString()}` });
    await append(database.db, 1);

    // Someone with the database deletes the written-down head and what came after it, points the chain's
    // head at the entry before, and deletes the daily heads the database kept.
    const [kept] = await database.db.select().from(accessRecords).where(lt(accessRecords.id, anchored!.id)).orderBy(desc(accessRecords.id)).limit(1);
    await database.db.delete(accessRecords).where(gte(accessRecords.id, anchored!.id));
    await database.db.update(accessRecordChain).set({ headId: kept!.id, headHash: kept!.hash });
    await database.db.delete(jobRuns).where(eq(jobRuns.job, ACCESS_RECORD_HEAD_JOB));
    // The chain alone is consistent; the file's heads are not all there.
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: true, head: { id: kept!.id } });
    expect(await verifyAccessRecords(database.db, parseHeadFile(await headFile().read(), headFile().description))).toMatchObject({
      ok: false,
      brokenId: anchored!.id,
      problem: "anchor-missing",
      anchor: anchored,
    });

    // The next day's run says so in the log, and writes down no head of the shortened chain.
    const linesBefore = fileLines();
    clock = new Date(clock.getTime() + DAY);
    const [server] = servers(["a"]);
    try {
      await expect.poll(() => finished(accessRecordHeadSlot(clock)), { timeout: 15_000, interval: 50 }).not.toBeNull();
    } finally {
      await server!.scheduler.stop();
    }
    expect(server!.records.filter((r) => r.level === 50 && /access records/.test(r.msg))).toEqual([
      expect.objectContaining({ msg: "access records do not verify: an entry was changed, inserted or deleted", brokenId: anchored!.id, problem: "anchor-missing" }),
    ]);
    expect(headLogs([server!])).toEqual([]);
    expect(fileLines()).toEqual(linesBefore);
    expect((await runs()).at(-1)).toMatchObject({ result: null, error: expect.stringContaining(`#${anchored!.id}`) });
  });

  it("kept in the private storage (BACKUP_TARGET=storage), the file is rewritten with each head appended, under backups/", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "we-access-heads-storage-"));
    try {
      const storage = createLocalStorage(root);
      const file = storageHeadFile(storage);
      expect(await file.read()).toBe("");
      const head = { id: 7, hash: "a".repeat(64) };
      await file.append(headLine(clock, head, 7));
      await file.append(headLine(clock, { id: 9, hash: "b".repeat(64) }, 9));
      expect(parseHeadFile(await file.read(), file.description).map((a) => a.id)).toEqual([7, 9]);
      expect(fs.readdirSync(path.join(root, "backups"))).toEqual([HEAD_FILE_NAME]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
