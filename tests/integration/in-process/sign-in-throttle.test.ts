import { and, eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, loginAttempts } from "../../../drizzle/schema";
import { setAdminCredential } from "../../../app/server/auth/admin-credential.server";
import { signIn, type LoginResult } from "../../../app/server/auth/sessions.server";
import { useTestDatabase } from "../../setup/test-database";

/**
 * The sign-in throttle (docs/decisions/032-sign-in-throttle.md) on a real database, with the clock in
 * the test's hands (signIn takes `now`). The policy is written out here rather than imported, so that
 * changing it is a deliberate change of this test too.
 */
const ADDRESS_LIMIT = 5;
const ACCOUNT_LIMIT = 10;
const DEVICE_LIMIT = 5;
const WINDOW_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const SECRET = "t".repeat(40);
const PASSWORD = "correct horse battery";

/** `name=value` of a Set-Cookie header. */
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

describe("the sign-in throttle", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  beforeAll(async () => {
    await setAdminCredential(database.db, "admin", PASSWORD);
  });

  // Every test starts a quarter into a fresh window of its own (later than every earlier test's), with
  // addresses of its own, so no test sees another's counts.
  let clock = Date.now();
  function freshTime(): number {
    clock = (Math.floor(clock / WINDOW_MS) + 4) * WINDOW_MS + WINDOW_MS / 4;
    return clock;
  }
  let subnet = 0;
  function addresses(): () => string {
    subnet += 1;
    let host = 0;
    return () => {
      host += 1;
      return `10.${subnet}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
    };
  }

  const attempt = (input: { id?: string; password: string; ip: string; cookie?: string; https?: boolean }, now: number) =>
    signIn(
      database.db,
      SECRET,
      new Request(`${input.https ? "https" : "http"}://127.0.0.1/adminLogin`, { headers: input.cookie ? { Cookie: input.cookie } : {} }),
      { loginId: input.id ?? "admin", password: input.password, ip: input.ip },
      now,
    );
  const outcome = (result: LoginResult) => (result.ok ? "ok" : result.reason);
  const tally = (results: LoginResult[]) => results.reduce<Record<string, number>>((counts, r) => ({ ...counts, [outcome(r)]: (counts[outcome(r)] ?? 0) + 1 }), {});
  /** The owner's device cookie from a successful sign-in, as the browser sends it back. */
  const deviceOf = (result: LoginResult) => {
    expect(result.ok).toBe(true);
    const deviceCookie = result.ok ? result.deviceCookie : undefined;
    expect(deviceCookie).toMatch(/^we_device=/);
    return cookiePair(deviceCookie!);
  };
  /** Strangers from `count` new addresses fail against the account, one after the other. */
  async function strangersFail(nextAddress: () => string, count: number, now: number, id = "admin") {
    const results: LoginResult[] = [];
    for (let i = 0; i < count; i++) results.push(await attempt({ id, password: `guess-${i}`, ip: nextAddress() }, now + i));
    return results;
  }

  it("64 parallel wrong guesses from one address: only the limit are checked, the rest refused, the right password too", async () => {
    const t0 = freshTime();
    const ip = addresses()();
    const results = await Promise.all(Array.from({ length: 64 }, (_, i) => attempt({ password: `guess-${i}`, ip }, t0)));
    expect(tally(results)).toEqual({ mismatch: ADDRESS_LIMIT, throttled: 64 - ADDRESS_LIMIT });
    for (const result of results) if (!result.ok && result.reason === "throttled") expect(result.retryAfterSeconds).toBeGreaterThan(0);
    expect(await attempt({ password: PASSWORD, ip }, t0 + 1000)).toMatchObject({ ok: false, reason: "throttled" });
    // Only the checked attempts are on record, each failure in the audit log.
    expect(await database.db.select().from(loginAttempts).where(eq(loginAttempts.ip, ip))).toHaveLength(ADDRESS_LIMIT);
    const audited = await database.db.select().from(auditLog).where(and(eq(auditLog.ip, ip), eq(auditLog.action, "sign-in-failed")));
    expect(audited).toHaveLength(ADDRESS_LIMIT);
  }, 60_000);

  it("a locked address waits until its windows end, never for good; Retry-After tells the truth; other addresses are unaffected", async () => {
    const t0 = freshTime();
    const next = addresses();
    const ip = next();
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect(await attempt({ password: "wrong", ip }, t0 + i)).toEqual({ ok: false, reason: "mismatch" });
    const locked = await attempt({ password: PASSWORD, ip }, t0 + 10);
    expect(locked).toMatchObject({ ok: false, reason: "throttled" });
    const wait = locked.ok === false && locked.reason === "throttled" ? locked.retryAfterSeconds : 0;
    expect(wait).toBeGreaterThanOrEqual(WINDOW_MS / 2 / 1000 - 1);
    expect(wait).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect((await attempt({ password: PASSWORD, ip: next() }, t0 + 20)).ok).toBe(true);
    // A second before the promised time it is still locked; at it, free.
    expect(await attempt({ password: PASSWORD, ip }, t0 + 10 + (wait - 1) * 1000)).toMatchObject({ ok: false, reason: "throttled" });
    expect((await attempt({ password: PASSWORD, ip }, t0 + 10 + wait * 1000)).ok).toBe(true);
  });

  it("a burst that straddles a window boundary gets no more than the limit", async () => {
    // Both grids' boundaries: the epoch grid's, and the half-shifted grid's.
    for (const offset of [0, WINDOW_MS / 2]) {
      const boundary = Math.floor(freshTime() / WINDOW_MS) * WINDOW_MS + WINDOW_MS + offset;
      clock = boundary + WINDOW_MS / 4;
      const ip = addresses()();
      const before = await Promise.all(Array.from({ length: 3 }, (_, i) => attempt({ id: "ghost", password: `a${i}`, ip }, boundary - 1)));
      const after = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt({ id: "ghost", password: `b${i}`, ip }, boundary + 1)));
      expect(tally([...before, ...after])).toEqual({ mismatch: ADDRESS_LIMIT, throttled: 13 - ADDRESS_LIMIT });
    }
  });

  it("a success clears its address's count", async () => {
    const t0 = freshTime();
    const ip = addresses()();
    for (let i = 0; i < ADDRESS_LIMIT - 1; i++) expect(outcome(await attempt({ password: "wrong", ip }, t0 + i))).toBe("mismatch");
    expect((await attempt({ password: PASSWORD, ip }, t0 + 10)).ok).toBe(true);
    for (let i = 0; i < ADDRESS_LIMIT; i++) expect(outcome(await attempt({ password: "wrong", ip }, t0 + 20 + i))).toBe("mismatch");
    expect(outcome(await attempt({ password: PASSWORD, ip }, t0 + 30))).toBe("throttled");
  });

  it("strangers' failures lock the account for strangers, whatever the id's case, spaces or width, and not for good", async () => {
    const t0 = freshTime();
    const next = addresses();
    const ids = ["ADMIN", " admin", "Ad Min", "ａｄｍｉｎ", "admin ", "aDmIn", "A D M I N", "admin", "ADMIN", "Admin"];
    for (const [i, id] of ids.entries()) expect(await attempt({ id, password: "wrong", ip: next() }, t0 + i)).toEqual({ ok: false, reason: "mismatch" });
    const rows = await database.db.select().from(loginAttempts).where(and(eq(loginAttempts.accountKey, "admin"), gte(loginAttempts.createdAt, new Date(t0))));
    expect(rows).toHaveLength(ACCOUNT_LIMIT);
    const blocked = await attempt({ password: PASSWORD, ip: next() }, t0 + 100);
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    expect((await attempt({ password: PASSWORD, ip: next() }, t0 + WINDOW_MS + 1000)).ok).toBe(true);
  });

  it("64 parallel guesses from 64 addresses stop at the account's limit; the owner still signs in, with his device cookie or from his own address", async () => {
    const t0 = freshTime();
    const next = addresses();
    const ownerIp = next();
    const device = deviceOf(await attempt({ password: PASSWORD, ip: ownerIp }, t0));

    const guesses = await Promise.all(Array.from({ length: 64 }, (_, i) => attempt({ password: `guess-${i}`, ip: next() }, t0 + 1000)));
    expect(tally(guesses)).toEqual({ mismatch: ACCOUNT_LIMIT, throttled: 64 - ACCOUNT_LIMIT });

    // A stranger is refused, even with the right password...
    expect(outcome(await attempt({ password: PASSWORD, ip: next() }, t0 + 2000))).toBe("throttled");
    // ...the owner's browser is not, wherever it is...
    expect((await attempt({ password: PASSWORD, ip: next(), cookie: device }, t0 + 3000)).ok).toBe(true);
    // ...nor the owner at his own address without it.
    expect((await attempt({ password: PASSWORD, ip: ownerIp }, t0 + 4000)).ok).toBe(true);
    // His successes did not give the strangers a fresh allowance: a new address without the cookie is still refused.
    expect(outcome(await attempt({ password: PASSWORD, ip: next() }, t0 + 5000))).toBe("throttled");
  }, 60_000);

  it("a stranger who keeps the account locked window after window never keeps the owner out", async () => {
    const t0 = freshTime();
    const next = addresses();
    const ownerIp = next();
    let device = deviceOf(await attempt({ password: PASSWORD, ip: ownerIp }, t0));
    // Every 15 minutes for an hour, strangers spend the account's whole allowance...
    for (let k = 1; k <= 4; k++) {
      const now = t0 + k * WINDOW_MS;
      const results = await strangersFail(next, ACCOUNT_LIMIT + 1, now);
      expect(outcome(results.at(-1)!)).toBe("throttled");
      expect(outcome(await attempt({ password: PASSWORD, ip: next() }, now + 100))).toBe("throttled");
      // ...and the owner signs in all the same.
      device = deviceOf(await attempt({ password: PASSWORD, ip: next(), cookie: device }, now + 200));
      expect((await attempt({ password: PASSWORD, ip: ownerIp }, now + 300)).ok).toBe(true);
    }
    clock = t0 + 4 * WINDOW_MS;
  }, 60_000);

  it("the device cookie: httpOnly, SameSite=Lax, a year, Secure over https; only for its own account; a tampered one counts for nothing", async () => {
    const t0 = freshTime();
    const next = addresses();
    const first = await attempt({ password: PASSWORD, ip: next() }, t0);
    const setCookie = first.ok ? first.deviceCookie : "";
    expect(setCookie).toMatch(/^we_device=[^;]+;/);
    const attributes = setCookie.split(/;\s*/).slice(1);
    expect(attributes).toEqual(expect.arrayContaining(["Max-Age=31536000", "Path=/", "HttpOnly", "SameSite=Lax"]));
    expect(attributes).not.toContain("Secure");
    const https = await attempt({ password: PASSWORD, ip: next(), https: true }, t0 + 10);
    expect(https.ok && https.deviceCookie).toMatch(/; Secure/);
    const device = cookiePair(setCookie);

    // Lock both the administrator's account and an account "ghost" for strangers.
    await strangersFail(next, ACCOUNT_LIMIT, t0 + 1000);
    await strangersFail(next, ACCOUNT_LIMIT, t0 + 1000, "ghost");
    expect(outcome(await attempt({ password: PASSWORD, ip: next() }, t0 + 2000))).toBe("throttled");

    // Another id in the signed value (a letter of its payload changed), the signature left as it was.
    const value = device.slice("we_device=".length);
    const at = value.slice(4).search(/[A-Za-z]/) + 4;
    const tampered = `we_device=${value.slice(0, at)}${value[at] === "A" ? "B" : "A"}${value.slice(at + 1)}`;
    expect(outcome(await attempt({ password: PASSWORD, ip: next(), cookie: tampered }, t0 + 3000))).toBe("throttled");
    const otherSecret = await signIn(database.db, "another-secret-that-is-long-enough!!", new Request("http://127.0.0.1/adminLogin"), { loginId: "admin", password: PASSWORD, ip: next() }, t0 - 10);
    expect(outcome(await attempt({ password: PASSWORD, ip: next(), cookie: cookiePair(otherSecret.ok ? otherSecret.deviceCookie : "") }, t0 + 4000))).toBe("throttled");
    // The administrator's device cookie says nothing about the account "ghost".
    expect(outcome(await attempt({ id: "ghost", password: PASSWORD, ip: next(), cookie: device }, t0 + 5000))).toBe("throttled");
    expect((await attempt({ password: PASSWORD, ip: next(), cookie: device }, t0 + 6000)).ok).toBe(true);
  });

  it("a trusted browser's own failures are limited per device: a copied cookie does not guess freely", async () => {
    const t0 = freshTime();
    const next = addresses();
    const ownerIp = next();
    const device = deviceOf(await attempt({ password: PASSWORD, ip: ownerIp }, t0));
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt({ password: `guess-${i}`, ip: next(), cookie: device }, t0 + 1000)));
    expect(tally(results)).toEqual({ mismatch: DEVICE_LIMIT, throttled: 20 - DEVICE_LIMIT });
    expect(outcome(await attempt({ password: PASSWORD, ip: next(), cookie: device }, t0 + 2000))).toBe("throttled");
    // Those failures were the device's: they did not lock the account, nor the owner's own address.
    expect((await attempt({ password: PASSWORD, ip: ownerIp }, t0 + 3000)).ok).toBe(true);
    expect((await attempt({ password: PASSWORD, ip: next() }, t0 + 4000)).ok).toBe(true);
    // And the device is free again when its windows have ended.
    expect((await attempt({ password: PASSWORD, ip: next(), cookie: device }, t0 + 1000 + WINDOW_MS)).ok).toBe(true);
  });

  it("an address is the owner's for 30 days after a sign-in from it", async () => {
    const t0 = freshTime();
    const next = addresses();
    const home = next();
    expect((await attempt({ password: PASSWORD, ip: home }, t0)).ok).toBe(true);

    const day29 = t0 + 29 * DAY_MS;
    await strangersFail(next, ACCOUNT_LIMIT, day29);
    expect(outcome(await attempt({ password: PASSWORD, ip: next() }, day29 + 100))).toBe("throttled");
    expect((await attempt({ password: PASSWORD, ip: home }, day29 + 200)).ok).toBe(true);

    // 31 days after that last sign-in from it, the address is a stranger's again.
    const day60 = day29 + 31 * DAY_MS;
    await strangersFail(next, ACCOUNT_LIMIT, day60);
    expect(outcome(await attempt({ password: PASSWORD, ip: home }, day60 + 100))).toBe("throttled");
    clock = day60;
  });
});
