import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../drizzle/schema";
import { setAdminCredential } from "../../../app/server/auth/admin-credential.server";
import {
  getStaffSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  signIn,
  signOut,
} from "../../../app/server/auth/sessions.server";
import { useTestDatabase } from "../../setup/test-database";

const SECRET = "s".repeat(40);
const PASSWORD = "correct horse battery";

function requestWith(cookie?: string) {
  return new Request("http://127.0.0.1/adminLogin", { headers: cookie ? { Cookie: cookie } : {} });
}
/** The `name=value` part of a Set-Cookie header. */
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

// The sign-in throttle has its own file: sign-in-throttle.test.ts.
describe("sign-in and sessions", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  beforeAll(async () => {
    await setAdminCredential(database.db, "admin", PASSWORD);
  });

  it("a correct sign-in creates a server-side session; only the token's hash is stored", async () => {
    const result = await signIn(database.db, SECRET, requestWith(), { loginId: "admin", password: PASSWORD, ip: "10.0.0.1" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.setCookie).toMatch(/^we_session=/);
    expect(result.setCookie).toContain("HttpOnly");
    expect(result.setCookie).toContain("SameSite=Lax");
    expect(result.setCookie).not.toContain("Secure");
    const session = await getStaffSession(database.db, SECRET, requestWith(cookiePair(result.setCookie)));
    expect(session?.loginId).toBe("admin");
    const [row] = await database.db.select().from(sessions).where(eq(sessions.tokenHash, session!.tokenHash));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(decodeURIComponent(cookiePair(result.setCookie))).not.toContain(row!.tokenHash);
  });

  it("over https the cookie is Secure", async () => {
    const https = new Request("https://we.example/adminLogin");
    const result = await signIn(database.db, SECRET, https, { loginId: "admin", password: PASSWORD, ip: "10.0.0.2" });
    expect(result.ok && result.setCookie).toContain("Secure");
  });

  it("a forged or tampered cookie is no session", async () => {
    expect(await getStaffSession(database.db, SECRET, requestWith("we_session=forged"))).toBeNull();
    const result = await signIn(database.db, SECRET, requestWith(), { loginId: "admin", password: PASSWORD, ip: "10.0.0.3" });
    const pair = cookiePair(result.ok ? result.setCookie : "");
    expect(await getStaffSession(database.db, "another-secret-that-is-long-enough!!", requestWith(pair))).toBeNull();
  });

  it("signing in again rotates the session: the old token stops working", async () => {
    const first = await signIn(database.db, SECRET, requestWith(), { loginId: "admin", password: PASSWORD, ip: "10.0.0.4" });
    const oldCookie = cookiePair(first.ok ? first.setCookie : "");
    const second = await signIn(database.db, SECRET, requestWith(oldCookie), { loginId: "admin", password: PASSWORD, ip: "10.0.0.4" });
    expect(second.ok).toBe(true);
    expect(await getStaffSession(database.db, SECRET, requestWith(oldCookie))).toBeNull();
    expect(await getStaffSession(database.db, SECRET, requestWith(cookiePair(second.ok ? second.setCookie : "")))).not.toBeNull();
  });

  it("signing out deletes the session: replaying the cookie fails", async () => {
    const result = await signIn(database.db, SECRET, requestWith(), { loginId: "admin", password: PASSWORD, ip: "10.0.0.5" });
    const cookie = cookiePair(result.ok ? result.setCookie : "");
    const cleared = await signOut(database.db, SECRET, requestWith(cookie));
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await getStaffSession(database.db, SECRET, requestWith(cookie))).toBeNull();
  });

  it("idle and absolute timeouts end sessions", async () => {
    const idle = await signIn(database.db, SECRET, requestWith(), { loginId: "admin", password: PASSWORD, ip: "10.0.0.6" });
    const idleCookie = cookiePair(idle.ok ? idle.setCookie : "");
    const idleSession = await getStaffSession(database.db, SECRET, requestWith(idleCookie));
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(sessions.tokenHash, idleSession!.tokenHash));
    expect(await getStaffSession(database.db, SECRET, requestWith(idleCookie))).toBeNull();
    expect(await database.db.select().from(sessions).where(eq(sessions.tokenHash, idleSession!.tokenHash))).toHaveLength(0);

    const old = await signIn(database.db, SECRET, requestWith(), { loginId: "admin", password: PASSWORD, ip: "10.0.0.7" });
    const oldCookie = cookiePair(old.ok ? old.setCookie : "");
    const oldSession = await getStaffSession(database.db, SECRET, requestWith(oldCookie));
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), createdAt: new Date(Date.now() - SESSION_ABSOLUTE_MS - 1000) })
      .where(eq(sessions.tokenHash, oldSession!.tokenHash));
    expect(await getStaffSession(database.db, SECRET, requestWith(oldCookie))).toBeNull();
  });
});
