import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "../fixtures";
import { passSecondStep, TEST_ADMIN, uniqueClientIp } from "./admin-helpers";

test("a wrong password shows the mismatch message and keeps the id; the right one and the authenticator's code sign in", async ({ page, baseURL }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "관리자 로그인" }).click();
  await expect(page).toHaveURL(/\/adminLogin$/);
  await page.getByLabel("아이디").fill(TEST_ADMIN.id);
  await page.getByLabel("비밀번호").fill("not-the-password");
  await page.getByRole("button", { name: "로그인" }).click();
  await expect(page.getByRole("alert")).toHaveText("아이디 또는 비밀번호가 일치하지 않습니다.");
  await expect(page.getByLabel("아이디")).toHaveValue(TEST_ADMIN.id);
  await expect(page.getByLabel("비밀번호")).toHaveValue("");

  await page.getByLabel("비밀번호").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "로그인" }).click();
  // The password is right: no session yet, the second step asks for the authenticator's code (decision 040).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2단계 인증");
  expect((await page.context().cookies()).find((c) => c.name === "we_session")).toBeUndefined();
  await page.getByLabel("인증 코드").fill("000000");
  await page.getByRole("button", { name: "확인", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("인증 코드가 올바르지 않습니다.");
  expect((await page.context().cookies()).find((c) => c.name === "we_session")).toBeUndefined();
  await passSecondStep(page, baseURL!);
  // Signed in, the administrator lands on the workspace's overview.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("개요");
  await expect(page.getByRole("status").filter({ hasText: /^로그인했습니다\./ })).toBeVisible();
  // Focus starts at the page's heading, not the body (decision 044).
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  // The workspace's own header (decision 064): the person, their role and sign-out.
  await expect(page.getByRole("banner").getByRole("button", { name: "로그아웃", exact: true })).toBeVisible();
  // Admin state comes from the server session, not from localStorage.
  expect(await page.evaluate(() => [localStorage.getItem("id"), localStorage.getItem("isLoggedIn")])).toEqual([null, null]);
  const cookie = (await page.context().cookies()).find((c) => c.name === "we_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  // The footer icon now says the admin is already signed in.
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "관리자 로그인" }).click();
  await expect(page.getByRole("contentinfo").getByRole("status")).toHaveText("이미 관리자로 로그인되어 있습니다.");
  await expect(page).toHaveURL(/\/$/);
});

test.describe("signed in", () => {
  // A session of its own: this test ends it.
  test.use({ signedIn: "fresh" });

  test("signing out ends the session on the server: the old cookie no longer works", async ({ page, baseURL }) => {
    const cookie = (await page.context().cookies()).find((c) => c.name === "we_session")!;
    await page.goto("/company");
    await page.getByRole("button", { name: "관리자 로그아웃" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "관리자 로그아웃" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "로그아웃했습니다." })).toBeVisible();

    // Replaying the old cookie: pages send it to the sign-in page, the API answers 401.
    const replay = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: `we_session=${cookie.value}` } });
    const editor = await replay.get("/adminNewsWrite", { maxRedirects: 0 });
    expect(editor.status()).toBe(302);
    expect(editor.headers()["location"]).toMatch(/^\/adminLogin\?redirectTo=/);
    const upload = await replay.post("/api/img", { multipart: { image: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } }, headers: { Origin: baseURL! } });
    expect(upload.status()).toBe(401);
    expect((await upload.json()).error.message).toBe("로그인이 필요합니다.");
    await replay.dispose();
  });
});

test("failed sign-ins are throttled per client address: 429 with a Korean message, other addresses unaffected", async ({ baseURL }) => {
  const attacker = uniqueClientIp();
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": attacker, Origin: baseURL! } });
  for (let i = 0; i < 5; i++) {
    const response = await api.post("/adminLogin", { form: { id: `guess${i}`, password: "wrong" }, maxRedirects: 0 });
    expect(response.status()).toBe(401);
  }
  const blocked = await api.post("/adminLogin", { form: { id: TEST_ADMIN.id, password: TEST_ADMIN.password }, maxRedirects: 0 });
  expect(blocked.status()).toBe(429);
  expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await blocked.text()).toContain("로그인 시도가 너무 많습니다.");

  const other = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp(), Origin: baseURL! } });
  const fine = await other.post("/adminLogin", { form: { id: TEST_ADMIN.id, password: TEST_ADMIN.password }, maxRedirects: 0 });
  expect(fine.status()).toBe(302);
  expect(fine.headers()["location"]).toMatch(/^\/adminLogin\/verify/);
  await api.dispose();
  await other.dispose();
});

test("per-account throttling cannot be dodged by changing the id's case or spacing", async ({ baseURL }) => {
  const variants = ["ghost", "GHOST", " Ghost", "gh ost", "ｇｈｏｓｔ", "GhOsT ", "ghost", "G H O S T", "ghosT", "gHost"];
  for (const id of variants) {
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp(), Origin: baseURL! } });
    expect((await api.post("/adminLogin", { form: { id, password: "wrong" }, maxRedirects: 0 })).status()).toBe(401);
    await api.dispose();
  }
  const fresh = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp(), Origin: baseURL! } });
  const blocked = await fresh.post("/adminLogin", { form: { id: "GHOST", password: "anything" }, maxRedirects: 0 });
  expect(blocked.status()).toBe(429);
  await fresh.dispose();
});
