import os from "node:os";
import { and, eq, sql } from "drizzle-orm";
import { jobRuns } from "../../../drizzle/schema";
import type { Database } from "./db.server";

/**
 * `job_runs`: the daily jobs every app server runs from its scheduler (the storage sweep, the access
 * records' head), done once across servers. The row a server inserts for a job's time is its claim.
 */

/** Who this server is in `job_runs`: host name and process id, unless a test names it. */
export function jobServerId(serverId?: string): string {
  return serverId ?? `${os.hostname()}:${process.pid}`;
}

/**
 * Claims `job`'s run of `slot` for this server; false when another server has taken it, or a later
 * time: nobody takes a time once a later one is taken, so a slow server never runs an old one.
 */
export async function claimJobRun(db: Database, job: string, slot: Date, serverId: string, now: Date): Promise<boolean> {
  const claimed = (await db.execute(sql`
    insert into ${jobRuns} (job, scheduled_for, server, started_at)
    select ${job}, ${slot.toISOString()}::timestamptz, ${serverId}, ${now.toISOString()}::timestamptz
    where not exists (select 1 from ${jobRuns} where ${jobRuns.job} = ${job} and ${jobRuns.scheduledFor} >= ${slot.toISOString()}::timestamptz)
    on conflict do nothing
    returning scheduled_for`)) as unknown as { rows: unknown[] };
  return claimed.rows.length > 0;
}

/** Ends a claimed run with what it did, or why it failed. */
export async function finishJobRun(db: Database, job: string, slot: Date, now: Date, outcome: { result: Record<string, unknown> } | { error: unknown }): Promise<void> {
  const set =
    "result" in outcome
      ? { finishedAt: now, result: outcome.result }
      : { finishedAt: now, error: outcome.error instanceof Error ? outcome.error.message : String(outcome.error) };
  await db
    .update(jobRuns)
    .set(set)
    .where(and(eq(jobRuns.job, job), eq(jobRuns.scheduledFor, slot)));
}
