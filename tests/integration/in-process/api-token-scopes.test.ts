import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers, apiTokens, auditLog, staffAccessChanges } from "../../../drizzle/schema";
import { hashPassword } from "../../../app/server/auth/passwords.server";
import { provisionTotpSecret } from "../../../app/server/auth/second-factor.server";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie, TEST_TOTP_SECRET } from "../../setup/sign-in";
import { createToken } from "../../setup/site-requests";
import { testEngine } from "../../setup/test-database";

/**
 * API tokens belong to an account and carry scopes and an expiry (안전성 확보조치 기준 Art. 5): a token
 * writes only within its scopes, stops when it expires, and is revoked for good when its account is
 * deactivated or loses the right to write content (reactivating or promoting it again brings none
 * back), and goes with the account.
 */
describe(`API tokens: owner, scopes, expiry (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;
  let owner: string;

  beforeAll(async () => {
    app = await startInProcessApp("tokens");
    ({ runtime, baseURL } = app);
    owner = await signInCookie(baseURL);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
  });

  const writeNews = (token: string) =>
    fetch(`${baseURL}/api/we/writenews`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify({ title: "토큰으로 쓴 글", content: "<p>본문</p>" }) });
  const upload = (token: string) => {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), "x.png");
    return fetch(`${baseURL}/api/img`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  };

  it("a token writes only within its scopes; the refusal names what is missing", async () => {
    const { token: mediaOnly } = await createToken({ baseURL }, owner, "이미지만", { scopes: "media" });
    const refused = await writeNews(mediaOnly);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toContain('error="insufficient_scope", scope="content"');
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({ code: "insufficient_scope", message: "이 토큰으로는 할 수 없는 일입니다. ‘콘텐츠 쓰기’ 권한이 있는 토큰을 써 주세요." });
    // Past the gate, the upload itself is judged (these bytes are no image): not a scope refusal.
    expect((await upload(mediaOnly)).status).toBe(415);

    const { token: contentOnly } = await createToken({ baseURL }, owner, "글만", { scopes: "content" });
    expect((await writeNews(contentOnly)).status).toBe(201);
    expect((await upload(contentOnly)).status).toBe(403);

    const page = await (await fetch(`${baseURL}/adminApiTokens`, { headers: { Cookie: owner } })).text();
    expect(page).toContain("이미지 올리기");
    expect(page).toContain("콘텐츠 쓰기");
  });

  it("a token stops when it expires", async () => {
    const { token } = await createToken({ baseURL }, owner, "30일 토큰", { lifetimeDays: "30" });
    expect((await writeNews(token)).status).toBe(201);
    const [row] = await runtime.db.select().from(apiTokens).where(eq(apiTokens.name, "30일 토큰"));
    const days = (row!.expiresAt!.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBe(30);
    await runtime.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, row!.id));
    const refused = await writeNews(token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("invalid_token");
    expect(await (await fetch(`${baseURL}/adminApiTokens`, { headers: { Cookie: owner } })).text()).toContain("만료됨");
  });

  it("a token acts for its account: deactivated or demoted below writing content, it is revoked for good; removed, it goes", async () => {
    await runtime.db.insert(staffUsers).values({ loginId: "token-editor", passwordHash: await hashPassword("token-editor-password"), role: "owner", displayName: "토큰 담당" });
    // An owner makes tokens; an owner has a second factor (decision 040).
    await provisionTotpSecret(runtime.db, runtime.sessionSecret, "token-editor", TEST_TOTP_SECRET);
    const editor = await signInCookie(baseURL, { id: "token-editor", password: "token-editor-password", totpSecret: TEST_TOTP_SECRET });
    const { token } = await createToken({ baseURL }, editor, "담당자 도구");
    expect((await writeNews(token)).status).toBe(201);
    const [account] = await runtime.db.select().from(staffUsers).where(eq(staffUsers.loginId, "token-editor"));
    const post = (fields: Record<string, string>) =>
      fetch(`${baseURL}/admin/staff`, { method: "POST", headers: { Cookie: owner, Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields), redirect: "manual" });
    const revocations = async (tokenName: string) => {
      const [row] = await runtime.db.select().from(apiTokens).where(eq(apiTokens.name, tokenName));
      const audit = await runtime.db.select().from(auditLog).where(and(eq(auditLog.entity, "api-token"), eq(auditLog.entityId, String(row!.id)), eq(auditLog.action, "revoke")));
      return { revokedAt: row!.revokedAt, audit: audit.map((entry) => ({ actor: entry.actorLabel, details: entry.details })), id: row!.id };
    };

    // Deactivated, then reactivated: the token stays refused; the deactivation names it.
    expect((await post({ intent: "deactivate", id: String(account!.id) })).status).toBe(302);
    expect((await writeNews(token)).status).toBe(401);
    expect((await post({ intent: "reactivate", id: String(account!.id) })).status).toBe(302);
    expect((await writeNews(token)).status).toBe(401);
    const first = await revocations("담당자 도구");
    expect(first.revokedAt).toBeInstanceOf(Date);
    expect(first.audit).toEqual([{ actor: "admin", details: expect.objectContaining({ reason: "deactivated" }) }]);
    const [deactivation] = await runtime.db.select().from(staffAccessChanges).where(and(eq(staffAccessChanges.subjectId, account!.id), eq(staffAccessChanges.action, "deactivated")));
    expect(deactivation?.details).toEqual({ revokedTokens: [first.id] });

    // A new token; the role lowered to one that writes no content, then raised again: refused still.
    const again = await signInCookie(baseURL, { id: "token-editor", password: "token-editor-password", totpSecret: TEST_TOTP_SECRET }, baseURL, { fresh: true });
    const { token: second } = await createToken({ baseURL }, again, "두 번째 도구");
    expect((await writeNews(second)).status).toBe(201);
    expect((await post({ intent: "role", id: String(account!.id), role: "viewer" })).status).toBe(302);
    expect((await writeNews(second)).status).toBe(401);
    expect((await post({ intent: "role", id: String(account!.id), role: "editor" })).status).toBe(302);
    expect((await writeNews(second)).status).toBe(401);
    expect((await revocations("두 번째 도구")).audit).toEqual([{ actor: "admin", details: expect.objectContaining({ reason: "role-changed" }) }]);
    const staffPage = await (await fetch(`${baseURL}/admin/staff`, { headers: { Cookie: owner } })).text();
    expect(staffPage).toContain("역할 변경 (대표 관리자 → 열람 전용, API 토큰 1개 폐기)");
    expect(staffPage).toContain("사용 중지 (API 토큰 1개 폐기)");

    // A role that still writes content keeps the tokens (owner → editor).
    expect((await post({ intent: "role", id: String(account!.id), role: "owner" })).status).toBe(302);
    const { token: third } = await createToken({ baseURL }, again, "세 번째 도구");
    expect((await post({ intent: "role", id: String(account!.id), role: "editor" })).status).toBe(302);
    expect((await writeNews(third)).status).toBe(201);
    expect((await post({ intent: "remove", id: String(account!.id) })).status).toBe(302);
    expect((await writeNews(token)).status).toBe(401);
    expect((await writeNews(third)).status).toBe(401);
    expect(await runtime.db.select().from(apiTokens).where(eq(apiTokens.staffId, account!.id))).toEqual([]);
  });
});
