import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artistImages, artists, auditLog, jobRuns, media, mediaVariants, posts, revisions, siteSettings } from "../../../drizzle/schema";
import { startScheduler } from "../../../app/server/jobs/scheduler.server";
import {
  ORPHAN_GRACE_MS,
  STORAGE_SWEEP_JOB,
  storageSweepSlot,
  sweepOrphans,
  SWEEP_ACTOR,
  SWEEP_BRAKE_MIN_OBJECTS,
  type SweepDeps,
} from "../../../app/server/jobs/storage-sweep.server";
import { storeImage } from "../../../app/server/media/media.server";
import { artistShareSubject, shareImageBytes, shareStorageKey } from "../../../app/server/media/share-image-store.server";
import { describeAuditEntry } from "../../../app/server/platform/audit.server";
import { openDatabase, type Database, type DatabaseHandle } from "../../../app/server/platform/db.server";
import type { MediaStorage } from "../../../app/server/platform/storage.server";
import { storeApplicationForm } from "../../../app/server/site/application-form.server";
import { ensureSiteSettings, getSiteSettings, SETTINGS_KEY } from "../../../app/server/site/settings.server";
import { submitTestApplication } from "../../fixtures/audition-upload";
import { openSpecStorages, type StorageSpec } from "../../fixtures/crash-while-storing";
import { capturedLogger } from "../../setup/captured-logger";
import { startS3Server, type TestS3Server } from "../../setup/s3-server";
import { createTestServices, testEngine, useTestDatabase } from "../../setup/test-database";

/**
 * The orphan sweep on both storages (a local folder and a real S3 server on loopback) and the project's
 * database engine: what it removes, what it never touches, once a day across two servers, and what a
 * process killed between storing a file and committing its row leaves behind.
 *
 * Objects cannot be stored in the past, so "old" is made with the storage's own clock: objects planted
 * first, then a wait (polling the storage) until a new object is listed as stored later than all of
 * them; the sweep then runs at that boundary plus the grace period, when the first ones are exactly old
 * enough and everything stored after the boundary is still too young.
 */

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const body = (size: number) => new Uint8Array(size).fill(9);
const DAY = 24 * 60 * 60 * 1000;

let s3: TestS3Server;
const localRoots: string[] = [];
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  for (const root of localRoots) fs.rmSync(root, { recursive: true, force: true });
});

type Kind = "local" | "s3";
let made = 0;
/** A media and a private storage of their own, of either kind, empty, and how a crashing process opens them too. */
function freshStorages(kind: Kind): { storage: MediaStorage; privateStorage: MediaStorage; spec: StorageSpec } {
  made++;
  let spec: StorageSpec;
  if (kind === "local") {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "we-sweep-"));
    localRoots.push(root);
    spec = { kind: "local", media: path.join(root, "media"), private: path.join(root, "private") };
  } else {
    spec = { kind: "s3", env: s3.env, prefix: `sweep-${made}/` };
  }
  return { ...openSpecStorages(spec), spec };
}

async function keysOf(storage: MediaStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

async function unfinishedOf(storage: MediaStorage): Promise<string[]> {
  const names: string[] = [];
  for await (const write of storage.listUnfinished()) names.push(write.name);
  return names;
}

/**
 * The latest time the storages list for anything stored so far, once an object stored now is listed as
 * stored after it (S3 keeps whole seconds): whatever is stored from here on is younger than the boundary.
 */
async function storageClockBoundary(...storages: MediaStorage[]): Promise<Date> {
  let latest = 0;
  for (const storage of storages) {
    for await (const object of storage.list()) latest = Math.max(latest, object.modifiedAt.getTime());
    for await (const write of storage.listUnfinished()) latest = Math.max(latest, write.modifiedAt.getTime());
  }
  const probe = storages[0]!;
  await expect
    .poll(
      async () => {
        await probe.put("clock-probe.txt", body(1));
        for await (const object of probe.list("clock-probe.txt")) return object.modifiedAt.getTime() > latest;
        return false;
      },
      { timeout: 5_000, interval: 100 },
    )
    .toBe(true);
  await probe.delete("clock-probe.txt");
  return new Date(latest);
}

const png = (color: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: color } }).png().toBuffer();

describe.each<Kind>(["local", "s3"])(`the orphan sweep, %s storage (${testEngine()})`, (kind) => {
  const database = useTestDatabase({ beforeAll, afterAll });
  beforeAll(() => ensureSiteSettings(database.db));
  const sweepDeps = (storages: { storage: MediaStorage; privateStorage: MediaStorage }, logger = capturedLogger().logger): SweepDeps => ({
    db: database.db,
    logger,
    ...storages,
  });
  const sweepEntries = () => database.db.select().from(auditLog).where(and(eq(auditLog.entity, "storage"), eq(auditLog.action, "sweep")));

  it("removes exactly the old objects no record refers to: never a referenced one, a backup, another kind of file, or a young one", { timeout: 60_000 }, async () => {
    const storages = freshStorages(kind);
    const { storage, privateStorage } = storages;
    const services = createTestServices(database.db, storage, privateStorage);
    const db: Database = database.db;

    // Referenced, each in its own way:
    // a library image (its row and its variant's row),
    const image = await storeImage(db, storage, await png("#aa3322"));
    const libraryKeys = [image.url, ...image.variants.map((v) => v.url)].map((url) => url.replace(/^\/media\//, ""));
    // a file only a post's content still links to (no media row),
    const linked = `2026/10/${hex(16)}.jpg`;
    await storage.put(linked, body(10));
    await db.insert(posts).values({ kind: "news", title: "옛 사진 링크", content: `<p><img src="/media/${linked}" alt=""></p>`, writeDay: "2026-10-01" });
    // one only a revision's snapshot names,
    const inRevision = `2026/09/${hex(16)}-480.webp`;
    await storage.put(inRevision, body(11));
    await db.insert(revisions).values({ entity: "post", entityId: 1, version: 1, snapshot: { content: `<img src="/media/${inRevision}">` } });
    // the application form the settings offer,
    const form = await storeApplicationForm(storage, "pdf", new TextEncoder().encode("%PDF-1.7 지원서"));
    await db.update(siteSettings).set({ value: { ...(await getSiteSettings(db)), applicationForm: form } }).where(eq(siteSettings.key, SETTINGS_KEY));
    // an applicant's photos and previews,
    await submitTestApplication(services, new Date());
    const applicantKeys = await keysOf(privateStorage);
    expect(applicantKeys).toHaveLength(4);
    // the current share image of an artist whose photo is that library image,
    const [artist] = await db.insert(artists).values({ name: `정리배우${kind}`, status: "public" }).returning();
    await db.insert(artistImages).values({ artistId: artist!.id, position: 0, mediaId: image.id });
    const subject = (await artistShareSubject(db, artist!.id, "ko"))!;
    await shareImageBytes({ storage, logger: services.logger }, subject);
    const currentShare = shareStorageKey(subject);
    // a scheduled backup kept in the private storage, and a file the app does not make.
    const backup = "backups/we-backup-20261101T000000Z.tar.gz";
    await privateStorage.put(backup, body(20));
    await storage.put("notes/readme.txt", body(5));

    // Referred to by nothing: what a crash, a failed save or an old share image version leaves.
    const orphanStem = `2026/10/${hex(16)}`;
    const mediaOrphans = [
      `${orphanStem}.jpg`,
      `${orphanStem}-480.webp`,
      `share/artist/${artist!.id}-ko-${hex(8)}.jpg`,
      `share/news/999999-en-${hex(8)}.jpg`,
      `files/${hex(16)}.hwp`,
    ];
    const privateOrphans = [`auditions/2026/${hex(24)}.jpg`, `auditions/2026/${hex(24)}.video`];
    for (const [i, key] of mediaOrphans.entries()) await storage.put(key, body(100 + i));
    for (const [i, key] of privateOrphans.entries()) await privateStorage.put(key, body(200 + i));

    const boundary = await storageClockBoundary(storage, privateStorage);
    // Younger than the grace period: an upload under way, a form being filled in.
    const young = { media: [`2026/11/${hex(16)}.jpg`, `files/${hex(16)}.docx`], private: [`auditions/2026/${hex(24)}.webp`] };
    for (const key of young.media) await storage.put(key, body(7));
    for (const key of young.private) await privateStorage.put(key, body(7));

    const mediaBefore = await keysOf(storage);
    const privateBefore = await keysOf(privateStorage);
    expect(mediaBefore).toEqual([...libraryKeys, linked, inRevision, form.key, currentShare, "notes/readme.txt", ...mediaOrphans, ...young.media].sort());
    expect(privateBefore).toEqual([...applicantKeys, backup, ...privateOrphans, ...young.private].sort());

    // Today everything is younger than a day: nothing to judge.
    const today = await sweepOrphans(sweepDeps(storages), { now: new Date(), actor: SWEEP_ACTOR });
    expect([today.media.orphans, today.private.orphans]).toEqual([[], []]);

    const now = new Date(boundary.getTime() + ORPHAN_GRACE_MS);
    const dry = await sweepOrphans(sweepDeps(storages), { now, actor: SWEEP_ACTOR, dryRun: true });
    expect(dry.media.orphans.map((o) => o.key).sort()).toEqual([...mediaOrphans].sort());
    expect(dry.private.orphans.map((o) => o.key).sort()).toEqual([...privateOrphans].sort());
    expect(await keysOf(storage)).toEqual(mediaBefore);
    expect(await keysOf(privateStorage)).toEqual(privateBefore);
    expect(await sweepEntries()).toHaveLength(0);

    const captured = capturedLogger();
    const report = await sweepOrphans(sweepDeps(storages, captured.logger), { now, actor: SWEEP_ACTOR });
    expect(report.media.braked || report.private.braked).toBe(false);
    expect(await keysOf(storage)).toEqual(mediaBefore.filter((key) => !mediaOrphans.includes(key)));
    expect(await keysOf(privateStorage)).toEqual(privateBefore.filter((key) => !privateOrphans.includes(key)));
    // The library image still has its files: its pages and its share image are as they were.
    expect(await storage.size(libraryKeys[0]!)).toBeGreaterThan(0);

    const [entry, ...more] = await sweepEntries();
    expect(more).toEqual([]);
    const mediaBytes = mediaOrphans.reduce((sum, _key, i) => sum + 100 + i, 0);
    expect(entry).toMatchObject({
      actorLabel: "쓰지 않는 파일 자동 정리",
      details: {
        media: { count: 5, bytes: mediaBytes, keys: expect.arrayContaining(mediaOrphans) as unknown },
        private: { count: 2, bytes: 401, keys: expect.arrayContaining(privateOrphans) as unknown },
        graceHours: 24,
      },
    });
    expect(describeAuditEntry(entry!)).toEqual({ what: "저장된 파일 정리(쓰지 않는 파일 삭제)", subject: "미디어 5개(1KB), 비공개 파일 2개(1KB)" });
    const logged = captured.records.find((r) => r.msg === "storage sweep removed files no record refers to");
    expect(logged).toMatchObject({ level: 30, media: { count: 5, bytes: mediaBytes }, private: { count: 2, bytes: 401 } });

    // Again at the same moment: nothing left to remove, nothing recorded.
    const again = await sweepOrphans(sweepDeps(storages), { now, actor: SWEEP_ACTOR });
    expect([again.media.orphans, again.private.orphans]).toEqual([[], []]);
    expect(await sweepEntries()).toHaveLength(1);
    // A day later the young files are old, and the backup and the readme are still not the sweep's.
    const later = await sweepOrphans(sweepDeps(storages), { now: new Date(now.getTime() + 2 * DAY), actor: SWEEP_ACTOR, dryRun: true });
    expect(later.media.orphans.map((o) => o.key).sort()).toEqual([...young.media].sort());
    expect(later.private.orphans.map((o) => o.key)).toEqual(young.private);
  });

  it("removes nothing from a storage when more than half of its files look unused (a server on the wrong database)", async () => {
    const storages = freshStorages(kind);
    const kept = `2026/08/${hex(16)}.jpg`;
    await storages.storage.put(kept, body(3));
    await database.db.insert(media).values({ storageKey: kept, format: "jpeg", mimeType: "image/jpeg", width: 1, height: 1, bytes: 3, sha256: "x" });
    const strays = Array.from({ length: SWEEP_BRAKE_MIN_OBJECTS + 1 }, () => `2026/08/${hex(16)}.jpg`);
    for (const key of strays) await storages.storage.put(key, body(3));
    const boundary = await storageClockBoundary(storages.storage);
    const captured = capturedLogger();
    const entries = (await sweepEntries()).length;
    const report = await sweepOrphans(sweepDeps(storages, captured.logger), { now: new Date(boundary.getTime() + ORPHAN_GRACE_MS), actor: SWEEP_ACTOR });
    expect(report.media).toMatchObject({ braked: true, objects: strays.length + 1 });
    expect(report.media.orphans).toHaveLength(strays.length);
    expect(await keysOf(storages.storage)).toEqual([kept, ...strays].sort());
    expect(captured.records.some((r) => r.level === 50 && /removes none of them/.test(r.msg))).toBe(true);
    expect(await sweepEntries()).toHaveLength(entries);
  });

  describe("on the scheduler", () => {
    let second: DatabaseHandle | null = null;
    beforeAll(async () => {
      // A second app server has its own connection; an embedded database has one process, so there the
      // second server is a second scheduler on the same one.
      if (database.url) second = await openDatabase({ kind: "postgres", url: database.url, poolMax: 2 });
    });
    afterAll(async () => {
      await second?.close();
    });
    const runs = () => database.db.select().from(jobRuns).where(eq(jobRuns.job, STORAGE_SWEEP_JOB)).orderBy(jobRuns.scheduledFor);

    it("sweeps once a day at its time, once across two servers starting together, and catches up once after a restart", { timeout: 60_000 }, async () => {
      await database.db.delete(jobRuns);
      const storages = freshStorages(kind);
      const orphan = () => `2026/10/${hex(16)}.jpg`;
      const first = orphan();
      await storages.storage.put(first, body(50));
      const boundary = await storageClockBoundary(storages.storage);
      let clock = new Date(boundary.getTime() + ORPHAN_GRACE_MS);
      const now = () => clock;
      const servers = ["a", "b"].map((name) => {
        const captured = capturedLogger();
        const db = name === "b" && second ? second.db : database.db;
        return { name, records: captured.records, services: { ...createTestServices(db, storages.storage, storages.privateStorage), logger: captured.logger } };
      });
      const removedBy = () => servers.flatMap((s) => s.records.filter((r) => r.msg === "storage sweep removed files no record refers to").map(() => s.name));

      // Both servers start at the same moment.
      const started = servers.map((s) => startScheduler(s.services, { now, serverId: s.name }));
      await Promise.all(started.map((s) => s.ready));
      await expect.poll(async () => (await runs())[0]?.finishedAt ?? null, { timeout: 15_000, interval: 50 }).not.toBeNull();
      // (The other server's look finds the row and stops: stopping waits for it.)
      await Promise.all(started.map((s) => s.stop()));
      const [run, ...others] = await runs();
      expect(others).toEqual([]);
      expect(run).toMatchObject({ scheduledFor: storageSweepSlot(clock), result: { media: { removed: 1, bytes: 50 } }, error: null });
      expect(removedBy()).toEqual([run!.server]);
      // The other one tried too, and found it taken.
      const other = servers.find((s) => s.name !== run!.server)!;
      expect(other.records.some((r) => r.msg === "storage sweep taken by another server")).toBe(true);
      expect(await storages.storage.size(first)).toBeNull();

      // A restart the same day: that day's sweep is done.
      const restarted = startScheduler(servers[0]!.services, { now, serverId: "a" });
      await restarted.ready;
      await restarted.stop();
      expect(await runs()).toHaveLength(1);

      // Down for two days: at start, the latest time is made up for, once (not the day in between).
      const missed = orphan();
      await storages.storage.put(missed, body(60));
      clock = new Date(clock.getTime() + 2 * DAY + 60_000);
      const back = startScheduler(servers[1]!.services, { now, serverId: "b" });
      try {
        await back.ready;
        const finished = async (slot: Date) => (await runs()).find((r) => r.scheduledFor.getTime() === slot.getTime())?.finishedAt ?? null;
        await expect.poll(() => finished(storageSweepSlot(clock)), { timeout: 15_000, interval: 50 }).not.toBeNull();
        expect((await runs()).map((r) => r.scheduledFor)).toEqual([run!.scheduledFor, storageSweepSlot(clock)]);
        expect(await storages.storage.size(missed)).toBeNull();

        // The next day's time comes while it runs.
        const next = orphan();
        await storages.storage.put(next, body(70));
        clock = new Date(storageSweepSlot(clock).getTime() + DAY + 1000);
        back.wake();
        await expect.poll(() => finished(storageSweepSlot(clock)), { timeout: 15_000, interval: 50 }).not.toBeNull();
        expect(await runs()).toHaveLength(3);
        expect(await storages.storage.size(next)).toBeNull();
      } finally {
        await back.stop();
      }
      expect((await runs()).map((r) => r.server)).toEqual([run!.server, "b", "b"]);
    });
  });

  it("after a process is killed between storing a file and committing its row, the file is gone once the grace period has passed", { timeout: 120_000 }, async () => {
    const storages = freshStorages(kind);
    const kept = await storeImage(database.db, storages.storage, await png("#2244aa"));
    const crash = (what: "image" | "video") =>
      spawnSync(process.execPath, ["--import", "tsx", "tests/fixtures/crash-while-storing.ts", what], {
        encoding: "utf8",
        env: {
          ...process.env,
          CRASH_STORAGE: JSON.stringify(storages.spec),
          CRASH_DATABASE_URL: database.url,
        },
        timeout: 90_000,
      });
    const image = crash("image");
    expect(image.stderr).toBe("");
    expect(image.signal).toBe("SIGKILL");
    const video = crash("video");
    expect(video.signal).toBe("SIGKILL");

    // The killed upload's files are there, and no row refers to them.
    const keptKeys = [kept.url, ...kept.variants.map((v) => v.url)].map((url) => url.replace(/^\/media\//, ""));
    const left = (await keysOf(storages.storage)).filter((key) => !keptKeys.includes(key));
    expect(left.length).toBeGreaterThanOrEqual(2);
    const rows = await database.db.select({ key: media.storageKey }).from(media);
    const variantRows = await database.db.select({ key: mediaVariants.storageKey }).from(mediaVariants);
    expect([...rows, ...variantRows].map((r) => r.key).filter((key) => left.includes(key))).toEqual([]);
    // The video that was streaming: a temporary file on disk; an object store keeps nothing of it.
    expect(await unfinishedOf(storages.privateStorage)).toHaveLength(kind === "local" ? 1 : 0);
    expect(await keysOf(storages.privateStorage)).toEqual([]);

    // The day it happened: an upload under way looks the same, so it stays.
    const soon = await sweepOrphans(sweepDeps(storages), { now: new Date(), actor: SWEEP_ACTOR });
    expect([soon.media.orphans, soon.private.unfinished]).toEqual([[], []]);
    expect((await keysOf(storages.storage)).filter((key) => left.includes(key))).toEqual(left);

    const boundary = await storageClockBoundary(storages.storage, storages.privateStorage);
    const report = await sweepOrphans(sweepDeps(storages), { now: new Date(boundary.getTime() + ORPHAN_GRACE_MS), actor: SWEEP_ACTOR });
    expect(report.media.orphans.map((o) => o.key).sort()).toEqual(left.sort());
    expect(await keysOf(storages.storage)).toEqual(keptKeys.sort());
    expect(await unfinishedOf(storages.privateStorage)).toEqual([]);
  });
});
