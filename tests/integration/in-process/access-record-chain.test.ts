import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessRecordChain, accessRecordInspections, accessRecords, staffUsers, jobRuns } from "../../../drizzle/schema";
import { settingsFormValues } from "../../../app/domain/setting-fields";
import { SITE_SETTING_FIELDS } from "../../../app/domain/site-settings";
import { runDueJobs } from "../../../app/server/jobs/scheduler.server";
import { openDatabase, type Database, type DatabaseHandle } from "../../../app/server/platform/db.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { entryHash, findBursts, markMonthInspected, monthlyInspection, recordAccess, verifyAccessRecords } from "../../../app/server/privacy/access-records.server";
import { directoryHeadFile, HEAD_FILE_NAME, runAccessRecordHeadSlot } from "../../../app/server/privacy/access-record-heads.server";
import { getSiteSettings } from "../../../app/server/site/settings.server";
import { saveSiteSettings } from "../../../app/server/site/settings-use-cases.server";
import { createPostgresDatabase, silentLogger, testEngine, useTestDatabase } from "../../setup/test-database";

/**
 * The access records' hash chain (decision 039) on the real engine: it verifies; an entry changed by
 * SQL, deleted or inserted breaks it at the right id (the function and `npm run access-records:verify`);
 * appends from many transactions at once stay one chain; the retention purge keeps it verifiable; the
 * monthly inspection flags what it should.
 */

const STAFF: Actor = { staffId: null, via: "session", label: "reviewer", ip: "203.0.113.7" };
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

async function append(db: Database, count: number, at?: Date, actor: Actor = STAFF) {
  for (let i = 0; i < count; i++) {
    await recordAccess(db, actor, { action: "view", receiptNumbers: [`AUD-2026-${String(100 + i).padStart(6, "0")}`], details: { b: 1, a: "x" } }, at);
  }
}

const ids = async (db: Database) => (await db.select({ id: accessRecords.id }).from(accessRecords).orderBy(asc(accessRecords.id))).map((r) => r.id);

describe(`the access records' chain (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("verifies an empty chain and one of appended entries", async () => {
    expect(await verifyAccessRecords(database.db)).toEqual({ ok: true, count: 0, head: null, anchors: 0 });
    await append(database.db, 5);
    const rows = await database.db.select().from(accessRecords).orderBy(asc(accessRecords.id));
    expect(await verifyAccessRecords(database.db)).toEqual({ ok: true, count: 5, head: { id: rows[4]!.id, hash: rows[4]!.hash }, anchors: 0 });
    expect(rows[0]!.prevHash).toBe("");
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prevHash).toBe(rows[i - 1]!.hash);
  });

  it("jsonb's own key order is not tampering, but a changed field of any kind is, at that entry's id", async () => {
    const [, , third] = await ids(database.db);
    await database.db.execute(sql`update access_records set details = '{"b": 1, "a": "x"}'::jsonb where id = ${third}`);
    expect((await verifyAccessRecords(database.db)).ok).toBe(true);
    const [original] = await database.db.select().from(accessRecords).where(eq(accessRecords.id, third!));
    for (const change of [
      sql`ip = '198.51.100.1'`,
      sql`actor_label = 'someone-else'`,
      sql`at = at - interval '1 hour'`,
      sql`receipt_numbers = array['AUD-2026-999999']`,
      sql`details = '{"count": 2}'::jsonb`,
      sql`action = 'search'`,
      sql`reason_code = 'review'`,
    ]) {
      await database.db.execute(sql`update access_records set ${change} where id = ${third}`);
      expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: false, brokenId: third, problem: "hash" });
      await database.db
        .update(accessRecords)
        .set({ ip: original!.ip, actorLabel: original!.actorLabel, at: original!.at, receiptNumbers: original!.receiptNumbers, details: original!.details, action: original!.action, reasonCode: null })
        .where(eq(accessRecords.id, third!));
      expect((await verifyAccessRecords(database.db)).ok).toBe(true);
    }
    // A hash recomputed for the changed entry still breaks the chain at the next one.
    const changed = { ...original!, ip: "198.51.100.1" };
    await database.db.update(accessRecords).set({ ip: changed.ip, hash: entryHash(changed.prevHash, changed) }).where(eq(accessRecords.id, third!));
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: false, brokenId: third! + 1, problem: "prev-hash" });
    await database.db.update(accessRecords).set({ ip: original!.ip, hash: original!.hash }).where(eq(accessRecords.id, third!));
    expect((await verifyAccessRecords(database.db)).ok).toBe(true);
  });

  it("a deleted entry breaks the chain at the one after it, the newest deleted at the head, an inserted one at itself", async () => {
    const all = await database.db.select().from(accessRecords).orderBy(asc(accessRecords.id));
    const second = all[1]!;
    await database.db.delete(accessRecords).where(eq(accessRecords.id, second.id));
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: false, brokenId: all[2]!.id, problem: "prev-hash" });
    await database.db.insert(accessRecords).values(second);
    expect((await verifyAccessRecords(database.db)).ok).toBe(true);

    const last = all.at(-1)!;
    await database.db.delete(accessRecords).where(eq(accessRecords.id, last.id));
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: false, brokenId: last.id, problem: "missing-tail" });
    await database.db.insert(accessRecords).values(last);
    expect((await verifyAccessRecords(database.db)).ok).toBe(true);

    // A forged entry after the head, hashed correctly onto the chain: the head does not name it.
    const forged = { ...last, id: last.id + 100, ip: "192.0.2.1", prevHash: last.hash };
    await database.db.insert(accessRecords).values({ ...forged, hash: entryHash(forged.prevHash, forged) });
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: false, brokenId: forged.id, problem: "prev-hash" });
    await database.db.delete(accessRecords).where(eq(accessRecords.id, forged.id));
    // One slipped in between two entries (an id the sequence skipped).
    await database.db.delete(accessRecords).where(eq(accessRecords.id, second.id));
    await database.db.insert(accessRecords).values({ ...second, ip: "192.0.2.2", hash: entryHash(second.prevHash, { ...second, ip: "192.0.2.2" }) });
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: false, brokenId: all[2]!.id, problem: "prev-hash" });
    await database.db.update(accessRecords).set({ ip: second.ip, hash: second.hash }).where(eq(accessRecords.id, second.id));
    expect((await verifyAccessRecords(database.db)).ok).toBe(true);
  });

  it("an account deleted later (admin_id set to null) is not tampering", async () => {
    const [admin] = await database.db.insert(staffUsers).values({ loginId: "leaver", passwordHash: "x" }).returning();
    await append(database.db, 1, undefined, { staffId: admin!.id, via: "session", label: "leaver", ip: "203.0.113.8" });
    await database.db.delete(staffUsers).where(eq(staffUsers.id, admin!.id));
    const [row] = await database.db.select().from(accessRecords).where(eq(accessRecords.actorLabel, "leaver"));
    expect(row!.staffId).toBeNull();
    expect((await verifyAccessRecords(database.db)).ok).toBe(true);
  });

  it("appends from many transactions at once line up into one chain", async () => {
    const before = (await ids(database.db)).length;
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await recordAccess(tx, { ...STAFF, label: `parallel-${i % 3}` }, { action: "search", receiptNumbers: [], details: { count: i } });
        }),
      ),
    );
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: true, count: before + 24 });
    const [chain] = await database.db.select().from(accessRecordChain);
    expect(chain!.headId).toBe((await ids(database.db)).at(-1));
  });
});

describe(`the access records' retention purge (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("deletes the entries older than the setting (2 years by default) in the scheduler's pass, and the rest still verify from the anchor", async () => {
    const now = new Date("2026-11-26T03:00:00Z");
    await append(database.db, 3, new Date(now.getTime() - 3 * YEAR_MS));
    await append(database.db, 2, new Date(now.getTime() - 1.5 * YEAR_MS));
    await append(database.db, 2, now);
    expect((await getSiteSettings(database.db)).accessRecordRetentionYears).toBe(2);

    expect((await runDueJobs(database.services, now)).oldAccessRecords).toBe(3);
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: true, count: 4 });
    const [chain] = await database.db.select().from(accessRecordChain);
    const [first] = await database.db.select().from(accessRecords).orderBy(asc(accessRecords.id)).limit(1);
    expect(first!.prevHash).toBe(chain!.anchorHash);
    expect(chain!.anchorId).toBe(first!.id - 1);
    // Nothing more is due.
    expect((await runDueJobs(database.services, now)).oldAccessRecords).toBe(0);

    // One year: the entries of a year and a half ago go too.
    const saved = await saveSiteSettings(database.services, { staffId: null, via: "system", label: "test" }, {
      input: { ...settingsFormValues(SITE_SETTING_FIELDS, await getSiteSettings(database.db)), accessRecordRetentionYears: "1" },
      applicationForm: null,
    });
    expect(saved.status).toBe("saved");
    expect((await runDueJobs(database.services, now)).oldAccessRecords).toBe(2);
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: true, count: 2 });
    await append(database.db, 1, now);
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: true, count: 3 });

    // The anchor still catches the first kept entry's removal.
    const [oldest] = await database.db.select().from(accessRecords).orderBy(asc(accessRecords.id)).limit(1);
    await database.db.delete(accessRecords).where(eq(accessRecords.id, oldest!.id));
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: false, brokenId: oldest!.id + 1, problem: "prev-hash" });
  });

  it("refuses a retention under a year or over ten", async () => {
    for (const value of ["0", "11", "1.5", ""]) {
      const result = await saveSiteSettings(database.services, { staffId: null, via: "system", label: "test" }, {
        input: { ...settingsFormValues(SITE_SETTING_FIELDS, await getSiteSettings(database.db)), accessRecordRetentionYears: value },
        applicationForm: null,
      });
      expect(result.status, value).toBe("invalid");
    }
  });
});

describe(`the monthly inspection (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("counts per person and action, flags bursts, night downloads and every export, and keeps who marked the month", async () => {
    // November 2026 in KST. A burst: 20 different applications within 10 minutes.
    const base = new Date("2026-11-10T01:00:00Z"); // 10:00 KST
    for (let i = 0; i < 20; i++) {
      await recordAccess(database.db, STAFF, { action: "view", receiptNumbers: [`AUD-2026-${String(i).padStart(6, "0")}`] }, new Date(base.getTime() + i * 25_000));
    }
    // 19 within ten minutes by someone else: not flagged.
    const calm: Actor = { ...STAFF, label: "calm" };
    for (let i = 0; i < 19; i++) await recordAccess(database.db, calm, { action: "view", receiptNumbers: [`AUD-2026-${String(i).padStart(6, "0")}`] }, new Date(base.getTime() + i * 20_000));
    // 23:30 KST download, 14:00 KST download, a daytime export.
    const reason = { reason: "review" as const, reasonText: "" };
    await recordAccess(database.db, calm, { action: "file-download", receiptNumbers: ["AUD-2026-000001"], details: { kind: "photo" }, reason }, new Date("2026-11-12T14:30:00Z"));
    await recordAccess(database.db, calm, { action: "file-download", receiptNumbers: ["AUD-2026-000002"], details: { kind: "photo" }, reason }, new Date("2026-11-12T05:00:00Z"));
    await recordAccess(database.db, STAFF, { action: "export", receiptNumbers: ["AUD-2026-000001", "AUD-2026-000002"], reason }, new Date("2026-11-13T02:00:00Z"));
    // 2026-10-31 23:00 KST is October's, 2026-11-30 15:30 UTC (12-01 00:30 KST) December's.
    await recordAccess(database.db, STAFF, { action: "view", receiptNumbers: ["AUD-2026-000003"] }, new Date("2026-10-31T14:00:00Z"));
    await recordAccess(database.db, STAFF, { action: "view", receiptNumbers: ["AUD-2026-000003"] }, new Date("2026-11-30T15:30:00Z"));

    const month = await monthlyInspection(database.db, "2026-11");
    expect(month.counts).toEqual([
      { actorLabel: "calm", action: "file-download", entries: 2 },
      { actorLabel: "calm", action: "view", entries: 19 },
      { actorLabel: "reviewer", action: "export", entries: 1 },
      { actorLabel: "reviewer", action: "view", entries: 20 },
    ]);
    expect(month.bursts).toEqual([{ actorLabel: "reviewer", from: base, to: new Date(base.getTime() + 19 * 25_000), applications: 20 }]);
    expect(month.night.map((r) => r.receiptNumbers)).toEqual([["AUD-2026-000001"]]);
    expect(month.exports).toHaveLength(1);
    expect(month.inspection).toBeNull();

    const seen = await verifyAccessRecords(database.db);
    expect(seen.ok).toBe(true);
    const head = seen.ok ? seen.head : null;
    expect(await markMonthInspected(database.db, STAFF, "2026-11", "이상 없음", head, new Date("2026-12-01T01:00:00Z"))).toBe(true);
    expect(await markMonthInspected(database.db, calm, "2026-11", "", head)).toBe(false);
    expect((await monthlyInspection(database.db, "2026-11")).inspection).toMatchObject({ actorLabel: "reviewer", note: "이상 없음", headId: head!.id, headHash: head!.hash });
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: true, head, anchors: 1 });
  });

  it("a later check finds the newest entries deleted after an inspection, even with the chain's head moved back to what is left", async () => {
    const [inspected] = await database.db.select().from(accessRecordInspections).where(eq(accessRecordInspections.month, "2026-11"));
    await append(database.db, 2);
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: true, anchors: 1 });
    // Someone with the database deletes the inspected head and everything after it, and rewrites the
    // head row to the entry before: the chain itself is consistent again.
    const [kept] = await database.db.select().from(accessRecords).where(lt(accessRecords.id, inspected!.headId!)).orderBy(desc(accessRecords.id)).limit(1);
    const removed = await database.db.delete(accessRecords).where(gte(accessRecords.id, inspected!.headId!)).returning();
    expect(removed).toHaveLength(3);
    await database.db.update(accessRecordChain).set({ headId: kept!.id, headHash: kept!.hash });
    expect(await verifyAccessRecords(database.db)).toMatchObject({
      ok: false,
      brokenId: inspected!.headId,
      problem: "anchor-missing",
      anchor: { id: inspected!.headId, hash: inspected!.headHash, source: "2026-11 월별 점검" },
    });
    // Put back, the chain verifies again; rewritten from the inspected entry on, it does not.
    await database.db.insert(accessRecords).values(removed);
    await database.db.update(accessRecordChain).set({ headId: removed.at(-1)!.id, headHash: removed.at(-1)!.hash });
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: true, anchors: 1 });
    await database.db.update(accessRecordInspections).set({ headHash: "0".repeat(64) });
    expect(await verifyAccessRecords(database.db)).toMatchObject({ ok: false, brokenId: inspected!.headId, problem: "anchor-hash" });
    await database.db.update(accessRecordInspections).set({ headHash: inspected!.headHash });
  });

  it("finds a burst only when the different applications fall within the window", () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000);
    const spread = Array.from({ length: 20 }, (_, i) => ({ actorLabel: "a", at: at(i * 0.5), receiptNumbers: [`R${i}`] }));
    expect(findBursts(spread)).toHaveLength(1);
    const slow = Array.from({ length: 20 }, (_, i) => ({ actorLabel: "a", at: at(i * 0.5 + (i === 19 ? 5 : 0)), receiptNumbers: [`R${i}`] }));
    expect(findBursts(slow)).toHaveLength(0);
    const same = Array.from({ length: 40 }, (_, i) => ({ actorLabel: "a", at: at(i * 0.1), receiptNumbers: [`R${i % 5}`] }));
    expect(findBursts(same)).toHaveLength(0);
  });
});

/** The script opens the database as the server would (DATABASE_URL or DATA_DIR): a database of its own here. */
describe(`npm run access-records:verify (${testEngine()})`, () => {
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-access-verify-"));
    postgres = await createPostgresDatabase({ fromTemplate: true });
  }, 120_000);
  afterAll(async () => {
    await postgres.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Opens the database, does `work`, closes it. */
  async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
    const handle: DatabaseHandle = await openDatabase({ kind: "postgres", url: postgres.url, poolMax: 2 });
    try {
      await handle.migrate();
      return await work(handle.db);
    } finally {
      await handle.close();
    }
  }

  const runScript = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/access-records-verify.ts", ...args], {
      encoding: "utf8",
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres.url },
      timeout: 60_000,
    });

  it("prints OK with the count, or the id of the first broken entry and exits 1", async () => {
    const all = await withDatabase(async (db) => {
      await append(db, 4);
      return db.select().from(accessRecords).orderBy(asc(accessRecords.id));
    });
    const ok = runScript();
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain("OK: 접속기록 4건의 연결이 맞습니다.");
    expect(ok.stdout).toContain(`마지막 기록(head): ${all[3]!.id}:${all[3]!.hash}\n`);

    await withDatabase((db) => db.execute(sql`update access_records set receipt_numbers = array['AUD-2026-000555'] where id = ${all[2]!.id}`));
    const edited = runScript();
    expect(edited.status).toBe(1);
    expect(edited.stdout).toContain(`BROKEN: 접속기록 #${all[2]!.id}: 기록된 뒤에 내용이 바뀌었습니다.`);

    await withDatabase((db) => db.delete(accessRecords).where(eq(accessRecords.id, all[2]!.id)));
    const deleted = runScript();
    expect(deleted.status).toBe(1);
    expect(deleted.stdout).toContain(`BROKEN: 접속기록 #${all[3]!.id}: 앞 기록과의 연결이 끊겼습니다`);

    await withDatabase((db) => db.insert(accessRecords).values(all[2]!));
    expect(runScript().status).toBe(0);
    await withDatabase((db) => db.insert(accessRecords).values({ ...all[3]!, id: all[3]!.id + 7, prevHash: all[3]!.hash }));
    const inserted = runScript();
    expect(inserted.status).toBe(1);
    expect(inserted.stdout).toContain(`BROKEN: 접속기록 #${all[3]!.id + 7}:`);
  }, 120_000);

  it("reports the newest entries deleted after a head was written down (the server's file beside the backups, a copy, --anchor) with the chain's head moved back", async () => {
    // The chain as the first test left it, then the server's daily head in DATA_DIR/backups (BACKUP_DIR's default).
    const headFile = directoryHeadFile(path.join(dataDir, "backups"));
    const written = await withDatabase(async (db) => {
      await db.delete(accessRecords).where(sql`${accessRecords.id} > (select head_id from access_record_chain)`);
      const at = new Date("2026-11-30T15:05:00Z");
      const outcome = await runAccessRecordHeadSlot({ db, logger: silentLogger, headFile }, at, () => at);
      await append(db, 2);
      return outcome;
    });
    expect(written).toMatchObject({ outcome: "written" });
    const head = written.outcome === "written" ? written.head! : null;
    const untouched = runScript();
    expect(untouched.status).toBe(0);
    expect(untouched.stdout).toContain("기준점) 1개가 그대로 있습니다");

    // The written-down head and what followed deleted, the chain's head moved to the entry before, and
    // the database's own copy of the daily head deleted.
    await withDatabase(async (db) => {
      const [kept] = await db.select().from(accessRecords).where(lt(accessRecords.id, head!.id)).orderBy(desc(accessRecords.id)).limit(1);
      await db.delete(accessRecords).where(gte(accessRecords.id, head!.id));
      await db.update(accessRecordChain).set({ headId: kept!.id, headHash: kept!.hash });
      await db.delete(jobRuns);
    });
    const truncated = runScript();
    expect(truncated.stderr).toBe("");
    expect(truncated.status).toBe(1);
    expect(truncated.stdout).toContain(`BROKEN: 접속기록 #${head!.id}: ${headFile.description} 2026-11-30T15:05:00.000Z에 적어 둔 기록인데 없습니다`);

    // The server's file gone too: a copy kept elsewhere, or the head noted by hand, still tells.
    const copy = path.join(os.tmpdir(), `we-access-heads-copy-${process.pid}.txt`);
    fs.renameSync(path.join(dataDir, "backups", HEAD_FILE_NAME), copy);
    try {
      const fromCopy = runScript("--anchor-file", copy);
      expect(fromCopy.status).toBe(1);
      expect(fromCopy.stdout).toContain(`BROKEN: 접속기록 #${head!.id}: ${copy} 2026-11-30T15:05:00.000Z에 적어 둔 기록인데 없습니다`);
    } finally {
      fs.rmSync(copy, { force: true });
    }
    const byHand = runScript("--anchor", `${head!.id}:${head!.hash}`);
    expect(byHand.status).toBe(1);
    expect(byHand.stdout).toContain(`BROKEN: 접속기록 #${head!.id}: 명령줄에 적어 둔 기록인데 없습니다`);
    const rewritten = runScript("--anchor", `${head!.id - 1}:${"0".repeat(64)}`);
    expect(rewritten.status).toBe(1);
    expect(rewritten.stdout).toContain(`BROKEN: 접속기록 #${head!.id - 1}: 명령줄에 적어 둔 해시와 다릅니다`);

    // An anchor that is not one is refused before anything is checked.
    const refused = runScript("--anchor", "12:abc");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("--anchor 값은 ‘번호:해시’ 형식이어야 합니다 (해시는 64자리 16진수): 12:abc");
  }, 120_000);
});
