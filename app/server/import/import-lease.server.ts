import os from "node:os";
import { eq } from "drizzle-orm";
import { siteImports } from "../../../drizzle/schema";
import { summarizeImport, type ImportKind, type SiteImportReport } from "../../domain/site-import";
import { recordBatchAudit } from "../platform/audit.server";
import type { Database } from "../platform/db.server";
import type { Actor } from "../platform/services.server";
import { SiteImportError } from "./old-site-requests.server";

/**
 * An import run's row in `site_imports` (decisions 045, 056): one run at a time (a unique index on the
 * running row), renewed by a heartbeat, its report saved as it goes, and its end recorded with one
 * activity-log entry. A dry run holds no lease; its report is kept like a run's at its end.
 */

const HEARTBEAT_MS = 5_000;
/** A running import that has not renewed its row for this long was interrupted. */
export const STALE_AFTER_MS = 60_000;

/** What the run's row says of it. */
export interface ImportRunFacts {
  /** The old site's address. */
  base: string;
  only: ImportKind[];
  actorLabel: string;
  report: SiteImportReport;
  started: Date;
}

/** The running row this process holds, and the heartbeat renewing it. */
export interface ImportLease {
  runId: number;
  heartbeat: NodeJS.Timeout;
}

/** This process as a row's holder: "host:pid". */
const thisProcess = () => `${os.hostname()}:${process.pid}`;

/** Whether the run's process is known to be gone: it ran on this machine and its process no longer exists. */
function holderIsGone(holder: string): boolean {
  const at = holder.lastIndexOf(":");
  if (at < 0 || holder.slice(0, at) !== os.hostname()) return false;
  const pid = Number(holder.slice(at + 1));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) if ((e as { code?: unknown }).code === "23505") return true;
  return false;
}

/**
 * Takes the one-import-at-a-time lease: a SiteImportError while another run holds it. A "running" row
 * whose process stopped renewing it was interrupted: this run says so and takes over; its records are
 * already safe.
 */
export async function claimImportRun(db: Database, run: ImportRunFacts): Promise<ImportLease> {
  const runId = await db
    .transaction(async (tx) => {
      for (const running of await tx.select().from(siteImports).where(eq(siteImports.state, "running"))) {
        if (running.heartbeatAt.getTime() > run.started.getTime() - STALE_AFTER_MS && !holderIsGone(running.holder)) return null;
        await tx.update(siteImports).set({ state: "interrupted", finishedAt: run.started }).where(eq(siteImports.id, running.id));
      }
      const [row] = await tx
        .insert(siteImports)
        .values({ origin: run.base, only: run.only, dryRun: false, actorLabel: run.actorLabel, holder: thisProcess(), report: { ...run.report } })
        .returning({ id: siteImports.id });
      return row!.id;
    })
    .catch((error: unknown) => {
      // Two runs starting at the same moment: the unique index lets one through.
      if (isUniqueViolation(error)) return null;
      throw error;
    });
  if (runId === null) throw new SiteImportError("다른 가져오기가 진행 중입니다. 그 가져오기가 끝난 뒤 다시 실행해 주세요.");
  const heartbeat = setInterval(() => {
    void db.update(siteImports).set({ heartbeatAt: new Date() }).where(eq(siteImports.id, runId)).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return { runId, heartbeat };
}

/** Saves the report so far on the run's row, at most once a second (nothing for a dry run). */
export function progressSaver(db: Database, lease: ImportLease | null, report: SiteImportReport): () => Promise<void> {
  let lastSaved = 0;
  return async () => {
    if (lease === null || Date.now() - lastSaved < 1000) return;
    lastSaved = Date.now();
    await db.update(siteImports).set({ report: { ...report }, heartbeatAt: new Date() }).where(eq(siteImports.id, lease.runId));
  };
}

/** The run's end: the report completed and kept, the lease let go, one activity-log entry for the whole run. */
export async function finishImportRun(db: Database, lease: ImportLease | null, run: ImportRunFacts, actor: Actor, state: "finished" | "failed", error: string | null): Promise<void> {
  const { report } = run;
  if (lease) clearInterval(lease.heartbeat);
  report.error = error;
  report.finishedAt = new Date().toISOString();
  report.seconds = (Date.now() - run.started.getTime()) / 1000;
  if (lease === null) {
    // A dry run writes nothing but its report, kept like a run's so that every app process (and the
    // workspace after a command-line dry run) shows the same last dry run.
    await db.insert(siteImports).values({
      origin: run.base,
      only: run.only,
      dryRun: true,
      state,
      actorLabel: run.actorLabel,
      holder: thisProcess(),
      report: { ...report },
      startedAt: run.started,
      heartbeatAt: new Date(report.finishedAt),
      finishedAt: new Date(report.finishedAt),
    });
    return;
  }
  await db.transaction(async (tx) => {
    await tx.update(siteImports).set({ state, report: { ...report }, finishedAt: new Date(report.finishedAt!) }).where(eq(siteImports.id, lease.runId));
    await recordBatchAudit(tx, actor, {
      action: "import",
      entity: "site-import",
      entityId: lease.runId,
      details: { origin: run.base, summary: summarizeImport(report), state, counts: report.counts, images: report.images },
    });
  });
}
