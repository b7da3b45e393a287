import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers, loginAttempts, mailOutbox } from "../../../drizzle/schema";
import { setAdminCredential } from "../../../app/server/auth/admin-credential.server";
import { provisionTotpSecret, regenerateRecoveryCodes, verifySecondFactor, type SecondFactorResult } from "../../../app/server/auth/second-factor.server";
import { signIn, type LoginResult } from "../../../app/server/auth/sessions.server";
import { base32Decode, hotp, totpStep } from "../../../app/server/auth/totp.server";
import { pendingSecurityNotice } from "../../../app/server/auth/second-factor-throttle.server";
import { issuePendingCookie } from "../../../app/server/auth/second-factor-pending.server";
import { useTestDatabase } from "../../setup/test-database";

/**
 * The second step cannot be guessed with the password alone (decision 051), with the clock in the test's
 * hands (signIn and verifySecondFactor take `now`). The policy is written out here rather than imported,
 * so that changing it is a deliberate change of this test too.
 */
const ACCOUNT_LIMIT = 10;
const FIRST_LOCK_MS = 15 * 60 * 1000;
const MINUTE = 60 * 1000;

const SECRET = "g".repeat(40);
const PASSWORD = "correct horse battery";
const TOTP = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;
const codeAt = (at: number, offset = 0) => hotp(base32Decode(TOTP)!, totpStep(at) + offset);

/** A wrong code for `at`: none of the three the server accepts then. */
function wrongCodeAt(at: number, n: number): string {
  const valid = new Set([-1, 0, 1].map((offset) => codeAt(at, offset)));
  for (let i = n; ; i++) {
    const candidate = String(100_000 + ((i * 7919) % 900_000));
    if (!valid.has(candidate)) return candidate;
  }
}

describe("the second step's throttle, per account", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  let staffId = 0;
  beforeAll(async () => {
    await setAdminCredential(database.db, "owner", PASSWORD);
    expect(await provisionTotpSecret(database.db, SECRET, "owner", TOTP)).toBe("set");
    staffId = (await database.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.loginId, "owner")))[0]!.id;
    await database.db.update(staffUsers).set({ email: "owner@example.com" });
  });

  const mail = { mailer: { send: async () => undefined }, publicOrigin: "https://we.example" };
  const passwordStep = async (ip: string, now: number): Promise<LoginResult> =>
    signIn(database.db, SECRET, new Request("http://127.0.0.1/adminLogin"), { loginId: "owner", password: PASSWORD, ip }, now);
  const pendingOf = (result: LoginResult) => {
    expect(result).toMatchObject({ ok: false, reason: "second-factor" });
    return cookiePair((result as { pendingCookie: string }).pendingCookie);
  };
  const secondStep = (pending: string, code: string, ip: string, now: number): Promise<SecondFactorResult> =>
    verifySecondFactor(database.db, SECRET, new Request("http://127.0.0.1/adminLogin/verify", { headers: { Cookie: pending } }), { code, ip, services: { mail } }, now);

  /** The review's loop: the password, five wrong codes, again; returns how many codes were checked before the first refusal. */
  async function attack(start: number, addressOf: (round: number) => string): Promise<{ checked: number; refusal: SecondFactorResult | LoginResult; at: number }> {
    let now = start;
    let checked = 0;
    for (let round = 0; round < 40; round++) {
      const ip = addressOf(round);
      const password = await passwordStep(ip, now);
      if (!password.ok && password.reason !== "second-factor") return { checked, refusal: password, at: now };
      const pending = pendingOf(password);
      for (let i = 0; i < 5; i++) {
        now += 1000;
        const result = await secondStep(pending, wrongCodeAt(now, checked), ip, now);
        if (result.ok) throw new Error("a wrong code was accepted");
        if (result.restart !== false || result.status === 429) return { checked, refusal: result, at: now };
        checked += 1;
      }
    }
    throw new Error("never refused");
  }

  it("from one address, the loop is refused after ten wrong codes: a 429 with the time it ends, and the password step says the same", async () => {
    const start = Date.UTC(2026, 10, 29, 1, 0, 0);
    const { checked, refusal, at } = await attack(start, () => "203.0.113.7");
    expect(checked).toBe(ACCOUNT_LIMIT);
    expect(refusal).toMatchObject({ ok: false, restart: false, status: 429, message: expect.stringContaining("2단계 인증을 잠시 막았습니다") });
    expect((refusal as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(FIRST_LOCK_MS / 1000 - 60);
    // The right password from anywhere: refused while the lock lasts (no new pending step to guess with).
    const again = await passwordStep("198.51.100.200", at + MINUTE);
    expect(again).toMatchObject({ ok: false, reason: "second-factor-locked" });
    // A right code is refused too while it lasts: the lock is for the account, not for wrong codes.
    expect(await database.db.select({ lockedUntil: staffUsers.secondFactorLockedUntil }).from(staffUsers)).toEqual([{ lockedUntil: expect.any(Date) }]);
  });

  it("the owner is told: an e-mail to the account and to every owner, and a notice at the next sign-in, with the addresses", async () => {
    const mails = await database.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: "owner@example.com", subject: expect.stringContaining("‘owner’ 계정의 2단계 인증을 막았습니다") });
    expect(mails[0]!.body).toContain("203.0.113.7");
    expect(mails[0]!.body).not.toMatch(/\b\d{6}\b/);
  });

  it("the refusal ends: after it, the real owner signs in with the right code, is told what happened, and the counts start again", async () => {
    const [{ lockedUntil }] = (await database.db.select({ lockedUntil: staffUsers.secondFactorLockedUntil }).from(staffUsers)) as [{ lockedUntil: Date }];
    // One minute before the end: still refused.
    expect(await passwordStep("192.0.2.10", lockedUntil.getTime() - MINUTE)).toMatchObject({ reason: "second-factor-locked" });
    const after = lockedUntil.getTime() + 1000;
    const pending = pendingOf(await passwordStep("192.0.2.10", after));
    const result = await secondStep(pending, codeAt(after), "192.0.2.10", after);
    expect(result).toMatchObject({ ok: true, via: "totp" });
    const notice = (result as { notice: unknown }).notice;
    expect(notice).toMatchObject({ wrongCodes: ACCOUNT_LIMIT + 1, lockouts: 1, addresses: ["203.0.113.7"] });
    // The notice stays on the account until read; the counters start again.
    expect(await pendingSecurityNotice(database.db, staffId)).toMatchObject({ wrongCodes: ACCOUNT_LIMIT + 1 });
    const [row] = await database.db.select().from(staffUsers);
    expect(row).toMatchObject({ secondFactorTries: 0, secondFactorLockedUntil: null, secondFactorLockouts: 0 });
    // Only now is the address the owner's (a correct password alone made no address trusted).
    const trusted = await database.db.select().from(loginAttempts).where(and(eq(loginAttempts.succeeded, true)));
    expect(trusted.map((t) => t.ip)).toEqual(["192.0.2.10"]);
  });

  it("from twenty addresses, the loop is refused just the same; the next refusals in a row last twice as long", async () => {
    const start = Date.UTC(2026, 10, 30, 1, 0, 0);
    const first = await attack(start, (round) => `198.51.100.${round % 20 + 1}`);
    expect(first.checked).toBe(ACCOUNT_LIMIT);
    const [one] = await database.db.select({ lockedUntil: staffUsers.secondFactorLockedUntil }).from(staffUsers);
    expect(one!.lockedUntil!.getTime() - first.at).toBe(FIRST_LOCK_MS);
    const second = await attack(one!.lockedUntil!.getTime() + 1000, (round) => `198.51.100.${round % 20 + 1}`);
    expect(second.checked).toBe(ACCOUNT_LIMIT);
    const [two] = await database.db.select({ lockedUntil: staffUsers.secondFactorLockedUntil }).from(staffUsers);
    expect(two!.lockedUntil!.getTime() - second.at).toBe(2 * FIRST_LOCK_MS);
  });

  it("a correct password whose second step then fails does not clear the password step's counters", async () => {
    // Past every lock: a fresh day. Five password steps from one new address, each followed by a wrong
    // code, use up the address's allowance (5 in 15 minutes): the sixth is throttled before any code.
    let now = Date.UTC(2026, 11, 2, 1, 0, 0);
    const ip = "192.0.2.99";
    for (let i = 0; i < 5; i++) {
      now += 1000;
      const pending = pendingOf(await passwordStep(ip, now));
      expect(await secondStep(pending, wrongCodeAt(now, 500 + i), ip, now)).toMatchObject({ ok: false, status: 401 });
    }
    expect(await passwordStep(ip, now + 1000)).toMatchObject({ ok: false, reason: "throttled" });
  });

  it("recovery codes share the account's count", async () => {
    const now = Date.UTC(2026, 11, 4, 1, 0, 0);
    const codes = await regenerateRecoveryCodes(database.db, SECRET, { staffId, via: "session", label: "owner", ip: "192.0.2.10" }, codeAt(now), now);
    expect(codes.ok).toBe(true);
    let t = now;
    let checked = 0;
    for (let round = 0; round < 4 && checked < 20; round++) {
      const pending = pendingOf(await passwordStep(`192.0.2.${120 + round}`, (t += 1000)));
      for (let i = 0; i < 5; i++) {
        const result = await secondStep(pending, `zzzz-zzzz-z${"23456789"[i]}`, `192.0.2.${120 + round}`, (t += 1000));
        if (!result.ok && result.restart === false && result.status === 429) {
          expect(checked).toBe(ACCOUNT_LIMIT);
          // A real recovery code is refused while the lock lasts.
          const lockedUntil = (await database.db.select({ at: staffUsers.secondFactorLockedUntil }).from(staffUsers))[0]!.at!;
          expect(lockedUntil.getTime()).toBeGreaterThan(t);
          return;
        }
        checked += 1;
      }
    }
    throw new Error(`not refused after ${checked} recovery codes`);
  });

  it("forty wrong codes at once, each in a pending step of its own: exactly ten are checked, the rest refused", async () => {
    const now = Date.UTC(2026, 11, 8, 1, 0, 0);
    const pendings = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => cookiePair(await issuePendingCookie(SECRET, { staffId, account: "owner", ip: `198.18.0.${i + 1}`, charged: ["address", "account"] }, false, now))),
    );
    const results = await Promise.all(pendings.map((pending, i) => secondStep(pending, wrongCodeAt(now, 900 + i), `198.18.0.${i + 1}`, now + 1000)));
    const statuses = results.map((r) => (r.ok ? 200 : r.restart === false ? r.status : r.restart));
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - ACCOUNT_LIMIT);
  });
});
