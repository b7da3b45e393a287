import { and, desc, eq, gt } from "drizzle-orm";
import { staffUsers, sessions } from "../../../drizzle/schema";
import { recordAudit } from "../platform/audit.server";
import type { Database } from "../platform/db.server";
import type { Actor } from "../platform/services.server";

/** A staff member's sessions as they see them in their account's page, and ending them. */

/** A session as its owner sees it: an opaque key (a prefix of the token's hash, never the token). */
export interface StaffSession {
  key: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string;
  current: boolean;
}

const SESSION_KEY_LENGTH = 16;

export async function listSessionsOf(db: Database, staffId: number, currentTokenHash: string | null, now = new Date()): Promise<StaffSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.staffId, staffId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    key: row.tokenHash.slice(0, SESSION_KEY_LENGTH),
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    ip: row.ip,
    userAgent: row.userAgent,
    current: row.tokenHash === currentTokenHash,
  }));
}

/**
 * Ends sessions of an account: the one whose key is given, or all of them (`"all"`), or all but the
 * caller's own (`"others"`). Returns how many ended. The audit trail names who ended whose.
 */
export async function endSessionsOf(
  db: Database,
  actor: Actor,
  staffId: number,
  which: { key: string } | "all" | { allBut: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.staffId, staffId));
    const doomed = rows
      .map((row) => row.tokenHash)
      .filter((hash) => (which === "all" ? true : "key" in which ? /^[0-9a-f]{16}$/.test(which.key) && hash.startsWith(which.key) : hash !== which.allBut));
    for (const hash of doomed) await tx.delete(sessions).where(eq(sessions.tokenHash, hash));
    if (doomed.length > 0) {
      const [account] = await tx.select({ loginId: staffUsers.loginId }).from(staffUsers).where(eq(staffUsers.id, staffId));
      await recordAudit(tx, actor, { action: "sessions-ended", entity: "session", entityId: staffId, details: { count: doomed.length, account: account?.loginId ?? "" } });
    }
    return doomed.length;
  });
}
