import { eq } from "drizzle-orm";
import { staffUsers, sessions } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";
import type { Logger } from "../platform/logger.server";
import { generatePassword, hashPassword, normalizeLoginId, verifyPassword } from "./passwords.server";

export const DEFAULT_ADMIN_ID = "admin";

export type AdminBootstrapResult =
  | { action: "unchanged" }
  | { action: "created-from-env" | "reset-from-env"; loginId: string }
  | { action: "generated"; loginId: string; password: string };

/**
 * Sets an owner's credential: the account with this login id or, on an installation with one account,
 * that account (renamed). Otherwise a new owner is created. The owner comes back as an active owner,
 * and changing the password ends every session of the account. The way back in for an owner who lost
 * access (`npm run admin:password`, ADMIN_ID/ADMIN_PASSWORD at start).
 */
export async function setAdminCredential(db: Database, loginId: string, password: string): Promise<"created" | "reset"> {
  const normalized = normalizeLoginId(loginId);
  if (!normalized) throw new Error("The admin id must not be empty.");
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const accounts = await tx.select({ id: staffUsers.id, loginId: staffUsers.loginId }).from(staffUsers).orderBy(staffUsers.id).limit(2);
    const existing = (await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.loginId, normalized)).limit(1))[0] ?? (accounts.length === 1 ? accounts[0] : undefined);
    if (!existing) {
      // The first account of an installation enrolls its second factor after signing in with this
      // password (decision 040); an owner added beside others enrolls through a link, or `--reset-second-factor`.
      await tx.insert(staffUsers).values({ loginId: normalized, passwordHash, role: "owner", selfEnrollment: accounts.length === 0 });
      return "created";
    }
    await tx
      .update(staffUsers)
      .set({ loginId: normalized, passwordHash, passwordChangedAt: new Date(), role: "owner", deactivatedAt: null })
      .where(eq(staffUsers.id, existing.id));
    await tx.delete(sessions).where(eq(sessions.staffId, existing.id));
    return "reset";
  });
}

/**
 * At start: ADMIN_ID/ADMIN_PASSWORD create or reset the credential (only when they differ from the
 * stored one, so a restart does not log the admin out). With neither an admin nor the env, a strong
 * password is generated and returned so the caller can print it once. No default password exists.
 */
export async function ensureAdminCredential(
  db: Database,
  fromEnv: { loginId: string; password: string } | null,
): Promise<AdminBootstrapResult> {
  const [existing] = fromEnv
    ? await db.select().from(staffUsers).where(eq(staffUsers.loginId, normalizeLoginId(fromEnv.loginId))).limit(1)
    : await db.select().from(staffUsers).orderBy(staffUsers.id).limit(1);
  if (fromEnv) {
    if (existing && existing.role === "owner" && !existing.deactivatedAt && (await verifyPassword(existing.passwordHash, fromEnv.password))) {
      return { action: "unchanged" };
    }
    const result = await setAdminCredential(db, fromEnv.loginId, fromEnv.password);
    return { action: result === "created" ? "created-from-env" : "reset-from-env", loginId: normalizeLoginId(fromEnv.loginId) };
  }
  if (existing) return { action: "unchanged" };
  const password = generatePassword();
  await setAdminCredential(db, DEFAULT_ADMIN_ID, password);
  return { action: "generated", loginId: DEFAULT_ADMIN_ID, password };
}

/** Prints a generated credential once, where the operator starting the server will see it. */
export function announceAdminCredential(result: AdminBootstrapResult, logger: Logger): void {
  if (result.action === "generated") {
    process.stdout.write(
      [
        "",
        "==================================================================",
        " WE ENTERTAINMENT: an administrator account was created.",
        `   id:       ${result.loginId}`,
        `   password: ${result.password}`,
        " This password is shown only now. Change it with `npm run admin:password`",
        " or set ADMIN_ID and ADMIN_PASSWORD.",
        "==================================================================",
        "",
      ].join("\n"),
    );
    logger.warn({ loginId: result.loginId }, "administrator created with a generated password (printed once)");
  } else if (result.action !== "unchanged") {
    logger.info({ loginId: result.loginId, action: result.action }, "administrator credential set from ADMIN_ID/ADMIN_PASSWORD");
  }
}
