import { sql } from "drizzle-orm";
import { PRIVATE_FILE_KEY_PATTERN } from "../auditions/application-upload.server";
import { STORED_BACKUPS_PREFIX } from "../backup/archive.server";
import { parseCron } from "../platform/cron.server";
import { appliedMigration, listTables } from "../backup/tables.server";
import { loadShareSubject, parseShareStorageKey, SHARE_KEY_PATTERN, shareStorageKey } from "../media/share-image-store.server";
import { recordAudit } from "../platform/audit.server";
import type { Database } from "../platform/db.server";
import type { Logger } from "../platform/logger.server";
import { systemActor, type Actor } from "../platform/services.server";
import { MEDIA_KEY_PATTERN, type MediaStorage } from "../platform/storage.server";
import { APPLICATION_FORM_KEY_PATTERN } from "../site/application-form.server";
import { claimJobRun, finishJobRun, jobServerId } from "../platform/job-runs.server";

/**
 * The orphan sweep (docs/decisions/035-orphaned-files.md): removes the stored objects no database record
 * refers to any more, which a crash between storing a file and committing its row, a form whose save
 * failed, or a delete whose file removal failed leave in the storages. Only objects older than
 * ORPHAN_GRACE_MS are judged, so an upload under way (stored before its row commits) is never touched.
 * Every app server runs it once a day from the scheduler; the first to insert the day's row into
 * `job_runs` does it.
 */

/**
 * How long an unreferenced object is left alone: uploads store their files before the row that refers to
 * them commits (an application's video arrives before its photos are re-encoded), and a form being
 * filled in holds the photos it uploaded. A day covers both with room to spare.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;
/** When the sweep runs: 5-field cron in Korea time, once a day, in the quiet of the night after the usual backup time. */
export const STORAGE_SWEEP_CRON = "30 4 * * *";
/** Its name in `job_runs`. */
export const STORAGE_SWEEP_JOB = "storage-sweep";
/**
 * A brake for a server pointed at the wrong database (an empty or another site's: every file would look
 * unreferenced): a storage from which a run would remove more than this share of its objects, and more
 * than SWEEP_BRAKE_MIN_OBJECTS, keeps them all and the run logs an error instead.
 */
export const SWEEP_BRAKE_SHARE = 0.5;
export const SWEEP_BRAKE_MIN_OBJECTS = 10;
/** Keys named per storage in the audit entry (the count and bytes are always whole). */
export const MAX_KEYS_IN_AUDIT = 200;

/** The scheduler's sweep, as the activity log names it. */
export const SWEEP_ACTOR: Actor = systemActor("쓰지 않는 파일 자동 정리");

const sweepSchedule = parseCron(STORAGE_SWEEP_CRON);

/** The sweep's latest time at or before `now`: the day's run it would take. */
export function storageSweepSlot(now: Date): Date {
  // A daily cron always has an earlier time.
  return sweepSchedule.latestAtOrBefore(now)!;
}

export type StorageName = "media" | "private";

/**
 * The shapes of the keys the app makes in each storage: media originals and variants, share images and
 * the uploaded application form; applicants' photos, previews and videos. An object of any other shape
 * (a file an operator put there, a key of a later version of the app) is not the sweep's to judge.
 */
const SWEPT_KEY_SHAPES: Record<StorageName, readonly string[]> = {
  media: [MEDIA_KEY_PATTERN, SHARE_KEY_PATTERN, APPLICATION_FORM_KEY_PATTERN],
  private: [PRIVATE_FILE_KEY_PATTERN],
};
const SWEPT_KEY: Record<StorageName, RegExp> = {
  media: new RegExp(`^(?:${SWEPT_KEY_SHAPES.media.join("|")})$`),
  private: new RegExp(`^(?:${SWEPT_KEY_SHAPES.private.join("|")})$`),
};
/** Any key the sweep may remove, as it appears inside text (PostgreSQL's regular expressions read it too). */
const ANY_SWEPT_KEY = `(${[...SWEPT_KEY_SHAPES.media, ...SWEPT_KEY_SHAPES.private].join("|")})`;

/**
 * Tables that record what happened, never what is in use: the activity log names the files a sweep or a
 * delete removed, and `job_runs` the sweep's own results. Every other table's text is read for keys.
 */
const RECORD_TABLES = new Set(["audit_log", "job_runs"]);

/** Column types whose values can hold a key: text of any kind and JSON, and arrays of them. */
const TEXTUAL_TYPE = /^(?:text|character varying|character|json|jsonb)(?:\(\d+\))?(?:\[\])*$/;

/**
 * Every key the database refers to, found in the text and JSON columns of every table of the schema
 * (found in the catalog, so a table or column added later counts without code): media rows and their
 * variants, `/media/...` URLs in posts (as edited and as rendered), revisions' snapshots, the settings'
 * application form, applicants' files and previews. Any key-shaped text counts, wherever it stands: a
 * mention too many keeps a file, one too few would lose it.
 */
export async function referencedKeys(db: Database): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const table of await listTables(db)) {
    if (RECORD_TABLES.has(table.name)) continue;
    const columns = table.columns.filter((c) => TEXTUAL_TYPE.test(c.type));
    if (columns.length === 0) continue;
    const text = sql.join(
      columns.map((c) => sql`t.${sql.identifier(c.name)}::text`),
      sql`, `,
    );
    // One table at a time: each statement stays short (under the statement timeout) and holds one pooled connection.
    const found = (await db.execute(
      sql`select distinct m[1] as key from ${sql.identifier(table.name)} as t cross join lateral regexp_matches(concat_ws(' ', ${text}), ${ANY_SWEPT_KEY}, 'g') as m`,
    )) as unknown as { rows: { key: string }[] };
    for (const row of found.rows) keys.add(row.key);
  }
  return keys;
}

/** An object the sweep removes (or would, on a dry run). */
export interface SweptObject {
  key: string;
  bytes: number;
  modifiedAt: Date;
}

export interface StorageSweep {
  /** Objects in the storage (scheduled backups aside). */
  objects: number;
  /** Unreferenced objects older than the grace period: removed, unless `braked` or a dry run. */
  orphans: SweptObject[];
  /** Temporary files of writes that never finished (local storage), older than the grace period. */
  unfinished: SweptObject[];
  /** Too many orphans for one run (SWEEP_BRAKE_SHARE): nothing was removed from this storage. */
  braked: boolean;
}

export interface SweepReport {
  /** Objects stored at or before this moment were old enough to judge. */
  cutoff: Date;
  dryRun: boolean;
  media: StorageSweep;
  private: StorageSweep;
}

export interface SweepDeps {
  db: Database;
  storage: MediaStorage;
  privateStorage: MediaStorage;
  logger: Logger;
}

export interface SweepOptions {
  now: Date;
  /** Who the audit entry names ("파일 정리" for the scheduler, the script's own label). */
  actor: Actor;
  /** Reports what would be removed and removes nothing. */
  dryRun?: boolean;
  /** Ends the sweep between two removals (the server is shutting down). */
  signal?: AbortSignal;
}

const isBackup = (key: string) => key.startsWith(STORED_BACKUPS_PREFIX);

/** The objects of a storage old enough to judge and of a shape the app makes: the sweep's candidates. */
async function candidatesOf(storage: MediaStorage, name: StorageName, cutoff: Date, signal?: AbortSignal) {
  let objects = 0;
  const old: SweptObject[] = [];
  for await (const object of storage.list()) {
    signal?.throwIfAborted();
    // Scheduled backups kept in the private storage are never the sweep's, whatever their age.
    if (isBackup(object.key)) continue;
    objects++;
    if (object.modifiedAt.getTime() <= cutoff.getTime() && SWEPT_KEY[name].test(object.key)) {
      old.push({ key: object.key, bytes: object.size, modifiedAt: object.modifiedAt });
    }
  }
  const unfinished: SweptObject[] = [];
  for await (const write of storage.listUnfinished()) {
    if (isBackup(write.name) || write.modifiedAt.getTime() > cutoff.getTime()) continue;
    unfinished.push({ key: write.name, bytes: write.size, modifiedAt: write.modifiedAt });
  }
  return { objects, old, unfinished };
}

const totalBytes = (objects: SweptObject[]) => objects.reduce((sum, o) => sum + o.bytes, 0);

/**
 * Finds (and unless `dryRun`, removes) the objects of both storages that no record refers to and that
 * were stored before `now - ORPHAN_GRACE_MS`, and local temporary files of writes that never finished.
 * Never under `backups/` of the private storage, never an object of a shape the app does not make. A
 * removal is recorded in the activity log (count, bytes and keys per storage) and logged.
 *
 * Nothing public changes: a removed object was linked from nowhere (share images of an older version are
 * redirected to the current one before their bytes are ever read), so no change event is announced.
 */
export async function sweepOrphans(deps: SweepDeps, options: SweepOptions): Promise<SweepReport> {
  const { db, logger } = deps;
  const cutoff = new Date(options.now.getTime() - ORPHAN_GRACE_MS);
  // A database without the app's tables refers to nothing, and every file would look orphaned.
  if (!(await appliedMigration(db))) throw new Error("The database has no migrations applied: the sweep cannot tell which files are in use.");
  const storages = { media: deps.storage, private: deps.privateStorage } as const;
  const found = {
    media: await candidatesOf(storages.media, "media", cutoff, options.signal),
    private: await candidatesOf(storages.private, "private", cutoff, options.signal),
  };

  // The records are read after the listing: a row committed meanwhile is seen, and whatever is listed
  // was stored before the cutoff, long before any upload under way.
  const needsRecords = found.media.old.length > 0 || found.private.old.length > 0;
  const referenced = needsRecords ? await referencedKeys(db) : new Set<string>();
  const isCurrentShareImage = currentShareImages(db);

  const report: SweepReport = { cutoff, dryRun: options.dryRun ?? false, media: emptySweep(), private: emptySweep() };
  for (const name of ["media", "private"] as const) {
    const orphans: SweptObject[] = [];
    for (const object of found[name].old) {
      if (referenced.has(object.key) || (name === "media" && (await isCurrentShareImage(object.key)))) continue;
      orphans.push(object);
    }
    const braked = orphans.length > SWEEP_BRAKE_MIN_OBJECTS && orphans.length > SWEEP_BRAKE_SHARE * found[name].objects;
    report[name] = { objects: found[name].objects, orphans, unfinished: found[name].unfinished, braked };
    if (braked) {
      logger.error(
        { storage: name, orphans: orphans.length, objects: found[name].objects },
        "the storage sweep would remove more than half of this storage's files, so it removes none of them: is DATABASE_URL (or DATA_DIR) this site's database?",
      );
    }
  }
  if (report.dryRun) return report;

  // What is actually gone is what gets reported, also when a removal fails or the server stops midway.
  const { removed, removedUnfinished, failure } = await removeSwept(storages, report, options.signal);

  const summary = (name: StorageName) => ({
    count: removed[name].length,
    bytes: totalBytes(removed[name]),
    unfinished: removedUnfinished[name].length,
    unfinishedBytes: totalBytes(removedUnfinished[name]),
    braked: report[name].braked,
  });
  const anything = (["media", "private"] as const).some((name) => removed[name].length + removedUnfinished[name].length > 0);
  if (anything) {
    const details = Object.fromEntries(
      (["media", "private"] as const).map((name) => [
        name,
        { ...summary(name), keys: [...removed[name], ...removedUnfinished[name]].slice(0, MAX_KEYS_IN_AUDIT).map((o) => o.key) },
      ]),
    );
    await recordAudit(db, options.actor, {
      action: "sweep",
      entity: "storage",
      entityId: options.now.toISOString(),
      details: { ...details, graceHours: ORPHAN_GRACE_MS / 3_600_000, ...(failure ? { stoppedEarly: true } : {}) },
    });
  }
  logger.info(
    {
      media: { ...summary("media"), keys: [...removed.media, ...removedUnfinished.media].map((o) => o.key) },
      private: { ...summary("private"), keys: [...removed.private, ...removedUnfinished.private].map((o) => o.key) },
      cutoff,
    },
    anything ? "storage sweep removed files no record refers to" : "storage sweep found nothing to remove",
  );
  if (failure) throw failure;
  return report;
}

/** Whether a key is the share image of its record's current version (read once per record). */
function currentShareImages(db: SweepDeps["db"]): (key: string) => Promise<boolean> {
  const currentShareKeys = new Map<string, string | null>();
  return async (key: string) => {
    const parsed = parseShareStorageKey(key);
    if (!parsed) return false;
    // A share image is referenced by the record it is drawn from, in its current version only.
    const whose = `${parsed.subject}/${parsed.id}/${parsed.locale}`;
    if (!currentShareKeys.has(whose)) {
      const subject = await loadShareSubject(db, parsed.subject, parsed.id, parsed.locale);
      currentShareKeys.set(whose, subject ? shareStorageKey(subject) : null);
    }
    return currentShareKeys.get(whose) === key;
  };
}

/** Removes the orphans of each storage (none of a braked one) and its unfinished writes; what is gone, and the error that stopped it. */
async function removeSwept(
  storages: Record<StorageName, SweepDeps["storage"]>,
  report: SweepReport,
  signal: AbortSignal | undefined,
): Promise<{ removed: Record<StorageName, SweptObject[]>; removedUnfinished: Record<StorageName, SweptObject[]>; failure: unknown }> {
  const removed = { media: [] as SweptObject[], private: [] as SweptObject[] };
  const removedUnfinished = { media: [] as SweptObject[], private: [] as SweptObject[] };
  let failure: unknown = null;
  try {
    for (const name of ["media", "private"] as const) {
      const storage = storages[name];
      for (const object of report[name].braked ? [] : report[name].orphans) {
        signal?.throwIfAborted();
        await storage.delete(object.key);
        removed[name].push(object);
      }
      for (const write of report[name].unfinished) {
        signal?.throwIfAborted();
        await storage.deleteUnfinished(write.key);
        removedUnfinished[name].push(write);
      }
    }
  } catch (error) {
    failure = error;
  }
  return { removed, removedUnfinished, failure };
}

function emptySweep(): StorageSweep {
  return { objects: 0, orphans: [], unfinished: [], braked: false };
}

/** What `job_runs` keeps of a sweep. */
function runResult(report: SweepReport) {
  const of = (swept: StorageSweep) => ({
    objects: swept.objects,
    removed: swept.braked ? 0 : swept.orphans.length,
    bytes: swept.braked ? 0 : totalBytes(swept.orphans),
    unfinished: swept.unfinished.length,
    braked: swept.braked,
  });
  return { media: of(report.media), private: of(report.private) };
}

export type SweepOutcome = { outcome: "swept"; report: SweepReport } | { outcome: "taken" } | { outcome: "failed"; error: unknown };

/**
 * The sweep of one scheduled time, unless another server has taken it (or a later one) already: the row
 * inserted into `job_runs` is the claim, so of several app servers exactly one sweeps. The row then
 * records what was removed, or the error. A failed sweep is not retried before the next day's time.
 */
export async function runStorageSweepSlot(
  deps: SweepDeps & { serverId?: string; onOutcome?: (outcome: SweepOutcome["outcome"]) => void },
  slot: Date,
  now: () => Date,
  signal?: AbortSignal,
): Promise<SweepOutcome> {
  const { db } = deps;
  if (!(await claimJobRun(db, STORAGE_SWEEP_JOB, slot, jobServerId(deps.serverId), now()))) {
    deps.logger.debug({ slot }, "storage sweep taken by another server");
    return { outcome: "taken" };
  }
  try {
    const report = await sweepOrphans(deps, { now: now(), actor: SWEEP_ACTOR, signal });
    await finishJobRun(db, STORAGE_SWEEP_JOB, slot, now(), { result: runResult(report) });
    deps.onOutcome?.("swept");
    return { outcome: "swept", report };
  } catch (error) {
    deps.logger.error({ err: error, slot }, "storage sweep failed");
    await finishJobRun(db, STORAGE_SWEEP_JOB, slot, now(), { error }).catch(() => undefined);
    deps.onOutcome?.("failed");
    return { outcome: "failed", error };
  }
}
