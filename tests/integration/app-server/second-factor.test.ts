import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuePendingCookie } from "../../../app/server/auth/second-factor-pending.server";
import { base32Decode, hotp, totpStep } from "../../../app/server/auth/totp.server";
import { TEST_SESSION_SECRET } from "../../fixtures/audition-stamp";
import { TEST_ADMIN, useAppServer } from "../../setup/app-server";
import { uniqueClientIp, withTotpCode } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * The second sign-in factor over HTTP, on the production server (decision 040): the password alone
 * no longer signs in; a TOTP code or a recovery code of the account does, once; the pending step's
 * cookie cannot be forged, moved to another account or used after its time; an account without a
 * second factor is sent to enroll before any other private page opens.
 */

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

function cookieOf(response: Response, name: string): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))
    ?.split(";")[0];
}

function setCookieHeader(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

describe(`sign-in with a second factor (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { env: { SESSION_SECRET: TEST_SESSION_SECRET } });

  const post = (path: string, body: URLSearchParams, cookie?: string) =>
    fetch(`${server.baseURL}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp(), ...(cookie ? { Cookie: cookie } : {}) },
      body,
      redirect: "manual",
    });

  /** The password step; the pending cookie it gives. */
  async function passwordStep(redirectTo = "/admin/auditions?status=new"): Promise<string> {
    const response = await post("/adminLogin", form({ id: TEST_ADMIN.id, password: TEST_ADMIN.password, redirectTo }));
    expect(response.status).toBe(302);
    expect(cookieOf(response, "we_session")).toBeUndefined();
    return cookieOf(response, "we_2fa_pending")!;
  }

  /** The second step with the next code the server can accept (handed out once across test processes). */
  async function verifyWithNextCode(pending: string): Promise<{ response: Response; code: string }> {
    let result: { response: Response; code: string } | undefined;
    await withTotpCode(server.baseURL, TEST_ADMIN, async (code) => {
      const response = await post("/adminLogin/verify", form({ code, redirectTo: "/admin/auditions?status=new" }), pending);
      result = { response, code };
      return response.status === 302 ? "accepted" : (await response.clone().text()).includes("이미 사용한") ? "replayed" : "wrong";
    });
    return result!;
  }

  let usedCode = "";

  it("the right password alone starts no session: a short-lived httpOnly pending cookie and the second step, keeping the way back", async () => {
    const response = await post("/adminLogin", form({ id: TEST_ADMIN.id, password: TEST_ADMIN.password, redirectTo: "/admin/auditions?status=new" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/adminLogin/verify?redirectTo=${encodeURIComponent("/admin/auditions?status=new")}`);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("we_session=") || c.startsWith("we_device="))).toBe(false);
    const pending = setCookieHeader(response, "we_2fa_pending")!;
    expect(pending).toMatch(/HttpOnly/i);
    expect(pending).toMatch(/SameSite=Lax/i);
    expect(pending).toMatch(/Max-Age=300/);
    // The pending cookie opens no private page.
    const page = await fetch(`${server.baseURL}/admin`, { headers: { Cookie: cookieOf(response, "we_2fa_pending")! }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/adminLogin\?redirectTo=/);
    // The second step's page: a form with a `code` field for one-time codes.
    const html = await (await fetch(`${server.baseURL}${response.headers.get("location")}`, { headers: { Cookie: cookieOf(response, "we_2fa_pending")! } })).text();
    expect(html).toMatch(/<input[^>]*name="code"[^>]*>/);
    const field = /<input[^>]*name="code"[^>]*>/.exec(html)![0];
    expect(field).toMatch(/autocomplete="one-time-code"/i);
    expect(field).toMatch(/inputmode="numeric"/i);
  });

  it("a wrong code: a Korean message, no session", async () => {
    const pending = await passwordStep();
    const response = await post("/adminLogin/verify", form({ code: "000000" }), pending);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("인증 코드가 올바르지 않습니다.");
    expect(cookieOf(response, "we_session")).toBeUndefined();
  });

  it("the right code starts the session (the same as a password-only sign-in's) and leads back where the visitor was going", async () => {
    const pending = await passwordStep();
    const { response, code } = await verifyWithNextCode(pending);
    usedCode = code;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/auditions?status=new");
    const session = cookieOf(response, "we_session")!;
    expect(session).toBeDefined();
    expect(cookieOf(response, "we_device")).toBeDefined();
    expect(setCookieHeader(response, "we_2fa_pending")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await fetch(`${server.baseURL}/admin`, { headers: { Cookie: session }, redirect: "manual" })).status).toBe(200);
    // The pending cookie of a finished sign-in cannot start a second one.
    const again = await post("/adminLogin/verify", form({ code: "123456" }), pending);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toMatch(/^\/adminLogin\?again=too-many/);
  });

  it("a code already used is refused, with its own message and no session", async () => {
    const pending = await passwordStep();
    const response = await post("/adminLogin/verify", form({ code: usedCode }), pending);
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("이미 사용한 인증 코드입니다.");
    expect(cookieOf(response, "we_session")).toBeUndefined();
  });

  it("a code of two steps ago or ahead is refused", async () => {
    const pending = await passwordStep();
    const key = base32Decode(TEST_ADMIN.totpSecret)!;
    for (const step of [totpStep(Date.now()) + 3, totpStep(Date.now()) - 3]) {
      const response = await post("/adminLogin/verify", form({ code: hotp(key, step) }), pending);
      expect(response.status).toBe(401);
      expect(cookieOf(response, "we_session")).toBeUndefined();
    }
  });

  it("five wrong codes end the pending step: back to the password, with a message", async () => {
    const pending = await passwordStep();
    for (let i = 0; i < 5; i++) expect((await post("/adminLogin/verify", form({ code: "99999" + i }), pending)).status).toBe(401);
    const sixth = await post("/adminLogin/verify", form({ code: "999990" }), pending);
    expect(sixth.status).toBe(302);
    expect(sixth.headers.get("location")).toMatch(/^\/adminLogin\?again=too-many/);
    expect(cookieOf(sixth, "we_session")).toBeUndefined();
    const page = await (await fetch(`${server.baseURL}${sixth.headers.get("location")}`)).text();
    expect(page).toContain("인증 코드가 여러 번 틀려 로그인을 처음부터 다시 해야 합니다.");
  });

  it("an expired pending step sends back to the password step with a message", async () => {
    const expired = (await issuePendingCookie(TEST_SESSION_SECRET, { staffId: 1, account: TEST_ADMIN.id, ip: "198.51.100.1", charged: ["address"] }, false, Date.now() - 6 * 60 * 1000)).split(";")[0]!;
    const page = await fetch(`${server.baseURL}/adminLogin/verify`, { headers: { Cookie: expired }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/adminLogin\?again=expired/);
    const response = await post("/adminLogin/verify", form({ code: "123456" }), expired);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/adminLogin\?again=expired/);
    expect(await (await fetch(`${server.baseURL}${response.headers.get("location")}`)).text()).toContain("인증 시간이 지났습니다.");
  });

  it("a forged pending cookie, or one naming another account, is refused", async () => {
    const forged = `we_2fa_pending=${Buffer.from(JSON.stringify({ staffId: 1, account: "admin", attempt: "x".repeat(22), expiresAt: Date.now() + 60_000 })).toString("base64")}.forged`;
    const foreign = (await issuePendingCookie("another-server-secret-0123456789abcdef", { staffId: 1, account: TEST_ADMIN.id, ip: "198.51.100.1", charged: ["address"] }, false, Date.now())).split(";")[0]!;
    const ghost = (await issuePendingCookie(TEST_SESSION_SECRET, { staffId: 999, account: "ghost", ip: "198.51.100.1", charged: ["address"] }, false, Date.now())).split(";")[0]!;
    const renamed = (await issuePendingCookie(TEST_SESSION_SECRET, { staffId: 1, account: "someone-else", ip: "198.51.100.1", charged: ["address"] }, false, Date.now())).split(";")[0]!;
    const key = base32Decode(TEST_ADMIN.totpSecret)!;
    for (const cookie of [forged, foreign, ghost, renamed]) {
      const response = await post("/adminLogin/verify", form({ code: hotp(key, totpStep(Date.now()) + 1) }), cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/adminLogin\?again=missing/);
      expect(cookieOf(response, "we_session")).toBeUndefined();
    }
  });

  it("a recovery code works once instead of a code; the same one is refused the second time", async () => {
    // New recovery codes from the security page (it needs a current code), as the owner would get them.
    const session = await (async () => {
      const { response } = await verifyWithNextCode(await passwordStep());
      return cookieOf(response, "we_session")!;
    })();
    let page = "";
    await withTotpCode(server.baseURL, TEST_ADMIN, async (code) => {
      const response = await post("/admin/account/security", form({ intent: "regenerate", code }), session);
      page = await response.text();
      return response.status === 200 ? "accepted" : page.includes("이미 사용한") ? "replayed" : "wrong";
    });
    const codes = [...page.matchAll(/<code>([2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{2})<\/code>/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const first = await post("/adminLogin/verify", form({ code: codes[3]!.toUpperCase() }), await passwordStep());
    expect(first.status).toBe(302);
    expect(cookieOf(first, "we_session")).toBeDefined();
    const second = await post("/adminLogin/verify", form({ code: codes[3]! }), await passwordStep());
    expect(second.status).toBe(401);
    expect(await second.text()).toContain("인증 코드가 올바르지 않습니다.");
    expect(cookieOf(second, "we_session")).toBeUndefined();
    // The activity log has the sign-ins and the failures.
    const audit = await (await fetch(`${server.baseURL}/admin/audit`, { headers: { Cookie: cookieOf(first, "we_session")! } })).text();
    expect(audit).toContain("2단계 인증 실패");
    expect(audit).toContain("복구 코드 새로 받기");
  });
});

describe(`an account without a second factor is sent to enroll (${testEngine()})`, () => {
  // No ADMIN_TOTP_SECRET: the account has a password only, and a second factor is required.
  const server = useAppServer({ beforeAll, afterAll }, { env: { ADMIN_TOTP_SECRET: "" } });
  let session = "";

  it("the password signs in (there is no second step yet), and every private page leads to the security page", async () => {
    const response = await fetch(`${server.baseURL}/adminLogin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp() },
      body: form({ id: TEST_ADMIN.id, password: TEST_ADMIN.password }),
      redirect: "manual",
    });
    session = cookieOf(response, "we_session")!;
    expect(session).toBeDefined();
    for (const path of ["/admin", "/admin/auditions", "/adminNewsWrite", "/admin/settings"]) {
      const page = await fetch(`${server.baseURL}${path}`, { headers: { Cookie: session }, redirect: "manual" });
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location")).toBe("/admin/account/security");
    }
    const write = await fetch(`${server.baseURL}/admin/settings`, { method: "POST", headers: { Cookie: session, Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" }, body: "x=1", redirect: "manual" });
    expect(write.status).toBe(403);
    expect(await write.text()).toContain("2단계 인증을 먼저 설정해야 합니다.");
    const file = await fetch(`${server.baseURL}/admin/media.json`, { headers: { Cookie: session }, redirect: "manual" });
    expect(file.status).toBe(403);
  });

  it("the security page shows the otpauth URI, a QR code and the secret; a code from it turns TOTP on and shows ten recovery codes; then the workspace opens", async () => {
    const page = await (await fetch(`${server.baseURL}/admin/account/security`, { headers: { Cookie: session } })).text();
    expect(page).toContain("<svg");
    const uri = /otpauth:\/\/totp\/WE%20ENTERTAINMENT:admin\?issuer=WE%20ENTERTAINMENT&amp;secret=([A-Z2-7]+)&amp;/.exec(page);
    expect(uri).not.toBeNull();
    const secret = uri![1]!;
    expect(page.replace(/<!-- -->/g, "")).toContain(secret.match(/.{1,4}/g)!.join(" "));
    // The same secret on a reload (a phone may scan it a minute later).
    expect(await (await fetch(`${server.baseURL}/admin/account/security`, { headers: { Cookie: session } })).text()).toContain(secret);

    const wrong = await fetch(`${server.baseURL}/admin/account/security`, { method: "POST", headers: { Cookie: session, Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" }, body: form({ intent: "confirm", code: "000000" }) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("인증 코드가 올바르지 않습니다.");

    const confirm = await fetch(`${server.baseURL}/admin/account/security`, {
      method: "POST",
      headers: { Cookie: session, Origin: server.baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: form({ intent: "confirm", code: hotp(base32Decode(secret)!, totpStep(Date.now())) }),
    });
    expect(confirm.status).toBe(200);
    const confirmed = await confirm.text();
    expect(confirmed).toContain("2단계 인증을 켰습니다.");
    expect([...confirmed.matchAll(/<code>[2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{2}<\/code>/g)]).toHaveLength(10);
    expect((await fetch(`${server.baseURL}/admin`, { headers: { Cookie: session }, redirect: "manual" })).status).toBe(200);
    // From now on the password alone starts no session.
    const next = await fetch(`${server.baseURL}/adminLogin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp() },
      body: form({ id: TEST_ADMIN.id, password: TEST_ADMIN.password }),
      redirect: "manual",
    });
    expect(next.headers.get("location")).toMatch(/^\/adminLogin\/verify/);
    expect(cookieOf(next, "we_session")).toBeUndefined();
  });
});
