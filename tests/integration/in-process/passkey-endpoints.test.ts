import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie, TEST_ADMIN, uniqueClientIp } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * The passkey endpoints refuse what is not a real ceremony (decision 040): no pending sign-in, an
 * account without passkeys, a forged assertion, a body that is not JSON; and registering needs the
 * session. Each refusal is JSON with a Korean message; none starts a session.
 */
describe(`passkey endpoints (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let baseURL: string;

  beforeAll(async () => {
    app = await startInProcessApp("passkeys");
    ({ baseURL } = app);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  async function pendingCookie(): Promise<string> {
    const response = await fetch(`${baseURL}/adminLogin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL, "X-Forwarded-For": uniqueClientIp() },
      body: new URLSearchParams({ id: TEST_ADMIN.id, password: TEST_ADMIN.password }),
      redirect: "manual",
    });
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("we_2fa_pending="));
    if (!cookie) throw new Error("no pending second step");
    return cookie.split(";")[0]!;
  }

  it("without a pending sign-in there are no options; an account without passkeys is told to use its code", async () => {
    const none = await fetch(`${baseURL}/adminLogin/verify/passkey`);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe("로그인 시간이 지났습니다. 처음부터 다시 로그인해 주세요.");
    const pending = await pendingCookie();
    const noPasskey = await fetch(`${baseURL}/adminLogin/verify/passkey`, { headers: { Cookie: pending } });
    expect(noPasskey.status).toBe(404);
    expect(((await noPasskey.json()) as { error: { code: string } }).error.code).toBe("no_passkey");
  });

  it("a forged assertion is refused without a session, and counts against the attempt; a body that is not JSON is refused", async () => {
    const pending = await pendingCookie();
    const forged = await fetch(`${baseURL}/adminLogin/verify/passkey`, {
      method: "POST",
      headers: { Cookie: pending, Origin: baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({ response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } }, redirectTo: "/admin" }),
    });
    expect(forged.status).toBe(401);
    expect(forged.headers.getSetCookie().some((c) => c.startsWith("we_session="))).toBe(false);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe("passkey_refused");
    const text = await fetch(`${baseURL}/adminLogin/verify/passkey`, { method: "POST", headers: { Cookie: pending, Origin: baseURL, "Content-Type": "text/plain" }, body: "{}" });
    expect(text.status).toBe(415);
    // Four more forged answers end the pending step (five wrong attempts), sending the browser back to the password.
    let last: Response | undefined;
    for (let i = 0; i < 5; i++) {
      last = await fetch(`${baseURL}/adminLogin/verify/passkey`, { method: "POST", headers: { Cookie: pending, Origin: baseURL, "Content-Type": "application/json" }, body: JSON.stringify({ response: { id: "AAAA" } }) });
    }
    const ended = (await last!.json()) as { location?: string };
    expect(ended.location).toMatch(/^\/adminLogin\?again=too-many/);
  });

  it("registering a passkey needs the session and the authenticator app turned on", async () => {
    const anonymous = await fetch(`${baseURL}/admin/account/security/passkey`, { method: "POST", headers: { Origin: baseURL, "Content-Type": "application/json" }, body: JSON.stringify({ step: "options" }) });
    expect(anonymous.status).toBe(401);
    const cookie = await signInCookie(baseURL);
    const options = await fetch(`${baseURL}/admin/account/security/passkey`, { method: "POST", headers: { Cookie: cookie, Origin: baseURL, "Content-Type": "application/json" }, body: JSON.stringify({ step: "options" }) });
    expect(options.status).toBe(200);
    const body = (await options.json()) as { rp: { id: string; name: string }; challenge: string; user: { name: string } };
    expect(body.rp).toEqual({ id: "127.0.0.1", name: "WE ENTERTAINMENT" });
    expect(body.user.name).toBe(TEST_ADMIN.id);
    expect(options.headers.getSetCookie().some((c) => c.startsWith("we_passkey_reg=") && /HttpOnly/i.test(c))).toBe(true);
    const refused = await fetch(`${baseURL}/admin/account/security/passkey`, { method: "POST", headers: { Cookie: cookie, Origin: baseURL, "Content-Type": "application/json" }, body: JSON.stringify({ step: "register", name: "가짜", response: { id: "x" } }) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/패스키 등록 시간이 지났습니다|패스키를 확인하지 못했습니다/);
  });
});
