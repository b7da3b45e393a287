import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers, recoveryCodes, sessions } from "../../../drizzle/schema";
import { ensureAdminCredential } from "../../../app/server/auth/admin-credential.server";
import {
  confirmEnrollment,
  disableSecondFactor,
  enrollmentSecret,
  provisionTotpSecret,
  regenerateRecoveryCodes,
  resetSecondFactor,
  secondFactorStatus,
} from "../../../app/server/auth/second-factor.server";
import { secondFactorRequired } from "../../../app/domain/staff-roles";
import { hotp, base32Decode, totpStep } from "../../../app/server/auth/totp.server";
import { useTestDatabase } from "../../setup/test-database";

/** The second factor's use cases with the clock in the test's hands (decision 040). */
describe("second factor: provisioning, enrollment, recovery codes, reset", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const SECRET = "in-process-second-factor-secret-0123456789";
  const TOTP = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
  const now = 1_800_000_010_000;
  const code = (secret: string, at: number) => hotp(base32Decode(secret)!, totpStep(at));
  let staffId = 0;
  const actor = () => ({ staffId, via: "session" as const, label: "admin", ip: "192.0.2.1" });

  it("ADMIN_TOTP_SECRET turns TOTP on, stored encrypted; the same value at the next start changes nothing (a used code stays used)", async () => {
    await ensureAdminCredential(database.db, { loginId: "admin", password: "a long enough password" });
    const [admin] = await database.db.select().from(staffUsers);
    staffId = admin!.id;
    // Owners and casting reviewers always; editors and viewers when the setting asks it of everyone.
    expect(secondFactorRequired({ role: "owner" }, { secondFactorForAll: false })).toBe(true);
    expect(secondFactorRequired({ role: "casting" }, { secondFactorForAll: false })).toBe(true);
    expect(secondFactorRequired({ role: "editor" }, { secondFactorForAll: false })).toBe(false);
    expect(secondFactorRequired({ role: "viewer" }, { secondFactorForAll: true })).toBe(true);
    expect(await provisionTotpSecret(database.db, SECRET, "admin", TOTP.toLowerCase())).toBe("set");
    const [stored] = await database.db.select().from(staffUsers);
    expect(stored!.totpEnabledAt).not.toBeNull();
    expect(stored!.totpSecret).toMatch(/^v1\./);
    expect(stored!.totpSecret).not.toContain(TOTP);
    await database.db.update(staffUsers).set({ totpLastStep: 12345 });
    expect(await provisionTotpSecret(database.db, SECRET, "admin", TOTP)).toBe("unchanged");
    expect((await database.db.select().from(staffUsers))[0]!.totpLastStep).toBe(12345);
    expect(await provisionTotpSecret(database.db, SECRET, "nobody", TOTP)).toBe("no-account");
    await expect(provisionTotpSecret(database.db, SECRET, "admin", "not base32")).rejects.toThrow(/base32/);
  });

  it("regenerating recovery codes needs a current code, once; the old codes stop working", async () => {
    expect(await regenerateRecoveryCodes(database.db, SECRET, actor(), "000000", now)).toMatchObject({ ok: false });
    const first = await regenerateRecoveryCodes(database.db, SECRET, actor(), code(TOTP, now), now);
    expect(first.ok && first.recoveryCodes).toHaveLength(10);
    // The same code again: replayed.
    expect(await regenerateRecoveryCodes(database.db, SECRET, actor(), code(TOTP, now), now)).toEqual({ ok: false, message: expect.stringContaining("이미 사용한") });
    const second = await regenerateRecoveryCodes(database.db, SECRET, actor(), code(TOTP, now + 30_000), now + 30_000);
    expect(second.ok).toBe(true);
    const rows = await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.staffId, staffId));
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.codeHash))).toBe(true);
    expect((await secondFactorStatus(database.db, { staffId, loginId: "admin" })).recoveryCodesLeft).toBe(10);
  });

  it("turning it off is refused while it is required", async () => {
    const result = await disableSecondFactor(database.db, SECRET, actor(), { password: "a long enough password", code: "" }, now + 60_000);
    expect(result).toEqual({ ok: false, message: expect.stringContaining("끌 수 없습니다") });
    expect((await secondFactorStatus(database.db, { staffId, loginId: "admin" })).enabled).toBe(true);
  });

  it("admin:password's reset clears the secret, the recovery codes and the sessions; enrollment then starts from a new secret", async () => {
    await database.db.insert(sessions).values({ tokenHash: "sf-1", staffId, expiresAt: new Date(Date.now() + 60_000) });
    expect(await resetSecondFactor(database.db, "ADMIN")).toBe(true);
    const [admin] = await database.db.select().from(staffUsers);
    // The way back in: this account may enroll again after signing in with the password alone.
    expect(admin).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, selfEnrollment: true });
    expect(await database.db.select().from(recoveryCodes)).toHaveLength(0);
    expect(await database.db.select().from(sessions).where(eq(sessions.staffId, staffId))).toHaveLength(0);
    expect(await resetSecondFactor(database.db, "nobody")).toBe(false);

    const secret = (await enrollmentSecret(database.db, SECRET, staffId))!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await enrollmentSecret(database.db, SECRET, staffId)).toBe(secret);
    expect(await confirmEnrollment(database.db, SECRET, actor(), code(secret, now - 60_000), now)).toMatchObject({ ok: false });
    const confirmed = await confirmEnrollment(database.db, SECRET, actor(), code(secret, now), now);
    expect(confirmed.ok && confirmed.recoveryCodes).toHaveLength(10);
    expect((await database.db.select().from(staffUsers))[0]?.selfEnrollment, "once enrolled, no more").toBe(false);
    expect(await enrollmentSecret(database.db, SECRET, staffId)).toBeNull();
    expect(await confirmEnrollment(database.db, SECRET, actor(), code(secret, now + 30_000), now + 30_000)).toMatchObject({ ok: false, message: "2단계 인증이 이미 켜져 있습니다." });
  });
});
