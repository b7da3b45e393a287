import { purgeExpiredApplications } from "../auditions/audition-retention.server";
import { purgeClosedPackages } from "../packages/package-retention.server";
import { purgeOldAccessRecords } from "../privacy/access-records.server";
import { accessRecordHeadSlot, runAccessRecordHeadSlot, type HeadFile } from "../privacy/access-record-heads.server";
import { purgeOldAccessChanges } from "../staff/staff-access-changes.server";
import { deliverDueMail, nextMailAttemptTime, purgeOldMail } from "../mail/outbox.server";
import type { Services } from "../platform/services.server";
import { nextScheduledTime } from "../posts/post-queries.server";
import { applyDueSchedules } from "../posts/post-use-cases.server";
import { purgeExpired } from "../trash/trash-bin.server";
import { runStorageSweepSlot, storageSweepSlot } from "./storage-sweep.server";

/**
 * Time-based work, run inside every app server: scheduled publishing and unpublishing, emptying
 * the trash of what has been there longer than TRASH_RETENTION_DAYS, deleting audition
 * applications whose retention period has ended, deleting access records older than their retention
 * (decision 039), and, beside the passes (see startScheduler), sending
 * the mail outbox, the daily sweep of stored files no record refers to (storage-sweep.server.ts) and
 * the access records' daily head written down outside the database (access-record-heads.server.ts).
 * Each job claims its rows with row locks (the daily ones, their day's row in `job_runs`), so it happens once
 * however many servers run it; each pass looks at everything due up to now, so a server that was down
 * catches up when it starts. See docs/decisions/013-admin-workspace.md and 035-orphaned-files.md.
 */

/** Everything due at `now`. */
export async function runDueJobs(services: Services, now: Date) {
  const schedules = await applyDueSchedules(services, now);
  const purged = await purgeExpiredTrash(services, now);
  const expiredApplications = await purgeExpiredApplications(services, now);
  const oldMail = await purgeOldMail(services.db, now);
  const oldAccessRecords = await purgeOldAccessRecords(services, now);
  // Grants and changes of staff access are kept 3 years (안전성 확보조치 기준 Art. 5③); a delete by cutoff,
  // harmless when two servers run it.
  const oldAccessChanges = await purgeOldAccessChanges(services.db, now);
  // Casting packages closed longer than their retention, with their recipients' records (decision 049).
  const closedPackages = await purgeClosedPackages(services, now);
  return { ...schedules, purged, expiredApplications, oldMail, oldAccessRecords, oldAccessChanges, closedPackages };
}

/**
 * The next time something falls due: a scheduled post, or (when e-mail is on and `mail` is asked
 * for) a message's next attempt.
 */
export async function nextDueTime(services: Services, options: { mail: boolean } = { mail: true }): Promise<Date | null> {
  const times = await Promise.all([nextScheduledTime(services.db), services.mail && options.mail ? nextMailAttemptTime(services.db) : null]);
  const known = times.filter((t): t is Date => t instanceof Date);
  return known.length === 0 ? null : new Date(Math.min(...known.map((t) => t.getTime())));
}

/** Deletes for good what has been in the trash longer than TRASH_RETENTION_DAYS (the trash bin's every entity). */
export async function purgeExpiredTrash(services: Services, now: Date): Promise<{ posts: number[]; artists: number[] }> {
  const purged = await purgeExpired(services, now);
  return { posts: purged.post, artists: purged.artist };
}

/** Runs a job, timed and counted in the metrics when the process has them. */
function timed<T>(services: Services, job: string, run: () => Promise<T>): Promise<T> {
  return services.metrics ? services.metrics.timeJob(job, run) : run();
}

export interface Scheduler {
  /** Settles when the first pass (catching up on what fell due while the server was down) is done. */
  ready: Promise<void>;
  /** Looks again now (a save set a time; a commit queued mail; another server announced a change). */
  wake(): void;
  stop(): Promise<void>;
}

export interface SchedulerOptions {
  now?: () => Date;
  maxSleepMs?: number;
  serverId?: string;
  /** Where the access records' daily head is appended (beside the backups); without it, no head is written. */
  headFile?: HeadFile;
}

/**
 * Runs the due jobs at start, then again at the next scheduled time (at most `maxSleepMs` later, so
 * schedules set on other servers and the daily trash purge are never missed for long). When e-mail is
 * on, each pass also starts sending the due mail, which runs beside the passes rather than in them: a
 * mail server that is slow or down then delays no scheduled post and no server start. The storage sweep
 * runs beside them too (listing a bucket can take a while), once its day's time has come and no server
 * has taken it: at start when the last time passed while no server ran.
 */
export function startScheduler(services: Services, options: SchedulerOptions = {}): Scheduler {
  const now = options.now ?? (() => new Date());
  const maxSleepMs = options.maxSleepMs ?? 60_000;
  let timer: NodeJS.Timeout | null = null;
  /** When the armed timer fires (epoch ms). */
  let timerAt = Infinity;
  const stopping = new AbortController();
  let stopped = false;
  const isStopped = () => stopped;
  const mail = mailSender(services, now, isStopped, () => armForNextDue());
  const sweep = storageSweeper(services, options.serverId, now, stopping.signal, isStopped);
  const anchor = headAnchorer(services, options, now, isStopped);

  /** Sets the timer `delayMs` from now, unless it is already set to fire sooner (a wake during a pass stays). */
  const arm = (delayMs: number) => {
    if (stopped) return;
    const delay = Math.max(0, Math.min(delayMs, maxSleepMs));
    if (timer && timerAt <= Date.now() + delay) return;
    if (timer) clearTimeout(timer);
    timerAt = Date.now() + delay;
    timer = setTimeout(() => {
      timer = null;
      timerAt = Infinity;
      void pass();
    }, delay);
    timer.unref();
  };

  const armForNextDue = async () => {
    let next: Date | null = null;
    try {
      // While mail is being sent, its due rows are that run's: it arms the timer for them when done.
      next = await nextDueTime(services, { mail: mail.sending() === null });
    } catch {
      // The database is away: the next pass will tell.
    }
    // A few milliseconds late rather than early: the job only takes what is due.
    arm(next ? next.getTime() - now().getTime() + 20 : maxSleepMs);
  };

  const passes = oneAtATime(async () => {
    try {
      await timed(services, "due-jobs", () => runDueJobs(services, now()));
    } catch (error) {
      services.logger.error({ err: error }, "scheduled jobs failed; trying again later");
    }
    mail.sendDueMail();
    sweep.sweepIfDue();
    anchor.anchorIfDue();
    await armForNextDue();
  });
  const pass = passes.run;

  const unsubscribe = services.changes.subscribe((event) => {
    // Another server may have scheduled something sooner than this one's next pass.
    if (event.origin === "remote") arm(0);
  });

  return {
    ready: pass(),
    wake() {
      arm(0);
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (timer) clearTimeout(timer);
      // A sweep under way ends between two removals; what it removed so far stays removed.
      stopping.abort(new Error("The server is shutting down."));
      await passes.running();
      await mail.sending();
      await sweep.sweeping();
      await anchor.anchoring();
    },
  };
}

type Clock = () => Date;

/** Runs `job` one run at a time: a call during a run asks for one more run after it, and waits for the run under way. */
function oneAtATime(job: () => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = job();
    await running;
    running = null;
    if (again) {
      again = false;
      await run();
    }
  };
  return { run, running: () => running };
}

/**
 * Sends the due mail beside the passes, one run at a time; `afterSend` arms the timer for what is due
 * next (after an error the regular passes look again).
 */
function mailSender(services: Services, now: Clock, stopped: () => boolean, afterSend: () => Promise<void>) {
  let sending: Promise<void> | null = null;
  const sendDueMail = () => {
    const mail = services.mail;
    if (!mail || sending || stopped()) return;
    sending = (async () => {
      let failed = false;
      try {
        await timed(services, "mail", () => deliverDueMail(services, mail.mailer, now()));
      } catch (error) {
        failed = true;
        services.logger.error({ err: error }, "sending the mail outbox failed; trying again later");
      }
      sending = null;
      // Messages that failed are due again later, and the rest of a long queue now. After an error
      // (the database is away), the regular passes look again.
      if (!failed) await afterSend();
    })();
  };
  return { sendDueMail, sending: () => sending };
}

/** The storage sweep beside the passes, once its day's time has come and no server has taken it. */
function storageSweeper(services: Services, serverId: string | undefined, now: Clock, signal: AbortSignal, stopped: () => boolean) {
  let sweeping: Promise<void> | null = null;
  /** The latest sweep time this server knows is taken (by itself or another): no need to ask again before the next. */
  let sweptSlot = -Infinity;
  const sweepIfDue = () => {
    if (sweeping || stopped()) return;
    const slot = storageSweepSlot(now());
    if (slot.getTime() <= sweptSlot) return;
    sweeping = (async () => {
      let handled = false;
      try {
        const result = await runStorageSweepSlot(
          {
            ...services,
            serverId,
            onOutcome: (outcome) => services.metrics?.jobRuns.inc({ job: "storage-sweep", result: outcome === "swept" ? "ok" : "error" }),
          },
          slot,
          now,
          signal,
        );
        // Swept, failed (retried at the next day's time, as a backup is) or taken by another server.
        sweptSlot = slot.getTime();
        handled = true;
        if (result.outcome === "swept") services.logger.debug({ slot }, "storage sweep done");
      } catch (error) {
        // The claim itself failed (the database is away): the next pass asks again.
        services.logger.error({ err: error, slot }, "the storage sweep could not start; trying again later");
      } finally {
        sweeping = null;
      }
      // A long sweep may have run past the next day's time (or a pass looked while it ran).
      if (handled) sweepIfDue();
    })();
  };
  return { sweepIfDue, sweeping: () => sweeping };
}

/** The access records' daily head beside the passes, when there is a head file. */
function headAnchorer(services: Services, options: { serverId?: string; headFile?: HeadFile }, now: Clock, stopped: () => boolean) {
  let anchoring: Promise<void> | null = null;
  /** The latest head time this server knows is taken (by itself or another). */
  let anchoredSlot = -Infinity;
  /** Once a day, the access records' head to the log and the head file (a whole verification: beside the passes, as the sweep). */
  const anchorIfDue = () => {
    const headFile = options.headFile;
    if (!headFile || anchoring || stopped()) return;
    const slot = accessRecordHeadSlot(now());
    if (slot.getTime() <= anchoredSlot) return;
    anchoring = (async () => {
      try {
        const result = await runAccessRecordHeadSlot({ db: services.db, logger: services.logger, headFile, serverId: options.serverId }, slot, now);
        if (result.outcome !== "taken") services.metrics?.jobRuns.inc({ job: "access-record-head", result: result.outcome === "written" ? "ok" : "error" });
        // Written, failed or broken (logged; tried again at the next day's time), or taken by another server.
        anchoredSlot = slot.getTime();
      } catch (error) {
        // The claim itself failed (the database is away): the next pass asks again.
        services.logger.error({ err: error, slot }, "the access records head could not be written; trying again later");
      } finally {
        anchoring = null;
      }
    })();
  };
  return { anchorIfDue, anchoring: () => anchoring };
}
