import type { Page } from "@playwright/test";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { toKstInputValue } from "../../../app/domain/kst";
import { expect, test } from "../fixtures";
import { uniqueName } from "./admin-helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

/** A KST date-time a few seconds ahead, as the schedule field takes it (seconds included). */
function soon(seconds: number): { value: string; at: number } {
  const at = Math.ceil((Date.now() + seconds * 1000) / 1000) * 1000;
  const date = new Date(at);
  return { value: `${toKstInputValue(date)}:${String(date.getUTCSeconds()).padStart(2, "0")}`, at };
}

/** Whether the public news list shows the title to an anonymous visitor (no cookies: the cached page). */
async function publicNewsShows(baseURL: string, title: string): Promise<boolean> {
  return (await (await fetch(`${baseURL}/news`)).text()).includes(title);
}

/** Whether an anonymous visitor opening the address is sent to the sign-in page. */
async function anonymousIsRedirected(url: string): Promise<boolean> {
  return (await fetch(url, { redirect: "manual" })).status === 302;
}

async function writeDraft(page: Page, title: string, body: string, js: boolean) {
  await page.goto("/adminNewsWrite");
  await page.getByLabel("제목", { exact: true }).fill(title);
  if (js) {
    await page.getByRole("textbox", { name: "내용", exact: true }).click();
    await page.keyboard.type(body);
  } else {
    await page.getByLabel("내용 (HTML)", { exact: true }).fill(`<p>${body}</p>`);
  }
  await page.getByRole("radio", { name: /^임시 저장/ }).check();
  await page.getByRole("button", { name: "저장", exact: true }).click();
  // Saved as a draft: still in its editor (decision 044), with its preview a link away.
  await expect(page).toHaveURL(/\/adminNewsWrite\/\d+$/);
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-drafted"] })).toBeVisible();
  await expect(page.getByRole("link", { name: "미리보기 (새 창)" })).toHaveAttribute("href", /^\/admin\/preview\/news\/\d+$/);
  await page.goto("/admin/posts");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("임시 저장")).toBeVisible();
  return row;
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("draft → preview → schedule: the post appears on the public site by itself at its time", async ({ page, context, baseURL }) => {
      test.setTimeout(90_000);
      const title = uniqueName(js ? "예약 소식 " : "무JS 예약 소식 ");
      const row = await writeDraft(page, title, "미리 써 둔 소식입니다.", js);
      expect(await publicNewsShows(baseURL!, title)).toBe(false);

      // The saved draft's preview: the public page's look, marked as a preview, for the administrator only.
      await row.getByRole("link", { name: `${title} 미리보기` }).click();
      await expect(page.getByRole("note").filter({ hasText: "미리보기" })).toContainText("임시 저장 상태의 글입니다");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.locator(".post-content")).toContainText("미리 써 둔 소식입니다.");
      expect(await anonymousIsRedirected(page.url())).toBe(true);

      // Unsaved changes previewed from the editor, in a new tab; nothing is saved by it.
      await page.goBack();
      await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("뉴스 수정");
      if (js) {
        await page.getByRole("textbox", { name: "내용", exact: true }).click();
        await page.keyboard.press("Control+End");
        await page.keyboard.type(" 고친 문장.");
      } else {
        await page.getByLabel("내용 (HTML)", { exact: true }).fill("<p>미리 써 둔 소식입니다. 고친 문장.</p>");
      }
      const popup = context.waitForEvent("page");
      await page.getByRole("button", { name: /미리보기/ }).click();
      const preview = await popup;
      await expect(preview.getByRole("note").filter({ hasText: "미리보기" })).toContainText("저장하지 않은 내용");
      await expect(preview.locator(".post-content")).toContainText("고친 문장.");
      await preview.close();

      // Schedule it a few seconds ahead (KST), save, and wait for the public list to show it: no request triggers it.
      const when = soon(8);
      await page.getByRole("radio", { name: /^예약 공개/ }).check();
      await page.getByLabel("예약 공개 시각 (한국 시간)").fill(when.value);
      await page.getByRole("button", { name: "저장", exact: true }).click();
      await expect(page).toHaveURL(/\/adminNewsWrite\/\d+$/);
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-scheduled"] })).toBeVisible();
      await page.goto("/admin/posts");
      await expect(page.getByRole("row").filter({ hasText: title }).getByText("예약", { exact: true })).toBeVisible();
      expect(await publicNewsShows(baseURL!, title)).toBe(false);
      await expect.poll(() => publicNewsShows(baseURL!, title), { timeout: 45_000, intervals: [500] }).toBe(true);
      expect(Date.now()).toBeGreaterThanOrEqual(when.at);

      // It went public with the edit made before scheduling.
      await page.goto("/news");
      await page.getByRole("link", { name: new RegExp(title) }).first().click();
      await expect(page.locator(".post-content")).toContainText("고친 문장.");
    });
  });
}

test("a pinned notice stays on top of the notice list as 공지", async ({ page }) => {
  const title = uniqueName("고정 공지 ");
  await page.goto("/adminNoticeWrite");
  await page.getByLabel("제목", { exact: true }).fill(title);
  await page.getByRole("textbox", { name: "내용", exact: true }).click();
  await page.keyboard.type("맨 위에 있어야 하는 공지");
  await page.getByRole("checkbox", { name: /목록 맨 위에 고정/ }).check();
  await page.getByRole("button", { name: "저장", exact: true }).click();
  await expect(page).toHaveURL(/\/adminNoticeWrite\/\d+$/);
  for (const path of ["/notice", "/notice?page=2"]) {
    await page.goto(path);
    const first = page.locator(".post-list__items .post-item").first();
    await expect(first).toContainText(title);
    await expect(first.locator(".pin-badge")).toHaveText("공지");
  }
});
