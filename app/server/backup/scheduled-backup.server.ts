import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq, sql } from "drizzle-orm";
import { backupRuns } from "../../../drizzle/schema";
import type { Env } from "../platform/env.server";
import type { MediaStorage } from "../platform/storage.server";
import { BACKUP_FILE_PATTERN, backupFileName, STORED_BACKUPS_PREFIX } from "./archive.server";
import { fileSink, writeBackup, type ArchiveSink, type BackupSources } from "./backup.server";
import type { CronSchedule } from "../platform/cron.server";

/**
 * Backups the server makes by itself (BACKUP_CRON), kept to the last BACKUP_KEEP, in a directory or in
 * the private storage. Every app server runs the schedule; the first to insert a time's row into
 * `backup_runs` makes that backup, the others let it be. See docs/decisions/024-backups.md.
 */

/** Where scheduled backups are kept. */
export interface BackupTarget {
  /** For the logs: the directory, or the storage prefix. */
  description: string;
  sink(name: string): ArchiveSink;
  /** Our archives there, newest first. */
  list(): Promise<string[]>;
  delete(name: string): Promise<void>;
}

const newestFirst = (names: string[]) => names.filter((n) => BACKUP_FILE_PATTERN.test(n)).sort().reverse();

/** A directory (created readable by its owner only: archives hold personal data). */
export function directoryTarget(dir: string): BackupTarget {
  return {
    description: dir,
    sink: (name) => async (archive) => {
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
      await fileSink(path.join(dir, name))(archive);
    },
    list: async () => newestFirst(await fs.promises.readdir(dir).catch(() => [])),
    delete: (name) => fs.promises.rm(path.join(dir, name), { force: true }),
  };
}

/** `backups/` of a storage (the private one: never served), through the storage interface. */
export function storageTarget(storage: MediaStorage): BackupTarget {
  return {
    description: `private storage ${STORED_BACKUPS_PREFIX}`,
    sink: (name) => (archive) => storage.putStream(`${STORED_BACKUPS_PREFIX}${name}`, archive),
    list: async () => {
      const names: string[] = [];
      for await (const object of storage.list(STORED_BACKUPS_PREFIX)) names.push(object.key.slice(STORED_BACKUPS_PREFIX.length));
      return newestFirst(names);
    },
    delete: (name) => storage.delete(`${STORED_BACKUPS_PREFIX}${name}`),
  };
}

/** The target BACKUP_TARGET names. */
export function backupTarget(env: Pick<Env, "BACKUP_TARGET" | "BACKUP_DIR">, privateStorage: MediaStorage): BackupTarget {
  return env.BACKUP_TARGET === "storage" ? storageTarget(privateStorage) : directoryTarget(env.BACKUP_DIR);
}

export interface ScheduledBackupDeps extends Omit<BackupSources, "signal"> {
  target: BackupTarget;
  /** How many archives to keep. */
  keep: number;
  /** Who this server is, in `backup_runs` (default: host name and process id). */
  serverId?: string;
  /** Counts each backup this server made or failed to make (`scheduled_job_runs_total{job="backup"}`). */
  onOutcome?: (outcome: SlotOutcome["outcome"]) => void;
}

export type SlotOutcome =
  | { outcome: "written"; archive: string; bytes: number; deleted: string[] }
  | { outcome: "taken" }
  | { outcome: "failed"; error: unknown };

/**
 * Makes the backup of one scheduled time, unless another server has taken it (or a later one) already:
 * the row inserted into `backup_runs` is the claim. Old archives beyond `keep` are deleted after a
 * backup was written, never after a failure.
 */
export async function runBackupSlot(deps: ScheduledBackupDeps, slot: Date, now: () => Date, signal?: AbortSignal): Promise<SlotOutcome> {
  const { db } = deps.database;
  const serverId = deps.serverId ?? `${os.hostname()}:${process.pid}`;
  // Nobody takes a time once it, or a later one, has been taken: a slow server never makes an old backup.
  const claimed = (await db.execute(sql`
    insert into ${backupRuns} (scheduled_for, server, started_at)
    select ${slot.toISOString()}::timestamptz, ${serverId}, ${now().toISOString()}::timestamptz
    where not exists (select 1 from ${backupRuns} where ${backupRuns.scheduledFor} >= ${slot.toISOString()}::timestamptz)
    on conflict do nothing
    returning scheduled_for`)) as unknown as { rows: unknown[] };
  if (claimed.rows.length === 0) {
    deps.logger.debug({ slot }, "scheduled backup taken by another server");
    return { outcome: "taken" };
  }
  const started = Date.now();
  const archive = backupFileName(now());
  try {
    const { bytes } = await writeBackup({ ...deps, signal }, deps.target.sink(archive), now());
    await db.update(backupRuns).set({ finishedAt: now(), archive, bytes }).where(eq(backupRuns.scheduledFor, slot));
    const deleted = (await deps.target.list()).slice(deps.keep);
    for (const name of deleted) await deps.target.delete(name);
    deps.logger.info({ archive, bytes, ms: Date.now() - started, target: deps.target.description, deleted }, "scheduled backup written");
    return { outcome: "written", archive, bytes, deleted };
  } catch (error) {
    deps.logger.error({ err: error, slot, target: deps.target.description }, "scheduled backup failed");
    await db
      .update(backupRuns)
      .set({ finishedAt: now(), error: error instanceof Error ? error.message : String(error) })
      .where(eq(backupRuns.scheduledFor, slot))
      .catch(() => undefined);
    return { outcome: "failed", error };
  }
}

export interface BackupScheduler {
  /** Settles when the start-up look (and a catch-up backup, if one was due) is done. */
  ready: Promise<void>;
  /** Stops the timer and ends a backup in progress (it leaves nothing behind). */
  stop(): Promise<void>;
}

/**
 * Runs `runBackupSlot` at each time of the schedule, beside the requests (a timer, never in the request
 * path). At start it catches up once: when backups were made before and the schedule's latest time
 * passed without one (the servers were down), that time's backup is made now; earlier missed times
 * are not. A first start with a new schedule waits for its first time.
 */
export function startBackupScheduler(
  deps: ScheduledBackupDeps,
  options: { schedule: CronSchedule; now?: () => Date; maxSleepMs?: number },
): BackupScheduler {
  const now = options.now ?? (() => new Date());
  const maxSleepMs = options.maxSleepMs ?? 60 * 60_000;
  const abort = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  /** The next time a backup is due. */
  let due = options.schedule.nextAfter(now());

  const run = (slot: Date) => {
    running = runBackupSlot(deps, slot, now, abort.signal).then((result) => deps.onOutcome?.(result.outcome), (error: unknown) => {
      // The claim itself failed (the database is away): this time is skipped.
      deps.logger.error({ err: error, slot }, "scheduled backup could not start");
    });
    return running;
  };

  const arm = () => {
    if (abort.signal.aborted || !due) return;
    // Sleeping at most maxSleepMs at a time keeps the timer honest when the clock jumps.
    const delay = Math.max(0, Math.min(due.getTime() - now().getTime(), maxSleepMs));
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  };

  const tick = async () => {
    timer = null;
    if (abort.signal.aborted) return;
    if (due && now() >= due) {
      // After a long pause (a suspended machine) only the latest time is made up for.
      const slot = options.schedule.latestAtOrBefore(now()) ?? due;
      await run(slot);
      due = options.schedule.nextAfter(now());
    }
    arm();
  };

  const catchUp = async () => {
    try {
      const latest = options.schedule.latestAtOrBefore(now());
      const [last] = await deps.database.db.select({ at: backupRuns.scheduledFor }).from(backupRuns).orderBy(desc(backupRuns.scheduledFor)).limit(1);
      if (latest && last && last.at < latest) {
        deps.logger.info({ slot: latest, previous: last.at }, "a scheduled backup was missed while no server ran; making it now");
        await run(latest);
      }
    } catch (error) {
      deps.logger.error({ err: error }, "could not look for a missed scheduled backup");
    }
    arm();
  };

  return {
    ready: catchUp(),
    async stop() {
      abort.abort(new Error("The server is shutting down."));
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
