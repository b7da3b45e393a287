import { useAppServer } from "../../setup/app-server";
import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { passSecondStep, TEST_ADMIN, uniqueClientIp, uniqueName } from "./admin-helpers";

/**
 * Passkeys beside the authenticator app (decision 040), in Chromium with its virtual authenticator
 * (the DevTools protocol's WebAuthn domain). WebAuthn takes a host name, not an IP address, as the
 * site: the story runs on `localhost`, on a server of its own without PUBLIC_ORIGIN (the shared one
 * names 127.0.0.1 as its origin, so a form from `localhost` would be another site's).
 */
test.describe.configure({ timeout: 180_000 });
const own = useAppServer(test);

test("the administrator registers a passkey, signs in with it instead of a code, and removes it", async ({ page }) => {
  const baseURL = own.baseURL;
  const origin = baseURL.replace("127.0.0.1", "localhost");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });

  const signInWithPassword = async () => {
    await page.goto(`${origin}/adminLogin`);
    await page.getByLabel("아이디").fill(TEST_ADMIN.id);
    await page.getByLabel("비밀번호").fill(TEST_ADMIN.password);
    await page.getByRole("button", { name: "로그인" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2단계 인증");
  };

  await signInWithPassword();
  // No passkey yet: the code form only.
  await page.waitForFunction(() => "__reactRouterContext" in window);
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
  await page.getByRole("button", { name: "관리자 로그아웃" }).click();
  await signInWithPassword();
  await page.getByRole("button", { name: "패스키로 인증" }).click();
  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByRole("status").filter({ hasText: "관리자로 로그인했습니다." })).toBeVisible();

  await page.goto(`${origin}/admin/account/security`);
  await expect(list).toContainText("마지막 사용");
  await page.getByRole("button", { name: `${name} 패스키 지우기` }).click();
  await expect(page.getByRole("status").filter({ hasText: "패스키를 지웠습니다." })).toBeVisible();
  await expect(page.getByText("등록한 패스키가 없습니다.")).toBeVisible();
});
