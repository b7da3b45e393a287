import { and, eq, gt, gte, lt, or, sql } from "drizzle-orm";
import { TransactionRollbackError } from "drizzle-orm/errors";
import { loginAttempts, rateLimitHits } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";
import { rateLimitSubject } from "../platform/rate-limit.server";

/**
 * The sign-in throttle (docs/decisions/032-sign-in-throttle.md). Every attempt is counted before its
 * password is checked, in one atomic statement on `rate_limit_hits`, so parallel guesses cannot all pass
 * a check made before any of them was recorded. Which counters an attempt is charged to depends on who
 * is asking, so that the lockout falls on the attacker and not on the administrator:
 *
 * - a browser with a valid device cookie for the account (trusted-device.server.ts): its own counter only;
 * - an address the account signed in from within TRUSTED_ADDRESS_MS: the address's counter only;
 * - anyone else: the address's counter and the account's.
 */

/** Length of a counting window. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Counted attempts per window: per client address, per account (untrusted clients), per trusted device. */
export const LOGIN_IP_LIMIT = 5;
export const LOGIN_ACCOUNT_LIMIT = 10;
export const LOGIN_DEVICE_LIMIT = 5;
/** An address the account signed in from within this time is the owner's own network. */
export const TRUSTED_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;
/** Failures are kept for the record this long; successes as long as they make an address trusted. */
const FAILURE_KEEP_MS = 24 * 60 * 60 * 1000;

export const THROTTLE_KINDS: readonly ThrottleKind[] = ["address", "account", "device"];
export type ThrottleKind = "address" | "account" | "device";
export interface ThrottleKey {
  kind: ThrottleKind;
  /** The client address, the normalized account key, or the device id. Stored only as a keyed hash. */
  value: string;
}

const RULES: Record<ThrottleKind, { bucket: string; limit: number }> = {
  address: { bucket: "sign-in-address", limit: LOGIN_IP_LIMIT },
  account: { bucket: "sign-in-account", limit: LOGIN_ACCOUNT_LIMIT },
  device: { bucket: "sign-in-device", limit: LOGIN_DEVICE_LIMIT },
};

interface CounterRow {
  bucket: string;
  subject: string;
  windowStart: Date;
}

export type Reservation =
  | { ok: true; rows: CounterRow[] }
  | { ok: false; retryAfterSeconds: number };

/**
 * The two windows holding `now`: one of the grid starting at the epoch and one of the grid shifted by
 * half a window. An attempt needs room in both, so a burst can never spend two windows' allowance by
 * straddling a window boundary: any stretch of half a window lies inside one window of either grid.
 */
export function countingWindows(now: number): Date[] {
  const half = LOGIN_WINDOW_MS / 2;
  return [
    new Date(Math.floor(now / LOGIN_WINDOW_MS) * LOGIN_WINDOW_MS),
    new Date(Math.floor((now - half) / LOGIN_WINDOW_MS) * LOGIN_WINDOW_MS + half),
  ];
}

function counterRows(secret: string, keys: ThrottleKey[], now: number): CounterRow[] {
  const rows = keys.flatMap((key) => {
    const { bucket } = RULES[key.kind];
    const subject = rateLimitSubject(secret, bucket, key.value);
    return countingWindows(now).map((windowStart) => ({ bucket, subject, windowStart }));
  });
  // One order for every statement that locks several counters, so two attempts never wait on each other
  // in a cycle (PostgreSQL would end one of them with a deadlock error).
  return rows.sort((a, b) => compare(a.bucket, b.bucket) || compare(a.subject, b.subject) || a.windowStart.getTime() - b.windowStart.getTime());
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const sameRow = (a: CounterRow, b: CounterRow) => a.bucket === b.bucket && a.subject === b.subject && a.windowStart.getTime() === b.windowStart.getTime();

/** A counter row's limit, for the statement's condition (all constants of this module, none from the client). */
const limitOfRow = sql.raw(
  `case "rate_limit_hits"."bucket" ${Object.values(RULES)
    .map((rule) => `when '${rule.bucket}' then ${rule.limit}`)
    .join(" ")} else 0 end`,
);

/**
 * Counts one attempt on every counter of `keys`, before the password is checked. Each counter is
 * raised only while it is below its limit, in the same statement that reads it (INSERT ... ON CONFLICT
 * DO UPDATE ... WHERE takes the row's lock and sees its latest value), so the limit holds however many
 * attempts arrive at once and on however many app servers. An attempt with no room on one of its
 * counters is counted on none (the transaction is rolled back) and told when the full window ends.
 */
export async function reserveSignInAttempt(db: Database, secret: string, keys: ThrottleKey[], now: number): Promise<Reservation> {
  const rows = counterRows(secret, keys, now);
  let full: CounterRow[] = [];
  let opened = false;
  try {
    await db.transaction(async (tx) => {
      const counted = await tx
        .insert(rateLimitHits)
        .values(rows.map((row) => ({ ...row, hits: 1 })))
        .onConflictDoUpdate({
          target: [rateLimitHits.bucket, rateLimitHits.subject, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
          setWhere: sql`"rate_limit_hits"."hits" < ${limitOfRow}`,
        })
        .returning({ bucket: rateLimitHits.bucket, subject: rateLimitHits.subject, windowStart: rateLimitHits.windowStart, hits: rateLimitHits.hits });
      full = rows.filter((row) => !counted.some((c) => sameRow(c, row)));
      if (full.length > 0) tx.rollback();
      opened = counted.some((c) => c.hits === 1);
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  if (full.length > 0) {
    const freeAt = Math.max(...full.map((row) => row.windowStart.getTime() + LOGIN_WINDOW_MS));
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
  }
  // Counters of past windows are of no use: the first attempt of a window clears them (as hitRateLimit does).
  if (opened) await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now - FAILURE_KEEP_MS)));
  return { ok: true, rows };
}

/**
 * After a successful sign-in: the counters of the keys the success proves (this address, this device)
 * start again from zero, and the attempt's own count on the other counters (the account's) is given
 * back. Strangers' failures against the account stay counted: the owner signing in does not give them
 * a fresh allowance. One row per statement, so these never hold several counters' locks at once.
 */
export async function settleSuccessfulSignIn(db: Database, secret: string, reservation: { rows: CounterRow[] }, proven: ThrottleKey[], now: number): Promise<void> {
  // The attempt's own count on the counters the success does not prove (the account's) is given back: the
  // rows it reserved at `reservation`'s time, which may be an earlier window (a second step minutes later).
  const cleared = counterRows(secret, proven, now);
  for (const row of cleared) {
    await db.delete(rateLimitHits).where(and(eq(rateLimitHits.bucket, row.bucket), eq(rateLimitHits.subject, row.subject), eq(rateLimitHits.windowStart, row.windowStart)));
  }
  for (const row of reservation.rows) {
    if (cleared.some((c) => sameRow(c, row))) continue;
    await db
      .update(rateLimitHits)
      .set({ hits: sql`${rateLimitHits.hits} - 1` })
      .where(and(eq(rateLimitHits.bucket, row.bucket), eq(rateLimitHits.subject, row.subject), eq(rateLimitHits.windowStart, row.windowStart), gt(rateLimitHits.hits, 0)));
  }
}

/** The counter rows an attempt at `at` charged to `keys` (a second step settles its password step's reservation). */
export function reservedRows(secret: string, keys: ThrottleKey[], at: number): { rows: CounterRow[] } {
  return { rows: counterRows(secret, keys, at) };
}

/** Whether the account signed in successfully from this address within TRUSTED_ADDRESS_MS. */
export async function isTrustedAddress(db: Database, accountKey: string, ip: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ id: loginAttempts.id })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.accountKey, accountKey), eq(loginAttempts.succeeded, true), gte(loginAttempts.createdAt, new Date(now - TRUSTED_ADDRESS_MS))))
    .limit(1);
  return row !== undefined;
}

/** Records a checked attempt (who tried which account, whether it succeeded) and drops what is no longer needed. */
export async function recordSignInAttempt(db: Database, attempt: { accountKey: string; ip: string; succeeded: boolean }, now: number): Promise<void> {
  await db
    .delete(loginAttempts)
    .where(
      or(
        lt(loginAttempts.createdAt, new Date(now - TRUSTED_ADDRESS_MS)),
        and(eq(loginAttempts.succeeded, false), lt(loginAttempts.createdAt, new Date(now - FAILURE_KEEP_MS))),
      ),
    );
  await db.insert(loginAttempts).values({ ...attempt, createdAt: new Date(now) });
}
