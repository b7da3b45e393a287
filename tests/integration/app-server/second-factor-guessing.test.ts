import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { base32Decode, hotp, totpStep } from "../../../app/server/auth/totp.server";
import { TEST_SESSION_SECRET } from "../../fixtures/audition-stamp";
import { pollUntil, TEST_ADMIN, useAppServer } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";
import { useSmtpServer } from "../../setup/smtp-server";
import { testEngine } from "../../setup/test-database";

/**
 * The review's attack over HTTP (decision 051): with the right password, a loop of "password, five wrong
 * codes, again" used to try codes without end (30 password steps and 150 codes in 6.6 s, never a 429).
 * Now the account's second step is refused after ten wrong codes, from one address or from twenty, the
 * agency hears of it by e-mail, and the owner who signs in after a smaller attack is told of it.
 * (The refusal's end and its growth are proven with the clock in hand in
 * tests/integration/in-process/second-factor-guessing.test.ts.)
 */

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))
    ?.split(";")[0];

/** A code the server cannot accept now (none of the three steps around the current one). */
function wrongCode(n: number): string {
  const key = base32Decode(TEST_ADMIN.totpSecret)!;
  const step = totpStep(Date.now());
  const valid = new Set([-2, -1, 0, 1, 2].map((offset) => hotp(key, step + offset)));
  for (let i = n; ; i++) {
    const candidate = String(100_000 + ((i * 7919) % 900_000));
    if (!valid.has(candidate)) return candidate;
  }
}

function useAttacker(baseURL: () => string) {
  const post = (path: string, body: URLSearchParams, ip: string, cookie?: string) =>
    fetch(`${baseURL()}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL(), "X-Forwarded-For": ip, ...(cookie ? { Cookie: cookie } : {}) },
      body,
      redirect: "manual",
    });
  /** Password, then up to `codes` wrong codes; the number of codes the server checked, and its first refusal, if any. */
  async function round(ip: string, codes: number, offset: number): Promise<{ checked: number; refused: Response | null }> {
    const password = await post("/adminLogin", form({ id: TEST_ADMIN.id, password: TEST_ADMIN.password }), ip);
    const pending = cookieOf(password, "we_2fa_pending");
    if (!pending) return { checked: 0, refused: password };
    await password.body?.cancel();
    for (let i = 0; i < codes; i++) {
      const response = await post("/adminLogin/verify", form({ code: wrongCode(offset + i) }), ip, pending);
      if (response.status !== 401) return { checked: i, refused: response };
      await response.body?.cancel();
    }
    return { checked: codes, refused: null };
  }
  /** The review's loop until the first refusal: how many codes were checked, and the refusal. */
  async function loop(addressOf: (round: number) => string): Promise<{ checked: number; refused: Response }> {
    let checked = 0;
    for (let r = 0; r < 20; r++) {
      const result = await round(addressOf(r), 5, checked);
      checked += result.checked;
      if (result.refused) return { checked, refused: result.refused };
    }
    throw new Error(`no refusal after ${checked} codes`);
  }
  return { post, round, loop };
}

describe(`guessing the second step with the password (one address; ${testEngine()})`, () => {
  const smtp = useSmtpServer({ beforeAll, afterAll });
  const server = useAppServer({ beforeAll, afterAll }, () => ({ env: { SESSION_SECRET: TEST_SESSION_SECRET, SMTP_URL: smtp.server.url } }));
  const attacker = useAttacker(() => server.baseURL);

  it("the owner who signs in after a smaller attack is told what happened, until they say they have read it", async () => {
    // Nine wrong codes from two addresses: below the refusal, so nobody is locked out.
    expect((await attacker.round("203.0.113.50", 5, 0)).refused).toBeNull();
    expect((await attacker.round("203.0.113.51", 4, 5)).refused).toBeNull();
    const session = await signInCookie(server.baseURL, TEST_ADMIN, server.baseURL, { fresh: true });
    const dashboard = await (await fetch(`${server.baseURL}/admin`, { headers: { Cookie: session } })).text();
    expect(dashboard).toContain("로그인 보안 알림");
    expect(dashboard).toContain("틀린 인증 코드가 9번 입력되었습니다");
    expect(dashboard).toContain("203.0.113.51, 203.0.113.50");
    const security = await (await fetch(`${server.baseURL}/admin/account/security`, { headers: { Cookie: session } })).text();
    expect(security).toContain("틀린 인증 코드가 9번 입력되었습니다");
    const dismissed = await attacker.post("/admin/account/security", form({ intent: "dismiss-notice" }), "192.0.2.1", session);
    expect(dismissed.status).toBe(200);
    expect(await dismissed.text()).toContain("로그인 보안 알림을 확인 처리했습니다.");
    expect(await (await fetch(`${server.baseURL}/admin`, { headers: { Cookie: session } })).text()).not.toContain("로그인 보안 알림");
    // What the notice asks for is there: 내 계정's password form (a wrong current password changes nothing).
    const change = await attacker.post("/admin/account", form({ intent: "change-password", current: "not it", next: "a brand new password", confirm: "a brand new password" }), "192.0.2.1", session);
    expect(change.status).toBe(400);
    expect(await change.text()).toContain("지금 쓰는 비밀번호가 올바르지 않습니다.");
  });

  it("the review's loop (password, five wrong codes, again) from one address is refused after ten codes, with Retry-After, and the agency is mailed", async () => {
    const { checked, refused } = await attacker.loop(() => "203.0.113.7");
    expect(checked).toBe(10);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(await refused.text()).toContain("이 계정의 2단계 인증을 잠시 막았습니다.");
    // The right password, from an address never seen: told the same, with no pending step to guess with.
    const again = await attacker.post("/adminLogin", form({ id: TEST_ADMIN.id, password: TEST_ADMIN.password }), "192.0.2.77");
    expect(again.status).toBe(429);
    expect(cookieOf(again, "we_2fa_pending")).toBeUndefined();
    expect(await again.text()).toContain("2단계 인증을 잠시 막았습니다.");
    // The first owner has no address of their own: the agency's main address hears of it.
    await pollUntil(() => smtp.server.received.some((m) => m.subject.includes("2단계 인증을 막았습니다")), { timeoutMs: 20_000, what: () => "the lock notice" });
    const mail = smtp.server.received.find((m) => m.subject.includes("2단계 인증을 막았습니다"))!;
    expect(mail.subject).toBe("[WE ENTERTAINMENT] ‘admin’ 계정의 2단계 인증을 막았습니다");
    expect(mail.text).toContain("203.0.113.7");
  });
});

describe(`guessing the second step with the password (twenty addresses; ${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { env: { SESSION_SECRET: TEST_SESSION_SECRET } });
  const attacker = useAttacker(() => server.baseURL);

  it("is refused after ten codes just the same, long before a hundred", async () => {
    const { checked, refused } = await attacker.loop((r) => `198.51.100.${(r % 20) + 1}`);
    expect(checked).toBe(10);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("이 계정의 2단계 인증을 잠시 막았습니다.");
  });
});
