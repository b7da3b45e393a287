import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { recoveryCodes } from "../../../drizzle/schema";
import type { Database, Tx } from "../platform/db.server";

/**
 * Recovery codes of the second factor (decision 040): ten single-use codes like `k7mq-2xhp-4w`, from an
 * alphabet without look-alikes (no 0/o, 1/l/i), 10 characters = about 49 bits each. Shown once; only
 * their SHA-256 is stored (a code this random needs no slow hash: guessing is bounded by the throttle).
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

function randomCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A typed code as stored: lower case, without spaces or hyphens; null when it cannot be a recovery code. */
export function normalizeRecoveryCode(input: string): string | null {
  const clean = input.normalize("NFKC").toLowerCase().replace(/[\s-]/g, "");
  return clean.length === 10 && [...clean].every((c) => ALPHABET.includes(c)) ? clean : null;
}

function hashCode(normalized: string): string {
  return createHash("sha256").update(`we-recovery:${normalized}`).digest("hex");
}

/** Replaces the account's recovery codes with ten new ones (in the caller's transaction) and returns them, once. */
export async function replaceRecoveryCodes(tx: Database | Tx, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.staffId, staffId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashCode(normalizeRecoveryCode(code)!) })));
  return codes;
}

/**
 * Uses up one unused code of the account; false when it is not one (or was used already). The typed
 * code's hash is compared with every unused one of the account, each in constant time and all of them
 * whatever matched, so the answer's time says nothing of how close a guess came; the use itself is one
 * conditional update, so a code works once however many requests bring it at the same moment.
 */
export async function consumeRecoveryCode(db: Database | Tx, staffId: number, input: string, now: Date = new Date()): Promise<boolean> {
  const normalized = normalizeRecoveryCode(input);
  if (!normalized) return false;
  const typed = Buffer.from(hashCode(normalized), "hex");
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.staffId, staffId), isNull(recoveryCodes.usedAt)));
  let match: number | null = null;
  for (const row of unused) {
    const stored = Buffer.from(row.codeHash, "hex");
    if (stored.length === typed.length && timingSafeEqual(stored, typed) && match === null) match = row.id;
  }
  if (match === null) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, match), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** How many unused codes the account has left. */
export async function remainingRecoveryCodes(db: Database, staffId: number): Promise<number> {
  const rows = await db.select({ id: recoveryCodes.id }).from(recoveryCodes).where(and(eq(recoveryCodes.staffId, staffId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}
