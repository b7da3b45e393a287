import { createHmac } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimitHits } from "../../../drizzle/schema";
import type { Database } from "./db.server";

/**
 * Fixed-window request limits kept in the database, so every app server counts the same hits. The
 * client is stored as a keyed hash of its address (the key is the server's secret): the table says
 * how often, never who.
 */

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowMs: number;
}

export function rateLimitSubject(secret: string, bucket: string, clientAddress: string): string {
  return createHmac("sha256", secret).update(`${bucket}\u0000${clientAddress}`).digest("base64url").slice(0, 32);
}

/**
 * Counts one hit for the subject in the current window; `allowed` is false once the window holds more
 * than `limit` hits. `retryAfterSeconds` says when the window ends.
 */
export async function hitRateLimit(db: Database, rule: RateLimitRule, subject: string, now: Date = new Date()): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket: rule.bucket, subject, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimitHits.bucket, rateLimitHits.subject, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
    .returning({ hits: rateLimitHits.hits });
  // Old windows are of no use: the first hit of a window clears them (cheap, indexed).
  if (row?.hits === 1) await db.delete(rateLimitHits).where(lt(rateLimitHits.windowStart, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now.getTime()) / 1000));
  return { allowed: (row?.hits ?? 0) <= rule.limit, retryAfterSeconds };
}

/**
 * Takes back the hit `hitRateLimit` counted for the subject at `now` (same window), for a request that
 * turned out not to count: a visitor's form refused for its own mistakes must not use up the limit.
 */
export async function releaseRateLimitHit(db: Database, rule: RateLimitRule, subject: string, now: Date): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject), eq(rateLimitHits.windowStart, windowStart)));
}
