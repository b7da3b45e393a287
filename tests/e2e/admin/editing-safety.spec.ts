import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { passSecondStep, TEST_ADMIN, uniqueName } from "./admin-helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

test("a failed save keeps everything typed, with a clear message, and never navigates away", async ({ page }) => {
  await page.goto("/adminNoticeWrite");
  const editor = page.getByRole("textbox", { name: "내용", exact: true });
  await editor.click();
  await page.keyboard.type("제목 없이 쓴 긴 내용입니다.");
  await page.getByRole("button", { name: "임시 저장", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("입력한 내용을 확인해 주세요.");
  await expect(page.locator("#title-error")).toHaveText("제목을 입력해 주세요.");
  await expect(page).toHaveURL(/\/adminNoticeWrite$/);
  await expect(editor).toHaveText("제목 없이 쓴 긴 내용입니다.");
  // The summary took focus and links to the field.
  await expect(page.getByRole("alert")).toBeFocused();
  await page.getByRole("alert").getByRole("link", { name: "제목을 입력해 주세요." }).click();
  await expect(page.getByLabel("제목", { exact: true })).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("a failed save comes back with what was typed", async ({ page }) => {
    await page.goto("/adminActor");
    await page.getByLabel("영문 이름").fill("NAMELESS");
    await page.getByLabel("SNS 주소").fill("javascript:alert(1)");
    await page.getByLabel("수상 새 항목").fill("수상 하나");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    // The summary at the top has focus and links to each field with a message (decision 044).
    const summary = page.getByRole("alert");
    await expect(summary).toContainText("입력한 내용을 확인해 주세요.");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "이름을 입력해 주세요." })).toHaveAttribute("href", "#name");
    await expect(summary.getByRole("link", { name: "SNS 주소는 http:// 또는 https://로 시작하는 주소여야 합니다." })).toHaveAttribute("href", "#socialLink");
    await expect(page.locator("#name-error")).toHaveText("이름을 입력해 주세요.");
    await expect(page.locator("#socialLink-error")).toHaveText("SNS 주소는 http:// 또는 https://로 시작하는 주소여야 합니다.");
    await expect(page.getByLabel("영문 이름")).toHaveValue("NAMELESS");
    await expect(page.getByLabel("수상 1번 항목", { exact: true })).toHaveValue("수상 하나");
  });
});

test.describe("without JavaScript, an expired session", () => {
  test.use({ javaScriptEnabled: false });
  test("gets a page that holds nothing of the site's private data; after signing in again, sending the form again saves it", async ({ page, context, baseURL }) => {
    const title = uniqueName("다시 보내기 ");
    await page.goto("/adminNoticeWrite");
    await page.getByLabel("제목", { exact: true }).fill(title);
    await page.getByLabel("내용 (HTML)", { exact: true }).fill("<p>로그인이 끝나도 브라우저에 남는 내용</p>");
    await context.clearCookies();
    await page.getByRole("button", { name: "임시 저장", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("로그인이 필요합니다");
    await expect(page.getByText("보낸 내용은 이 브라우저에 그대로 남아 있습니다.")).toBeVisible();
    await expect(page.getByRole("link", { name: "새 창에서 로그인하기" })).toHaveAttribute("target", "_blank");
    // Nothing of the editor or the workspace came back with the refusal.
    await expect(page.getByLabel("제목", { exact: true })).toHaveCount(0);

    const tab = await context.newPage();
    await tab.goto("/adminLogin");
    await tab.getByLabel("아이디").fill(TEST_ADMIN.id);
    await tab.getByLabel("비밀번호").fill(TEST_ADMIN.password);
    await tab.getByRole("button", { name: "로그인" }).click();
    await passSecondStep(tab, baseURL!);
    await tab.waitForURL((url) => url.pathname === "/admin");
    await tab.close();

    // Reloading the refused page sends the same form again (the browser asks first; the answer is yes).
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await expect(page).toHaveURL(/\/adminNoticeWrite\/\d+$/);
    await expect(page.getByLabel("제목", { exact: true })).toHaveValue(title);
  });
});

test("an expired session does not lose the text: sign in again in another tab, then save", async ({ page, context, baseURL }) => {
  const title = uniqueName("만료 테스트 ");
  await page.goto("/adminNewsWrite");
  await page.getByLabel("제목", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "내용", exact: true }).click();
  await page.keyboard.type("세션이 끝나도 남아야 하는 내용");
  await context.clearCookies();
  await page.getByRole("button", { name: "임시 저장", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("로그인이 만료되었습니다.");
  await expect(page.getByLabel("제목", { exact: true })).toHaveValue(title);
  await expect(page.getByRole("textbox", { name: "내용", exact: true })).toHaveText("세션이 끝나도 남아야 하는 내용");

  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("link", { name: "새 창에서 로그인하기" }).click();
  const popup = await popupPromise;
  await popup.getByLabel("아이디").fill(TEST_ADMIN.id);
  await popup.getByLabel("비밀번호").fill(TEST_ADMIN.password);
  await popup.getByRole("button", { name: "로그인" }).click();
  await passSecondStep(popup, baseURL!);
  await popup.waitForURL((url) => url.pathname === "/admin");
  await popup.close();

  await page.getByRole("button", { name: "임시 저장", exact: true }).click();
  await expect(page).toHaveURL(/\/adminNewsWrite\/\d+$/);
  await expect(page.getByLabel("제목", { exact: true })).toHaveValue(title);
});

test("two tabs editing one post: the stale save gets a conflict and keeps its text; nothing is overwritten silently", async ({ page, context }) => {
  const title = uniqueName("충돌 테스트 ");
  await page.goto("/adminNewsWrite");
  await page.getByLabel("제목", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "내용", exact: true }).click();
  await page.keyboard.type("처음 내용");
  await page.getByRole("button", { name: "공개", exact: true }).click();
  await expect(page).toHaveURL(/\/adminNewsWrite\/\d+$/);
  const editUrl = page.url();
  const detail = editUrl.replace("/adminNewsWrite/", "/newsDetail/");

  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await tabA.goto(editUrl);
  await tabB.goto(editUrl);
  await tabA.getByLabel("제목", { exact: true }).fill(`${title} A`);
  await tabA.getByRole("button", { name: "업데이트", exact: true }).click();
  await expect(tabA.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-updated"] })).toBeVisible();

  await tabB.getByLabel("제목", { exact: true }).fill(`${title} B`);
  await tabB.getByRole("textbox", { name: "내용", exact: true }).click();
  await tabB.keyboard.press("End");
  await tabB.keyboard.type(" 그리고 B의 문장");
  await tabB.getByRole("button", { name: "업데이트", exact: true }).click();
  await expect(tabB.getByRole("alert")).toContainText("다른 곳에서 이 글이 먼저 수정되었습니다.");
  await expect(tabB.getByLabel("제목", { exact: true })).toHaveValue(`${title} B`);
  await expect(tabB.getByRole("textbox", { name: "내용", exact: true })).toContainText("그리고 B의 문장");
  await page.goto(detail);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} A`);

  // Only an explicit choice overwrites.
  await tabB.getByRole("button", { name: "내 내용으로 저장" }).click();
  await expect(tabB.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-updated"] })).toBeVisible();
  await page.goto(detail);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} B`);
  await expect(page.locator(".post-content")).toContainText("그리고 B의 문장");
});

test("the editor keeps a local draft across a reload and warns before leaving with unsaved changes", async ({ page }) => {
  const title = uniqueName("임시 글 ");
  await page.goto("/adminNoticeWrite");
  await page.getByLabel("제목", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "내용", exact: true }).click();
  await page.keyboard.type("새로고침해도 남는 내용");
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: "저장하지 않은 임시 글을 불러왔습니다." })).toBeVisible();
  await expect(page.getByLabel("제목", { exact: true })).toHaveValue(title);
  await expect(page.getByRole("textbox", { name: "내용", exact: true })).toHaveText("새로고침해도 남는 내용");

  // Leaving inside the site asks first (the workspace's header leads to the site, decision 064).
  await page.getByRole("banner").getByRole("link", { name: "사이트 보기" }).click();
  const dialog = page.getByRole("alertdialog", { name: "저장하지 않은 내용이 있습니다" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "계속 작성하기" }).click();
  await expect(page).toHaveURL(/\/adminNoticeWrite$/);
  await expect(page.getByLabel("제목", { exact: true })).toHaveValue(title);

  // Discarding the draft clears it for good.
  await page.getByRole("button", { name: "임시 글 지우기" }).click();
  await expect(page.getByLabel("제목", { exact: true })).toHaveValue("");
  await page.reload();
  await expect(page.getByLabel("제목", { exact: true })).toHaveValue("");
});
