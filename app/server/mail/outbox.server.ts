import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { mailOutbox } from "../../../drizzle/schema";
import type { Database, Tx } from "../platform/db.server";
import type { Services } from "../platform/services.server";
import type { Mailer, MailMessage } from "../platform/services.server";

/**
 * The mail outbox: a message is a row written in the transaction of whatever caused it, and the
 * scheduler of any app server sends it later. So a request never waits for a mail server, a message
 * is never sent for something that was rolled back, and one that could not be sent is tried again.
 * See docs/decisions/017-mail-outbox.md.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** After this many failed attempts (about 16 hours of trying) a message is given up, with an error log. */
export const MAX_MAIL_ATTEMPTS = 10;
/** Waits after the 1st, 2nd, ... failed attempt; every later one waits the last. */
export const MAIL_RETRY_DELAYS_MS = [1 * MINUTE_MS, 5 * MINUTE_MS, 15 * MINUTE_MS, 1 * HOUR_MS, 3 * HOUR_MS] as const;
/** Rows (sent, given up or never sent) are deleted this long after they were written: they hold an address. */
export const MAIL_KEEP_DAYS = 30;
/** Messages claimed and sent together (at once, each on its own connection). */
const BATCH_SIZE = 5;
/** Batches per pass at most; what is left is due at once, so the scheduler comes straight back for it. */
const MAX_BATCHES_PER_PASS = 10;
/**
 * How long a claimed message belongs to the server that claimed it: longer than a send can take
 * (the mailer's deadline), so no other server sends it meanwhile, and a server that died while sending
 * leaves it to be tried again after this.
 */
const CLAIM_LEASE_MS = 5 * MINUTE_MS;
/** Enough of an error message to tell what went wrong; the rest is noise. */
const MAX_ERROR_LENGTH = 500;

/** The wait after the `failedAttempts`-th failed attempt. */
export function mailRetryDelayMs(failedAttempts: number): number {
  return MAIL_RETRY_DELAYS_MS[Math.min(Math.max(failedAttempts, 1), MAIL_RETRY_DELAYS_MS.length) - 1]!;
}

/** Whether a stored address can be sent to (one @, no spaces or angle brackets): what every notice checks before queueing. */
export function isMailAddress(value: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+$/.test(value);
}

/** Queues a message in the caller's transaction: it exists (and goes out) only if that commits. */
export async function queueMail(tx: Tx | Database, message: MailMessage): Promise<number> {
  const [row] = await tx.insert(mailOutbox).values({ toAddress: message.to, subject: message.subject, body: message.text }).returning({ id: mailOutbox.id });
  return row!.id;
}

export interface MailDelivery {
  sent: number[];
  failed: number[];
  /** Failed for the last allowed time: no further attempt. */
  givenUp: number[];
}

/**
 * Sends what is due at `now`, a few messages at a time. Each batch is claimed in a short transaction
 * (`FOR UPDATE SKIP LOCKED`, the attempt counted and the message leased), then sent outside any
 * transaction: a slow mail server holds no row lock and no connection, and two servers never claim
 * the same message. A failure records the error and the time of the next attempt.
 */
export async function deliverDueMail(services: Services, mailer: Mailer, now: Date): Promise<MailDelivery> {
  const result: MailDelivery = { sent: [], failed: [], givenUp: [] };
  for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
    const claimed = await claimDueMail(services.db, now);
    if (claimed.length === 0) break;
    const outcomes = await Promise.allSettled(
      claimed.map(async (message) => {
        try {
          await mailer.send({ to: message.toAddress, subject: message.subject, text: message.body });
        } catch (error) {
          const lastError = errorMessage(error);
          const givenUp = message.attempts >= MAX_MAIL_ATTEMPTS;
          await services.db
            .update(mailOutbox)
            .set({ lastError, nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(message.attempts)) })
            .where(eq(mailOutbox.id, message.id));
          if (givenUp) {
            result.givenUp.push(message.id);
            services.logger.error({ mailId: message.id, attempts: message.attempts, error: lastError }, "e-mail given up after its last attempt");
          } else {
            result.failed.push(message.id);
            services.logger.warn({ mailId: message.id, attempts: message.attempts, error: lastError }, "e-mail not sent; trying again later");
          }
          return;
        }
        await services.db.update(mailOutbox).set({ sentAt: now, lastError: "" }).where(eq(mailOutbox.id, message.id));
        result.sent.push(message.id);
      }),
    );
    // Recording an outcome failed (the database is away): the lease makes the message due again later.
    const failure = outcomes.find((o) => o.status === "rejected");
    if (failure) throw failure.reason;
    // A batch that failed means the mail server is likely away: the rest waits for its next attempt
    // rather than for the same timeouts again.
    if (claimed.length < BATCH_SIZE || result.failed.length + result.givenUp.length > 0) break;
  }
  if (result.sent.length > 0) services.logger.info({ count: result.sent.length }, "e-mail sent");
  return result;
}

/** Takes up to a batch of due messages for this server: the attempt is counted and the message leased. */
async function claimDueMail(db: Database, now: Date) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(dueAt(now))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(BATCH_SIZE)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    // The due condition again: what another server claimed and committed meanwhile is not due any more.
    return tx
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(and(inArray(mailOutbox.id, due.map((r) => r.id)), dueAt(now)))
      .returning({ id: mailOutbox.id, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, body: mailOutbox.body, attempts: mailOutbox.attempts });
  });
}

const dueAt = (now: Date) => and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, now), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS));

/** When the next message falls due (null: nothing waiting), for the scheduler's next wake-up. */
export async function nextMailAttemptTime(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: mailOutbox.nextAttemptAt })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS)))
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * Deletes messages sent, or written, more than MAIL_KEEP_DAYS before `now`: a sent notice is of no
 * further use, and one that old and still unsent (given up, or mail switched off) would only confuse.
 */
export async function purgeOldMail(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - MAIL_KEEP_DAYS * DAY_MS);
  const deleted = await db
    .delete(mailOutbox)
    .where(or(and(isNotNull(mailOutbox.sentAt), lte(mailOutbox.sentAt, cutoff)), lte(mailOutbox.createdAt, cutoff)))
    .returning({ id: mailOutbox.id });
  return deleted.length;
}

/** The error's message only (no stack, no SMTP transcript), on one line and short. */
function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, " ").trim().slice(0, MAX_ERROR_LENGTH) || "unknown error";
}
