import { totpCode } from "../../../app/server/auth/totp.server";
import { useAppServer } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";
import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { passSecondStep, TEST_ADMIN, uniqueName } from "./admin-helpers";

/**
 * Passkeys beside the authenticator app (decision 040), in Chromium with its virtual authenticator
 * (the DevTools protocol's WebAuthn domain). WebAuthn takes a host name, not an IP address, as the
 * site: the story runs on `localhost`, on a server of its own without PUBLIC_ORIGIN (the shared one
 * names 127.0.0.1 as its origin, so a form from `localhost` would be another site's). Without
 * PUBLIC_ORIGIN it cannot say it is deployed (decision 053): no trusted proxy, so every request comes
 * from 127.0.0.1 (within the sign-in throttle's 5 an address: the browsers' device cookies count apart).
 */
test.describe.configure({ timeout: 180_000 });
const own = useAppServer(test, { engine: "embedded", env: { PUBLIC_ORIGIN: "", TRUST_PROXY: "" } });

test("the administrator registers a passkey, signs in with it instead of a code, and removes it", async ({ page }) => {
  const baseURL = own.baseURL;
  const origin = baseURL.replace("127.0.0.1", "localhost");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  const signInWithPassword = async () => {
    await page.goto(`${origin}/adminLogin`);
    await page.getByLabel("아이디").fill(TEST_ADMIN.id);
    await page.getByLabel("비밀번호").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "로그인" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2단계 인증");
  };

  await signInWithPassword();
  // No passkey yet: the code form only.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  await expect(page.getByRole("button", { name: "패스키로 인증" })).toHaveCount(0);
  await passSecondStep(page, baseURL);

  await page.goto(`${origin}/admin/account/security`);
  const name = uniqueName("테스트 키 ");
  await page.getByLabel("새 패스키 이름").fill(name);
  await page.getByRole("button", { name: "패스키 추가" }).click();
  await expect(page.getByRole("status").filter({ hasText: "패스키를 등록했습니다." })).toBeVisible();
  const list = page.locator(".security-passkeys");
  await expect(list).toContainText(name);
  await expect(list).toContainText("아직 쓰지 않음");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect.soft(await axeViolations(page), `the security page with a passkey at ${width}px`).toEqual([]);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "로그아웃", exact: true }).click();
  await signInWithPassword();
  await page.getByRole("button", { name: "패스키로 인증" }).click();
  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByRole("status").filter({ hasText: /^로그인했습니다\./ })).toBeVisible();

  await page.goto(`${origin}/admin/account/security`);
  await expect(list).toContainText("마지막 사용");
  await page.getByRole("button", { name: `${name} 패스키 지우기` }).click();
  await expect(page.getByRole("status").filter({ hasText: "패스키를 지웠습니다." })).toBeVisible();
  await expect(page.getByText("등록한 패스키가 없습니다.")).toBeVisible();
});

test("an invited editor enrolls the authenticator app and a passkey, signs in with the passkey and sees only the content", async ({ browser }) => {
  const baseURL = own.baseURL;
  const origin = baseURL.replace("127.0.0.1", "localhost");
  // The owner invites (over HTTP, as the staff page's form does).
  const owner = await signInCookie(baseURL);
  const loginId = `editor-${Date.now().toString(36)}`;
  const invited = await fetch(`${baseURL}/admin/staff`, {
    method: "POST",
    headers: { Cookie: owner, Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "invite", displayName: "콘텐츠 편집자", email: `${loginId}@example.com`, role: "editor" }),
  });
  const token = /\/adminInvite\/([A-Za-z0-9_-]{43})/.exec(await invited.text())?.[1];
  expect(token, "the invitation link").toBeTruthy();

  const editor = await browser.newContext({ baseURL: origin });
  const tab = await editor.newPage();
  const cdp = await editor.newCDPSession(tab);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  // One sitting: the login id, the password and the authenticator app (offered to an editor, who does
  // not reach applicants' data), then signed in.
  await tab.goto(`/adminInvite/${token}`);
  await tab.getByLabel("아이디 (필수)").fill(loginId);
  await tab.getByLabel("비밀번호 (필수)").fill("editor-password-1");
  await tab.getByLabel("비밀번호 확인 (필수)").fill("editor-password-1");
  const secret = (await tab.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
  await tab.getByLabel("인증 코드 (선택)").fill(totpCode(secret));
  await tab.getByRole("button", { name: "계정 만들기" }).click();
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText("계정을 만들었습니다");
  await expect(tab.getByRole("region", { name: "복구 코드" }).getByRole("listitem")).toHaveCount(10);
  await tab.getByRole("link", { name: "보관했습니다. 관리 화면으로 가기" }).click();
  await expect(tab).toHaveURL(`${origin}/admin`);
  const signIn = async () => {
    await tab.goto("/adminLogin");
    await tab.getByLabel("아이디").fill(loginId);
    await tab.getByLabel("비밀번호").fill("editor-password-1");
    await tab.getByRole("button", { name: "로그인" }).click();
  };

  await tab.goto("/admin/account/security");
  await tab.getByLabel("새 패스키 이름").fill("편집자 노트북");
  await tab.getByRole("button", { name: "패스키 추가" }).click();
  await expect(tab.getByRole("status").filter({ hasText: "패스키를 등록했습니다." })).toBeVisible();

  await tab.getByRole("button", { name: "로그아웃", exact: true }).click();
  await signIn();
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText("2단계 인증");
  await tab.getByRole("button", { name: "패스키로 인증" }).click();
  await expect(tab).toHaveURL(`${origin}/admin`);
  await expect(tab.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link")).toHaveText(["개요", "뉴스·공지", "미디어", "휴지통", "배우", "캐스팅 패키지", "내 계정", "계정 보안"]);
  expect((await tab.goto("/admin/auditions"))?.status()).toBe(403);
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText("권한이 없습니다");
  await editor.close();
});
