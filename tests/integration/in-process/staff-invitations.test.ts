import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers, auditLog, staffAccessChanges } from "../../../drizzle/schema";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import { hashPassword } from "../../../app/server/auth/passwords.server";
import { base32Decode, hotp, totpStep } from "../../../app/server/auth/totp.server";
import { inviteStaff } from "../../../app/server/staff/staff-invitations.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie, uniqueClientIp } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * The invitation link's form over HTTP (decisions 040 and 041, amended 2026-11-29): the link is looked
 * up before a password is hashed, so made-up links cost no argon2id; the form's posts are limited per
 * client address; an invited account whose role reaches applicants' data enrolls its authenticator app
 * in the invitation itself (one link, one sitting), and one without a second factor never gets in with
 * its password alone: an owner's setup link brings it in the same way.
 */
describe(`staff invitations over HTTP (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;

  beforeAll(async () => {
    // X-Forwarded-For from loopback is the client's address: each test speaks from addresses of its own.
    app = await startInProcessApp("invitations", { TRUST_PROXY: "loopback" });
    ({ runtime, baseURL } = app);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  const system = { staffId: null, via: "system", label: "test" } as const;
  const invite = async (displayName: string, email: string, role: "owner" | "editor" | "casting" | "viewer") => {
    const invited = await inviteStaff(runtime, system, { displayName, email, role });
    if (!invited.ok) throw new Error(invited.message);
    return invited.link;
  };
  const submit = (path: string, fields: Record<string, string>, ip: string) =>
    fetch(baseURL + path, { method: "POST", headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip }, body: new URLSearchParams(fields), redirect: "manual" });
  /** argon2id hashes computed so far by this process (the runtime's `argon2_operations_total`). */
  const argon2Hashes = async () => {
    const metric = await runtime.metrics.registry.getSingleMetric("argon2_operations_total")!.get();
    return metric.values.find((value) => value.labels.operation === "hash")?.value ?? 0;
  };

  it("made-up links are answered without a password hash, and one address's posts get 429 with Retry-After after 10, the typed id kept", async () => {
    const ip = uniqueClientIp();
    const before = await argon2Hashes();
    const fields = { loginId: "guesser", password: "made-up-password-1", passwordConfirm: "made-up-password-1" };
    for (let i = 0; i < 10; i++) {
      const token = Buffer.from(`made-up-invitation-${i}`.padEnd(32, "x")).toString("base64url");
      const answer = await submit(`/adminInvite/${token}`, fields, ip);
      expect(answer.status, `post ${i + 1}`).toBe(410);
      expect(await answer.text()).toContain("초대 링크를 쓸 수 없습니다");
    }
    expect(await argon2Hashes(), "no argon2id hash for a link never issued").toBe(before);

    const link = await invite("제한 확인", "limit@example.com", "editor");
    const limited = await submit(link, { ...fields, loginId: "limited-id" }, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    const html = await limited.text();
    expect(html).toContain("이 네트워크에서 보낸 요청이 너무 많습니다.");
    expect(html, "the typed id is kept").toContain('value="limited-id"');
    expect(html, "the password is not sent back").not.toContain("made-up-password-1");
    expect(await argon2Hashes()).toBe(before);

    // Another address is not limited: the same link makes the account (one hash).
    const accepted = await submit(link, { ...fields, loginId: "limited-id" }, uniqueClientIp());
    expect(accepted.status).toBe(302);
    expect(await argon2Hashes()).toBe(before + 1);
  });

  /** The secret the link's page enrolls (from its otpauth URI), and the code of the current step. */
  const enrollmentOf = (html: string) => {
    const secret = /otpauth:\/\/totp\/WE%20ENTERTAINMENT:[^?]+\?issuer=WE%20ENTERTAINMENT&amp;secret=([A-Z2-7]+)&amp;/.exec(html)?.[1];
    if (!secret) throw new Error("no otpauth URI on the page");
    return { secret, code: () => hotp(base32Decode(secret)!, totpStep(Date.now())) };
  };
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))
      ?.split(";")[0];
  const recoveryCodesIn = (html: string) => [...html.matchAll(/<code>([2-9a-z]{4}-[2-9a-z]{4}-[2-9a-z]{2})<\/code>/g)].map((m) => m[1]);
  const signInWithPassword = (id: string, password: string) => submit("/adminLogin", { id, password }, uniqueClientIp());

  it("a casting reviewer's invitation, in one sitting: password, the QR code, a code, the recovery codes, signed in; the password alone never opens the account", async () => {
    const link = await invite("한캐스팅", "casting.han@example.com", "casting");
    const page = await fetch(baseURL + link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("한캐스팅님, 캐스팅 담당으로 초대되었습니다.");
    expect(html, "the QR code is drawn on the server").toContain("<svg");
    expect(html).toContain("otpauth://totp/WE%20ENTERTAINMENT:casting.han%40example.com?issuer=WE%20ENTERTAINMENT&amp;secret=");
    const { secret, code } = enrollmentOf(html);
    expect(enrollmentOf(await (await fetch(baseURL + link)).text()).secret, "the same secret on a reload").toBe(secret);

    const ip = uniqueClientIp();
    const fields = { loginId: "Han.Casting", password: "casting-password-1", passwordConfirm: "casting-password-1" };
    const hashes = await argon2Hashes();
    const withoutCode = await submit(link, { ...fields, code: "" }, ip);
    expect(withoutCode.status).toBe(400);
    const refusedHtml = await withoutCode.text();
    expect(refusedHtml).toContain("인증 앱에 표시된 6자리 코드를 입력해 주세요.");
    expect(refusedHtml, "the typed id is kept").toContain('value="Han.Casting"');
    expect(refusedHtml, "the same QR code").toContain(secret);
    const wrong = await submit(link, { ...fields, code: code() === "000000" ? "111111" : "000000" }, ip);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("인증 코드가 올바르지 않습니다.");
    expect(await argon2Hashes(), "nothing was hashed for a refused form").toBe(hashes);
    expect(await runtime.db.select().from(staffUsers).where(eq(staffUsers.loginId, "han.casting"))).toEqual([]);

    const accepted = await submit(link, { ...fields, code: code() }, ip);
    expect(accepted.status).toBe(200);
    const acceptedHtml = await accepted.text();
    expect(acceptedHtml).toContain("계정을 만들었습니다");
    expect(recoveryCodesIn(acceptedHtml)).toHaveLength(10);
    const session = cookieOf(accepted, "we_session")!;
    expect(session, "signed in by the invitation itself").toBeDefined();
    expect((await fetch(`${baseURL}/admin/auditions`, { headers: { Cookie: session }, redirect: "manual" })).status).toBe(200);
    const [account] = await runtime.db.select().from(staffUsers).where(eq(staffUsers.loginId, "han.casting"));
    expect(account).toMatchObject({ role: "casting", selfEnrollment: false });
    expect(account!.totpEnabledAt).toBeInstanceOf(Date);
    const [created] = await runtime.db.select().from(staffAccessChanges).where(and(eq(staffAccessChanges.subjectId, account!.id), eq(staffAccessChanges.action, "account-created")));
    expect(created?.details).toMatchObject({ role: "casting", secondFactor: true });

    // The link is used; from now on the password leads to the second step, never to a session.
    expect((await fetch(baseURL + link)).status).toBe(404);
    const later = await signInWithPassword("han.casting", "casting-password-1");
    expect(later.status).toBe(302);
    expect(later.headers.get("location")).toMatch(/^\/adminLogin\/verify/);
    expect(cookieOf(later, "we_session")).toBeUndefined();
  });

  it("an invited casting account without a second factor (accepted before enrollment came with the invitation) gets no session from its password; the owner's setup link brings it in", async () => {
    await runtime.db.insert(staffUsers).values({ loginId: "old-casting", passwordHash: await hashPassword("old-casting-password"), role: "casting", displayName: "옛캐스팅", email: "old.casting@example.com" });
    const [account] = await runtime.db.select().from(staffUsers).where(eq(staffUsers.loginId, "old-casting"));

    const refused = await signInWithPassword("old-casting", "old-casting-password");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("이 계정은 2단계 인증을 아직 설정하지 않아 비밀번호만으로는 로그인할 수 없습니다. 대표 관리자에게 2단계 인증 설정 링크를 요청해 주세요.");
    expect(cookieOf(refused, "we_session"), "no session").toBeUndefined();
    const [entry] = await runtime.db.select().from(auditLog).where(and(eq(auditLog.action, "sign-in-refused"), eq(auditLog.entityId, String(account!.id))));
    expect(entry?.details).toMatchObject({ reason: "second-factor-not-set-up" });
    // The typical thief's next request: the applicants' list, with whatever the sign-in answered.
    const auditions = await fetch(`${baseURL}/admin/auditions`, { headers: { Cookie: refused.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") }, redirect: "manual" });
    expect(auditions.status).toBe(302);
    expect(auditions.headers.get("location")).toMatch(/^\/adminLogin\?redirectTo=/);

    // The owner's staff page says so, and makes a setup link (shown once: no mail server here).
    const owner = await signInCookie(baseURL);
    const staffPage = await (await fetch(`${baseURL}/admin/staff`, { headers: { Cookie: owner } })).text();
    expect(staffPage).toContain("2단계 인증 없음 · 설정 링크 필요");
    const issued = await fetch(`${baseURL}/admin/staff`, {
      method: "POST",
      headers: { Cookie: owner, Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "setup-link", id: String(account!.id) }),
    });
    expect(issued.status).toBe(200);
    const issuedHtml = await issued.text();
    expect(issuedHtml).toContain("메일 서버가 설정되어 있지 않아 2단계 인증 설정 링크를 보내지 않았습니다. 아래 링크를 옛캐스팅님(old.casting@example.com)에게 직접 전해 주세요.");
    const link = new URL(/(http:\/\/127\.0\.0\.1:\d+\/adminInvite\/[A-Za-z0-9_-]{43})/.exec(issuedHtml)![1]!).pathname;

    const page = await (await fetch(baseURL + link)).text();
    expect(page).toContain("옛캐스팅님(old-casting), 새 비밀번호를 정하고 휴대폰 인증 앱을 등록하면 바로 로그인됩니다.");
    expect(page, "the login id stays: no field for it").not.toContain('name="loginId"');
    const { code } = enrollmentOf(page);
    const ip = uniqueClientIp();
    const noCode = await submit(link, { password: "new-casting-password", passwordConfirm: "new-casting-password", code: "" }, ip);
    expect(noCode.status, "a setup link always enrolls").toBe(400);
    const accepted = await submit(link, { password: "new-casting-password", passwordConfirm: "new-casting-password", code: code() }, ip);
    expect(accepted.status).toBe(200);
    const acceptedHtml = await accepted.text();
    expect(acceptedHtml).toContain("2단계 인증을 설정했습니다");
    expect(recoveryCodesIn(acceptedHtml)).toHaveLength(10);
    expect((await fetch(`${baseURL}/admin/auditions`, { headers: { Cookie: cookieOf(accepted, "we_session")! } })).status).toBe(200);
    expect((await signInWithPassword("old-casting", "old-casting-password")).status, "the old password is gone").toBe(401);
    expect((await signInWithPassword("old-casting", "new-casting-password")).headers.get("location")).toMatch(/^\/adminLogin\/verify/);
    const changes = (await runtime.db.select().from(staffAccessChanges).where(eq(staffAccessChanges.subjectId, account!.id))).map((c) => c.action);
    expect(changes).toEqual(["setup-link", "second-factor-set-up"]);
  });
});
