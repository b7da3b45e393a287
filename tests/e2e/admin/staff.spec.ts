import { totpCode } from "../../../app/server/auth/totp.server";
import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { uniqueName } from "./admin-helpers";

/**
 * Staff accounts (안전성 확보조치 기준 Art. 5, 6④): the owner invites a casting reviewer without JavaScript,
 * the invitee sets a login id and password and enrolls the authenticator app from the one-time link in
 * one sitting, is signed in, and sees only what the role allows; with JavaScript, a minute before the
 * idle sign-out a warning offers to stay signed in.
 */

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, signedIn: true });

  test("the owner invites a casting reviewer, who sets a password and enrolls the authenticator app from the link, is signed in and sees only the auditions", async ({ page, browser, baseURL }) => {
    test.slow(); // Two people, two sign-ins and several pages without JavaScript on a 2-core machine.
    await page.goto("/admin/staff");
    const name = uniqueName("캐스팅 ");
    const loginId = `casting-${Date.now().toString(36)}`;
    await page.getByLabel("이름 (필수)").fill(name);
    await page.getByLabel("이메일 (필수)").fill(`${loginId}@example.com`);
    await page.getByRole("radio", { name: /캐스팅 담당/ }).check();
    await page.getByRole("button", { name: "초대하기" }).click();
    const notice = page.getByRole("status").filter({ hasText: "직접 전해 주세요" });
    await expect(notice).toContainText(`${name}님(${loginId}@example.com)에게`);
    const link = (await notice.locator("code").textContent())!;
    expect(link).toMatch(/\/adminInvite\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByRole("region", { name: "수락을 기다리는 초대" })).toContainText(name);

    // One link, one sitting: the login id and password, the authenticator app, the recovery codes, signed in.
    const invitee = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const tab = await invitee.newPage();
    await tab.goto(link);
    await expect(tab.getByText(`${name}님, 캐스팅 담당으로 초대되었습니다.`)).toBeVisible();
    await expect(tab.getByRole("img", { name: "인증 앱에 등록할 QR 코드" })).toBeVisible();
    await tab.getByLabel("아이디 (필수)").fill(loginId);
    await tab.getByLabel("비밀번호 (필수)").fill("casting-password-1");
    await tab.getByLabel("비밀번호 확인 (필수)").fill("casting-password-2");
    await tab.getByRole("button", { name: "계정 만들기" }).click();
    await expect(tab.locator("#passwordConfirm-error")).toHaveText("두 비밀번호가 같지 않습니다.");
    // A casting reviewer reaches applicants' data: the code is required (decision 040).
    await expect(tab.locator("#code-error")).toHaveText("인증 앱에 표시된 6자리 코드를 입력해 주세요.");
    await expect(tab.getByLabel("아이디 (필수)")).toHaveValue(loginId);
    await tab.getByLabel("비밀번호 (필수)").fill("casting-password-1");
    await tab.getByLabel("비밀번호 확인 (필수)").fill("casting-password-1");
    const secret = (await tab.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    await tab.getByLabel("인증 코드 (필수)").fill(totpCode(secret));
    await tab.getByRole("button", { name: "계정 만들기" }).click();
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText("계정을 만들었습니다");
    await expect(tab.getByRole("region", { name: "복구 코드" }).getByRole("listitem")).toHaveCount(10);
    await tab.getByRole("link", { name: "보관했습니다. 관리 화면으로 가기" }).click();
    await expect(tab).toHaveURL(/\/admin$/);
    const nav = tab.getByRole("navigation", { name: "관리 메뉴" });
    await expect(nav.getByRole("link")).toHaveText(["개요", "오디션 지원", "내 계정", "계정 보안"]);
    const refused = await tab.goto("/admin/settings");
    expect(refused?.status()).toBe(403);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText("권한이 없습니다");
    await tab.goto(link);
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText("초대 링크를 쓸 수 없습니다");
    await invitee.close();

    // The owner sees the new account, and the grant in the record of access changes.
    await page.goto("/admin/staff");
    await expect(page.getByRole("region", { name: "직원 계정 목록" })).toContainText(name);
    await expect(page.getByRole("region", { name: /권한 변경 기록/ })).toContainText("계정 생성 (캐스팅 담당)");
  });
});

test.describe("with JavaScript", () => {
  test.use({ signedIn: true });

  test("an invitation's page has no axe-core violations at 1280 and 390 px, before and after it is used", async ({ page, browser, baseURL }) => {
    await page.goto("/admin/staff");
    await page.getByLabel("이름 (필수)").fill("접근성 점검");
    await page.getByLabel("이메일 (필수)").fill(`a11y-${Date.now().toString(36)}@example.com`);
    await page.getByRole("button", { name: "초대하기" }).click();
    const link = (await page.getByRole("status").filter({ hasText: "직접 전해 주세요" }).locator("code").textContent())!;
    const visitor = await browser.newContext({ baseURL });
    const tab = await visitor.newPage();
    for (const width of [1280, 390]) {
      await tab.setViewportSize({ width, height: 844 });
      await tab.goto(link);
      await expect(tab.getByRole("heading", { level: 1 })).toHaveText("직원 계정 만들기");
      expect.soft(await axeViolations(tab), `the invitation at ${width}px`).toEqual([]);
    }
    await visitor.close();
  });

  test("a minute before the idle sign-out a warning offers to stay signed in; after it, the page says so and keeps what was typed", async ({ page }) => {
    await page.clock.install();
    await page.goto("/admin/account");
    await expect(page.locator("html")).toHaveAttribute("lang", "ko");
    // Hydrated: the idle timer runs (on the installed clock) from here.
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    const warning = page.getByRole("alertdialog");
    await page.clock.runFor(28 * 60_000);
    await expect(warning).toHaveCount(0);
    await page.clock.runFor(90_000);
    await expect(warning).toContainText("곧 자동으로 로그아웃됩니다");
    await warning.getByRole("button", { name: "로그인 유지" }).click();
    await expect(warning).toHaveCount(0);

    await page.clock.runFor(31 * 60_000);
    await expect(warning).toContainText("자동으로 로그아웃되었습니다");
    await expect(warning.getByRole("link", { name: "새 창에서 로그인" })).toHaveAttribute("href", "/adminLogin");
  });
});
