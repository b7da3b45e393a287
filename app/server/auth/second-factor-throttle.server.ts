import { and, eq, sql } from "drizzle-orm";
import { staffUsers } from "../../../drizzle/schema";
import { addWrongCode, type SecurityNotice } from "../../domain/security-notice";
import type { Database } from "../platform/db.server";

/**
 * The second step's throttle, per account (decision 051). The password alone must never be enough: so
 * the codes tried for an account are counted on the account itself, whatever the pending attempt, the
 * address or the device they come from, before each is checked, in one statement that reads and raises
 * the count under the row's lock (on however many app servers). Past SECOND_FACTOR_ACCOUNT_LIMIT tries
 * in a window, the account's second step is refused for SECOND_FACTOR_LOCK_BASE_MS, twice as long at
 * each refusal in a row (at most SECOND_FACTOR_LOCK_MAX_MS). Only a successful second step clears the
 * count and the refusals.
 *
 * At ten tries a quarter of an hour, then refusals of 15 min, 30 min, 1 h ... 24 h, an attacker with the
 * password gets about ten codes a day once the refusals have grown: with three codes of a million valid
 * at any time, about one chance in 30,000 a day, and the owner is told at the first refusal.
 */

/** Codes one account may try in a window... */
export const SECOND_FACTOR_ACCOUNT_LIMIT = 10;
/** ...of this length, starting at the first try. */
export const SECOND_FACTOR_WINDOW_MS = 15 * 60 * 1000;
/** The first refusal's length; each further one in a row doubles it... */
export const SECOND_FACTOR_LOCK_BASE_MS = 15 * 60 * 1000;
/** ...up to this. */
export const SECOND_FACTOR_LOCK_MAX_MS = 24 * 60 * 60 * 1000;

export type SecondFactorReservation = { ok: true } | { ok: false; lockedUntil: Date; lockedNow: boolean };

/** Milliseconds of the refusal that follows `lockouts` earlier ones in a row. */
export function lockDurationMs(lockouts: number): number {
  return Math.min(SECOND_FACTOR_LOCK_BASE_MS * 2 ** Math.min(lockouts, 16), SECOND_FACTOR_LOCK_MAX_MS);
}

/**
 * Counts one try of a code for the account, before it is checked. Refused while the account is locked;
 * the try that goes past the limit locks it (and is refused), in the same statement.
 */
export async function reserveSecondFactorTry(db: Database, staffId: number, now: number): Promise<SecondFactorReservation> {
  const at = new Date(now);
  const windowOpen = sql`(${staffUsers.secondFactorWindowStart} is not null and ${staffUsers.secondFactorWindowStart} > ${new Date(now - SECOND_FACTOR_WINDOW_MS)})`;
  const overLimit = sql`(${windowOpen} and ${staffUsers.secondFactorTries} + 1 > ${SECOND_FACTOR_ACCOUNT_LIMIT})`;
  const lockMs = sql`least(${SECOND_FACTOR_LOCK_BASE_MS}::bigint * power(2, least(${staffUsers.secondFactorLockouts}, 16))::bigint, ${SECOND_FACTOR_LOCK_MAX_MS}::bigint)`;
  const [row] = await db
    .update(staffUsers)
    .set({
      secondFactorTries: sql`case when ${overLimit} then 0 when ${windowOpen} then ${staffUsers.secondFactorTries} + 1 else 1 end`,
      secondFactorWindowStart: sql`case when ${overLimit} then null when ${windowOpen} then ${staffUsers.secondFactorWindowStart} else ${at}::timestamptz end`,
      secondFactorLockedUntil: sql`case when ${overLimit} then ${at}::timestamptz + make_interval(secs => ${lockMs} / 1000.0) else ${staffUsers.secondFactorLockedUntil} end`,
      secondFactorLockouts: sql`case when ${overLimit} then ${staffUsers.secondFactorLockouts} + 1 else ${staffUsers.secondFactorLockouts} end`,
    })
    .where(and(eq(staffUsers.id, staffId), sql`(${staffUsers.secondFactorLockedUntil} is null or ${staffUsers.secondFactorLockedUntil} <= ${at})`))
    .returning({ lockedUntil: staffUsers.secondFactorLockedUntil });
  // Rows locked before this statement are left out by its condition, so a refusal in its answer is new.
  if (row) return row.lockedUntil && row.lockedUntil.getTime() > now ? { ok: false, lockedUntil: row.lockedUntil, lockedNow: true } : { ok: true };
  const lockedUntil = await secondFactorLockedUntil(db, staffId, now);
  return { ok: false, lockedUntil: lockedUntil ?? new Date(now + SECOND_FACTOR_LOCK_BASE_MS), lockedNow: false };
}

/** Until when the account's second step is refused, or null when it is not. */
export async function secondFactorLockedUntil(db: Database, staffId: number, now: number): Promise<Date | null> {
  const [row] = await db.select({ lockedUntil: staffUsers.secondFactorLockedUntil }).from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1);
  return row?.lockedUntil && row.lockedUntil.getTime() > now ? row.lockedUntil : null;
}

/**
 * A wrong code (or a refused passkey, or a refused try while locked): added to the notice the person will
 * see at the next successful sign-in. Read and written under the row's lock, so parallel tries all count.
 */
export async function noteWrongCode(db: Database, staffId: number, ip: string, lockedOut: boolean, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ notice: staffUsers.securityNotice }).from(staffUsers).where(eq(staffUsers.id, staffId)).for("update");
    if (!row) return;
    await tx
      .update(staffUsers)
      .set({ securityNotice: addWrongCode(row.notice, new Date(now), ip, lockedOut) })
      .where(eq(staffUsers.id, staffId));
  });
}

/** After a successful second step: the count and the refusals start again from nothing. */
export async function settleSecondFactor(db: Database, staffId: number): Promise<void> {
  await db
    .update(staffUsers)
    .set({ secondFactorTries: 0, secondFactorWindowStart: null, secondFactorLockedUntil: null, secondFactorLockouts: 0 })
    .where(eq(staffUsers.id, staffId));
}

/** The notice waiting for the person, if any. */
export async function pendingSecurityNotice(db: Database, staffId: number): Promise<SecurityNotice | null> {
  const [row] = await db.select({ notice: staffUsers.securityNotice }).from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1);
  return row?.notice ?? null;
}

/** The person has read the notice: it goes. */
export async function dismissSecurityNotice(db: Database, staffId: number): Promise<void> {
  await db.update(staffUsers).set({ securityNotice: null }).where(eq(staffUsers.id, staffId));
}
