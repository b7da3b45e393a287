import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers, sessions, staffAccessChanges } from "../../../drizzle/schema";
import { setAdminCredential } from "../../../app/server/auth/admin-credential.server";
import { provisionTotpSecret } from "../../../app/server/auth/second-factor.server";
import { runDueJobs } from "../../../app/server/jobs/scheduler.server";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import { acceptInvitation, readInvitation } from "../../../app/server/staff/staff-invitation-acceptance.server";
import { INVITATION_VALID_MS, inviteStaff } from "../../../app/server/staff/staff-invitations.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie, TEST_ADMIN, TEST_TOTP_SECRET } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * Staff accounts (안전성 확보조치 기준 Art. 5): an owner invites a person with a one-time link valid 72 hours,
 * the person sets a login id and password, owners change roles, deactivate and remove accounts (sessions
 * end at once), the last owner stays, and every grant and change is recorded apart.
 */
describe(`staff accounts (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;
  let owner: string;

  beforeAll(async () => {
    app = await startInProcessApp("staff");
    ({ runtime, baseURL } = app);
    owner = await signInCookie(baseURL);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  const post = (cookie: string, path: string, fields: Record<string, string>) =>
    fetch(baseURL + path, { method: "POST", headers: { Cookie: cookie, Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields), redirect: "manual" });
  const accountOf = async (loginId: string) => (await runtime.db.select().from(staffUsers).where(eq(staffUsers.loginId, loginId)))[0];
  const changes = async () => (await runtime.db.select().from(staffAccessChanges).orderBy(staffAccessChanges.id)).map((c) => ({ action: c.action, actor: c.actorLabel, subject: c.subjectLabel, details: c.details }));

  it("the existing administrator is the first owner", async () => {
    expect((await accountOf(TEST_ADMIN.id))?.role).toBe("owner");
  });

  it("an owner invites an editor without a mail server: the link is shown once, works once, and the editor signs in with the editor's rights", async () => {
    const page = await post(owner, "/admin/staff", { intent: "invite", displayName: "김민지", email: "Minji.Kim@Example.com", role: "editor" });
    expect(page.status).toBe(200);
    const html = await page.text();
    const link = /(http:\/\/127\.0\.0\.1:\d+\/adminInvite\/[A-Za-z0-9_-]{43})/.exec(html)?.[1];
    expect(link, "the invitation link is on the page").toBeTruthy();
    expect(html).toContain("메일 서버가 설정되어 있지 않아");

    const invitePage = await fetch(link!);
    expect(invitePage.status).toBe(200);
    expect(invitePage.headers.get("cache-control")).toMatch(/no-store/);
    expect(await invitePage.text()).toContain("김민지님, 콘텐츠 담당으로 초대되었습니다.");

    const weak = await fetch(link!, { method: "POST", headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ loginId: "Minji", password: "short", passwordConfirm: "short" }), redirect: "manual" });
    expect(weak.status).toBe(400);
    const weakHtml = await weak.text();
    expect(weakHtml).toContain("비밀번호는 10자 이상으로 입력해 주세요.");
    expect(weakHtml, "the typed id is kept").toContain('value="Minji"');

    // An editor does not reach applicants' data: the authenticator app is offered, and may wait.
    const accept = await fetch(link!, { method: "POST", headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ loginId: "Minji", password: "editor-password-1", passwordConfirm: "editor-password-1", code: "" }), redirect: "manual" });
    expect(accept.status).toBe(302);
    expect(accept.headers.get("location")).toBe("/admin");
    const signedIn = accept.headers.getSetCookie().find((c) => c.startsWith("we_session="))!.split(";")[0]!;
    expect((await fetch(`${baseURL}/admin/artists`, { headers: { Cookie: signedIn } })).status).toBe(200);
    const account = await accountOf("minji");
    expect(account).toMatchObject({ role: "editor", displayName: "김민지", email: "minji.kim@example.com" });

    // Once only.
    const again = await fetch(link!);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("초대 링크를 쓸 수 없습니다");

    const editor = await signInCookie(baseURL, { id: "minji", password: "editor-password-1" });
    expect((await fetch(`${baseURL}/admin/artists`, { headers: { Cookie: editor } })).status).toBe(200);
    expect((await fetch(`${baseURL}/admin/staff`, { headers: { Cookie: editor } })).status).toBe(403);
    expect((await fetch(`${baseURL}/admin/auditions`, { headers: { Cookie: editor } })).status).toBe(403);
    expect((await accountOf("minji"))?.lastSignInAt).toBeInstanceOf(Date);

    expect(await changes()).toEqual([
      { action: "invited", actor: TEST_ADMIN.id, subject: "김민지 <minji.kim@example.com>", details: expect.objectContaining({ role: "editor" }) },
      { action: "account-created", actor: "minji", subject: "김민지 (minji)", details: expect.objectContaining({ role: "editor" }) },
    ]);
  });

  it("an invitation is refused after 72 hours, and a link never issued is refused", async () => {
    const now = new Date();
    const invited = await inviteStaff(runtime, { staffId: null, via: "system", label: "test" }, { displayName: "박서준", email: "seojun@example.com", role: "casting" }, now);
    if (!invited.ok) throw new Error(invited.message);
    const token = invited.link.split("/").at(-1)!;
    const later = new Date(now.getTime() + INVITATION_VALID_MS + 1000);
    expect((await readInvitation(runtime.db, token, new Date(now.getTime() + INVITATION_VALID_MS - 1000))).state).toBe("valid");
    expect((await readInvitation(runtime.db, token, later)).state).toBe("invalid");
    const late = await acceptInvitation(runtime.db, runtime.sessionSecret, token, { loginId: "seojun", password: "casting-password-1", passwordConfirm: "casting-password-1", code: "" }, "", later);
    expect(late).toMatchObject({ ok: false, message: "링크가 만료되었거나 이미 사용되었습니다. 대표 관리자에게 새 링크를 요청해 주세요." });
    expect((await fetch(`${baseURL}/adminInvite/${"A".repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${baseURL}/adminInvite/not-a-token`)).status).toBe(404);
  });

  it("a role change applies at the next request; deactivation ends the sessions and the sign-in; reactivation restores it", async () => {
    const editor = await signInCookie(baseURL, { id: "minji", password: "editor-password-1" });
    const { id } = (await accountOf("minji"))!;
    expect((await post(owner, "/admin/staff", { intent: "role", id: String(id), role: "viewer" })).status).toBe(302);
    expect((await fetch(`${baseURL}/admin/artists`, { headers: { Cookie: editor } })).status).toBe(200);
    expect((await post(editor, "/adminActor", { name: "보기전용", intent: "save" })).status).toBe(403);

    expect((await post(owner, "/admin/staff", { intent: "deactivate", id: String(id) })).status).toBe(302);
    expect(await runtime.db.select().from(sessions).where(eq(sessions.staffId, id))).toEqual([]);
    expect((await fetch(`${baseURL}/admin/artists`, { headers: { Cookie: editor }, redirect: "manual" })).status).toBe(302);
    await expect(signInCookie(baseURL, { id: "minji", password: "editor-password-1" })).rejects.toThrow(/sign-in failed: 401/);

    expect((await post(owner, "/admin/staff", { intent: "reactivate", id: String(id) })).status).toBe(302);
    await signInCookie(baseURL, { id: "minji", password: "editor-password-1" });
    expect((await changes()).slice(-3).map((c) => c.action)).toEqual(["role-changed", "deactivated", "reactivated"]);
    expect((await changes()).find((c) => c.action === "role-changed")?.details).toEqual({ from: "editor", to: "viewer" });
  });

  it("the last owner can be neither demoted, deactivated nor removed; a second owner makes it possible", async () => {
    const { id: ownerId } = (await accountOf(TEST_ADMIN.id))!;
    for (const intent of ["deactivate", "remove"]) {
      const refused = await post(owner, "/admin/staff", { intent, id: String(ownerId) });
      expect(refused.status, intent).toBe(409);
    }
    const demote = await post(owner, "/admin/staff", { intent: "role", id: String(ownerId), role: "editor" });
    expect(demote.status).toBe(409);
    expect(await demote.text()).toContain("마지막 대표 관리자입니다.");
    expect((await accountOf(TEST_ADMIN.id))?.role).toBe("owner");

    const { id: minjiId } = (await accountOf("minji"))!;
    const [page, form] = [await signInCookie(baseURL, { id: "minji", password: "editor-password-1" }, baseURL, { fresh: true }), await signInCookie(baseURL, { id: "minji", password: "editor-password-1" }, baseURL, { fresh: true })];
    expect((await post(owner, "/admin/staff", { intent: "role", id: String(minjiId), role: "owner" })).status).toBe(302);
    // An owner reaches applicants' data: an invited account without a second factor enrolls through an
    // owner's link, never from a password-only session (decision 040, amended 2026-11-29). Its sessions end.
    const sent = await fetch(`${baseURL}/admin/account/security`, { headers: { Cookie: page }, redirect: "manual" });
    expect(sent.headers.get("location")).toBe("/adminLogin?again=setup-link&redirectTo=%2Fadmin%2Faccount%2Fsecurity");
    const login = await (await fetch(`${baseURL}${sent.headers.get("location")}`)).text();
    expect(login).toContain("대표 관리자에게 2단계 인증 설정 링크를 요청해 주세요.");
    const refused = await post(form, "/admin/staff", { intent: "role", id: String(ownerId), role: "casting" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("대표 관리자에게 2단계 인증 설정 링크를 요청해 주세요.");
    for (const ended of [page, form]) {
      expect((await fetch(`${baseURL}/admin`, { headers: { Cookie: ended }, redirect: "manual" })).headers.get("location"), "the session is gone").toBe("/adminLogin?redirectTo=%2Fadmin");
    }
    await expect(signInCookie(baseURL, { id: "minji", password: "editor-password-1" }, baseURL, { fresh: true })).rejects.toThrow(/sign-in failed: 403/);
    await provisionTotpSecret(runtime.db, runtime.sessionSecret, "minji", TEST_TOTP_SECRET);
    const minji = await signInCookie(baseURL, { id: "minji", password: "editor-password-1", totpSecret: TEST_TOTP_SECRET }, baseURL, { fresh: true });
    // Nobody removes their own account; another owner can.
    expect((await post(owner, "/admin/staff", { intent: "remove", id: String(ownerId) })).status).toBe(409);
    expect((await post(minji, "/admin/staff", { intent: "role", id: String(ownerId), role: "casting" })).status).toBe(302);
    expect((await accountOf(TEST_ADMIN.id))?.role).toBe("casting");
    // ADMIN_ID/ADMIN_PASSWORD (and npm run admin:password) bring the account back as an active owner.
    await setAdminCredential(runtime.db, TEST_ADMIN.id, TEST_ADMIN.password);
    expect((await accountOf(TEST_ADMIN.id))?.role).toBe("owner");
    owner = await signInCookie(baseURL);
    expect((await post(owner, "/admin/staff", { intent: "remove", id: String(minjiId) })).status).toBe(302);
    expect(await accountOf("minji")).toBeUndefined();
    const last = (await changes()).at(-1)!;
    expect(last).toMatchObject({ action: "removed", subject: "김민지 (minji)" });
    // The staff page lists what happened, in Korean.
    const html = await (await fetch(`${baseURL}/admin/staff`, { headers: { Cookie: owner } })).text();
    expect(html).toContain("계정 삭제");
    expect(html).toContain("역할 변경 (콘텐츠 담당 → 열람 전용)");
  });

  it("the scheduler's pass deletes grants and changes older than 3 years and keeps the rest", async () => {
    const now = new Date("2030-06-01T00:00:00Z");
    const day = 86_400_000;
    await runtime.db.insert(staffAccessChanges).values([
      { at: new Date(now.getTime() - (3 * 365 + 2) * day), actorLabel: "admin", subjectLabel: "오래된 기록", action: "invited" },
      { at: new Date(now.getTime() - 2 * 365 * day), actorLabel: "admin", subjectLabel: "남는 기록", action: "invited" },
    ]);
    const result = await runDueJobs(runtime, now);
    expect(result.oldAccessChanges).toBeGreaterThanOrEqual(1);
    const subjects = (await runtime.db.select().from(staffAccessChanges)).map((c) => c.subjectLabel);
    expect(subjects).not.toContain("오래된 기록");
    expect(subjects).toContain("남는 기록");
  });
});
