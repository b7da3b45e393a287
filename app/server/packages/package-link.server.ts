import { createHash, randomBytes } from "node:crypto";
import type { castingPackages } from "../../../drizzle/schema";
import { PACKAGE_DEFAULT_DAYS } from "../../domain/casting-packages";
import { kstDate } from "../../domain/kst";
import { openSecret, sealSecret } from "../auth/secret-box.server";

/**
 * A casting package's link (decision 047): its token and the days it works. The token is the only
 * credential of the recipient's pages: 256 random bits, found by its SHA-256, kept sealed with the
 * server secret so the workspace can show the link again; never logged (the logger replaces it:
 * `credential` in site-routes.ts, decision 053).
 */

const SEAL_PURPOSE = "casting-package-token";
export const DAY_MS = 24 * 60 * 60 * 1000;
const KST_OFFSET_MS = 9 * 60 * 60 * 1000;

export type PackageRow = typeof castingPackages.$inferSelect;

/** How a token (or a visit's id) is found: its SHA-256, never the token itself. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new link's token (256 random bits), its hash and its sealed copy. */
export function newToken(serverSecret: string): { token: string; tokenHash: string; tokenSealed: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token), tokenSealed: sealSecret(serverSecret, SEAL_PURPOSE, token) };
}

/** The token of a package's link from its sealed copy; null when it cannot be opened (another server secret). */
export function packageToken(serverSecret: string, row: Pick<PackageRow, "tokenSealed">): string | null {
  return openSecret(serverSecret, SEAL_PURPOSE, row.tokenSealed);
}

/** The instant a package dated to work through `day` (KST) stops working: the next day's 00:00 KST. */
export function expiryOfDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const start = Date.UTC(y, m - 1, d) - KST_OFFSET_MS;
  const instant = new Date(start + DAY_MS);
  return kstDate(new Date(start)) === day.trim() ? instant : null;
}

/** The last day (KST) a package expiring at `expiresAt` works. */
export function lastDayOf(expiresAt: Date): string {
  return kstDate(new Date(expiresAt.getTime() - 1));
}

/** The default last day of a new package: PACKAGE_DEFAULT_DAYS after today (KST). */
export function defaultLastDay(now: Date): string {
  return kstDate(new Date(now.getTime() + PACKAGE_DEFAULT_DAYS * DAY_MS));
}

export type PackageState = "open" | "expired" | "revoked";

export function packageState(row: Pick<PackageRow, "revokedAt" | "expiresAt">, now: Date): PackageState {
  if (row.revokedAt) return "revoked";
  return row.expiresAt <= now ? "expired" : "open";
}
