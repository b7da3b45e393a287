import type { Page } from "@playwright/test";
import { totpCode } from "../../../app/server/auth/totp.server";
import { useAppServer } from "../../setup/app-server";
import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { passSecondStep, TEST_ADMIN, uniqueClientIp } from "./admin-helpers";

/**
 * The second sign-in factor in the browser (decision 040): the password, then the authenticator's
 * code, with and without JavaScript; and an account without one enrolling on the security page,
 * receiving its recovery codes, and signing in with one of them, once.
 */

async function signInWithPassword(page: Page, url: string) {
  await page.goto(url);
  await page.getByLabel("아이디").fill(TEST_ADMIN.id);
  await page.getByLabel("비밀번호").fill(TEST_ADMIN.password);
  await page.getByRole("button", { name: "로그인" }).click();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the password, then the authenticator's code, lead back to the page asked for", async ({ page, baseURL }) => {
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
    await signInWithPassword(page, "/adminLogin?redirectTo=%2Fadmin%2Fauditions");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2단계 인증");
    const code = page.getByLabel("인증 코드");
    await expect(code).toHaveAttribute("inputmode", "numeric");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await passSecondStep(page, baseURL!);
    await expect(page).toHaveURL(/\/admin\/auditions$/);
    await expect(page.getByRole("status").filter({ hasText: /^로그인했습니다\./ })).toBeVisible();
  });
});

test("with JavaScript: the password, then the authenticator's code", async ({ page, baseURL }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
  await signInWithPassword(page, "/adminLogin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2단계 인증");
  expect(await axeViolations(page)).toEqual([]);
  await passSecondStep(page, baseURL!);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("개요");
});

test.describe("an account without a second factor", () => {
  // A server of its own whose administrator has a password only (no ADMIN_TOTP_SECRET), started fresh.
  test.describe.configure({ timeout: 180_000 });
  const own = useAppServer(test, { engine: "embedded", env: { ADMIN_TOTP_SECRET: "" } });

  test("enrolls from the security page, keeps its recovery codes, and signs in with one of them, once", async ({ page }) => {
    const base = own.baseURL;
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
    await signInWithPassword(page, `${base}/adminLogin`);
    // The gate opens nothing else before the second factor is set up.
    await expect(page).toHaveURL(`${base}/admin/account/security`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("계정 보안");
    await page.goto(`${base}/admin/auditions`);
    await expect(page).toHaveURL(`${base}/admin/account/security`);

    await expect(page.getByRole("img", { name: "인증 앱에 등록할 QR 코드" }).locator("svg")).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      expect.soft(await axeViolations(page), `the enrollment at ${width}px`).toEqual([]);
    }
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByText("등록 주소(otpauth) 보기").click();
    await expect(page.getByText(`otpauth://totp/WE%20ENTERTAINMENT:admin?issuer=WE%20ENTERTAINMENT&secret=${secret}&`, { exact: false })).toBeVisible();

    await page.getByLabel("인증 코드").fill(totpCode(secret));
    await page.getByRole("button", { name: "등록 확인" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2단계 인증을 켰습니다." })).toBeVisible();
    const codes = await page.locator(".security-codes__list code").allTextContents();
    expect(codes).toHaveLength(10);
    await expect(page.getByRole("link", { name: "텍스트 파일로 내려받기" })).toHaveAttribute("download", "we-recovery-codes-admin.txt");
    await expect(page.getByText("2단계 인증 사용 중")).toBeVisible();
    expect.soft(await axeViolations(page), "the recovery codes").toEqual([]);

    // Signed out, the phone is lost: a recovery code instead of the code, once.
    await page.getByRole("button", { name: "로그아웃", exact: true }).click();
    await expect(page).toHaveURL(`${base}/`);
    await signInWithPassword(page, `${base}/adminLogin`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2단계 인증");
    await page.getByLabel("인증 코드").fill(codes[0]!);
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await expect(page).toHaveURL(`${base}/admin`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("개요");

    await page.getByRole("button", { name: "로그아웃", exact: true }).click();
    await expect(page).toHaveURL(`${base}/`);
    await signInWithPassword(page, `${base}/adminLogin`);
    await page.getByLabel("인증 코드").fill(codes[0]!);
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("인증 코드가 올바르지 않습니다.");
    await expect(page).toHaveURL(/\/adminLogin\/verify/);
    expect((await page.context().cookies(base)).find((c) => c.name === "we_session")).toBeUndefined();
    // Another one still works.
    await page.getByLabel("인증 코드").fill(codes[1]!);
    await page.getByRole("button", { name: "확인", exact: true }).click();
    await expect(page).toHaveURL(`${base}/admin`);
  });
});
