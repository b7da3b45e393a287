import type { Page } from "@playwright/test";
import { FLASH_MESSAGES, scheduledMessage } from "../../../app/lib/flash-messages";
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

/** What the public sees of a news post: its page and its API read, as an anonymous visitor (status codes). */
async function publicStatuses(baseURL: string, postId: string): Promise<{ page: number; api: number }> {
  const [page, api] = await Promise.all([fetch(`${baseURL}/newsDetail/${postId}`), fetch(`${baseURL}/api/we/getnews/${postId}`)]);
  return { page: page.status, api: api.status };
}

/** The post id in the editor's address. */
function postIdOf(page: Page): string {
  return /\/adminNewsWrite\/(\d+)$/.exec(page.url())![1]!;
}

async function typePost(page: Page, title: string, body: string, js: boolean) {
  await page.getByLabel("제목", { exact: true }).fill(title);
  if (js) {
    await page.getByRole("textbox", { name: "내용", exact: true }).click();
    await page.keyboard.type(body);
  } else {
    await page.getByLabel("내용 (HTML)", { exact: true }).fill(`<p>${body}</p>`);
  }
}

async function writeDraft(page: Page, title: string, body: string, js: boolean) {
  await page.goto("/adminNewsWrite");
  await typePost(page, title, body, js);
  await page.getByRole("button", { name: "임시 저장", exact: true }).click();
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

      // Schedule it a few seconds ahead (KST) with 예약, and wait for the public list to show it: no request triggers it.
      const when = soon(12);
      await page.getByLabel("예약 공개 시각 (한국 시간)").fill(when.value);
      await page.getByRole("button", { name: "예약", exact: true }).click();
      await expect(page).toHaveURL(/\/adminNewsWrite\/\d+$/);
      await expect(page.getByRole("status").filter({ hasText: scheduledMessage(new Date(when.at), new Date()) })).toBeVisible();
      // A scheduled post's editor keeps the schedule (예약 업데이트), takes it back (예약 취소) or publishes now.
      await expect(page.getByRole("button", { name: "예약 업데이트", exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "예약 취소", exact: true })).toBeVisible();
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

    test("임시 저장 keeps a new post off the site and the API; 공개 puts it there; 업데이트 keeps it there; 비공개로 전환 takes it down", async ({ page, baseURL }) => {
      const title = uniqueName(js ? "명시 공개 " : "무JS 명시 공개 ");
      await page.goto("/adminNewsWrite");
      // A new post offers exactly these three; the filled one is 공개.
      await expect(page.getByRole("button", { name: "공개", exact: true })).toHaveClass("button");
      await expect(page.getByRole("button", { name: "임시 저장", exact: true })).toHaveClass(/button--ghost/);
      await expect(page.getByRole("button", { name: "예약", exact: true })).toHaveClass(/button--ghost/);
      await typePost(page, title, "반쯤 쓴 소식입니다.", js);
      await page.getByRole("button", { name: "임시 저장", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-drafted"] })).toBeVisible();
      const postId = postIdOf(page);
      expect(await publicStatuses(baseURL!, postId)).toEqual({ page: 404, api: 404 });
      expect(await publicNewsShows(baseURL!, title)).toBe(false);

      // Saved again with Enter in the title (no button's value): saved (staff read it), and still a draft.
      await page.getByLabel("제목", { exact: true }).fill(`${title} 고침`);
      await page.getByLabel("제목", { exact: true }).press("Enter");
      await expect.poll(async () => ((await (await page.request.get(`/api/we/getnews/${postId}`)).json()) as { title: string }).title).toBe(`${title} 고침`);
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-drafted"] })).toBeVisible();
      expect(await publicStatuses(baseURL!, postId)).toEqual({ page: 404, api: 404 });

      await page.getByRole("button", { name: "공개", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-published"] })).toBeVisible();
      expect(await publicStatuses(baseURL!, postId)).toEqual({ page: 200, api: 200 });
      expect(await publicNewsShows(baseURL!, `${title} 고침`)).toBe(true);

      // A published post's editor: 업데이트 (filled) and 비공개로 전환; no 임시 저장 that could take it down.
      await expect(page.getByRole("button", { name: "임시 저장", exact: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "업데이트", exact: true })).toHaveClass("button");
      await page.getByLabel("제목", { exact: true }).fill(`${title} 업데이트`);
      await page.getByRole("button", { name: "업데이트", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-updated"] })).toBeVisible();
      expect(await publicStatuses(baseURL!, postId)).toEqual({ page: 200, api: 200 });
      expect(await publicNewsShows(baseURL!, `${title} 업데이트`)).toBe(true);
      // Enter on a published post keeps it published too. The notice is the same as the last save's, so
      // the page is known to be back from this save when the form carries the post's new version.
      const version = page.locator('input[type="hidden"][name="version"]');
      const before = await version.inputValue();
      await page.getByLabel("제목", { exact: true }).fill(`${title} 엔터`);
      await page.getByLabel("제목", { exact: true }).press("Enter");
      await expect.poll(() => publicNewsShows(baseURL!, `${title} 엔터`)).toBe(true);
      await expect(version).not.toHaveValue(before);
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-updated"] })).toBeVisible();

      await page.getByRole("button", { name: "비공개로 전환", exact: true }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-unpublished"] })).toBeVisible();
      expect(await publicStatuses(baseURL!, postId)).toEqual({ page: 404, api: 404 });
      expect(await publicNewsShows(baseURL!, title)).toBe(false);
    });

    test("예약 asks for a time ahead, and says so next to the field; what was typed stays", async ({ page, baseURL }) => {
      const title = uniqueName(js ? "예약 시각 " : "무JS 예약 시각 ");
      await page.goto("/adminNewsWrite");
      await typePost(page, title, "예약할 소식입니다.", js);
      await page.getByRole("button", { name: "예약", exact: true }).click();
      await expect(page.locator("#publishAt-error")).toHaveText("예약 공개 날짜와 시각을 입력해 주세요.");
      await page.getByLabel("예약 공개 시각 (한국 시간)").fill(toKstInputValue(new Date(Date.now() - 60 * 60 * 1000)));
      await page.getByRole("button", { name: "예약", exact: true }).click();
      await expect(page.locator("#publishAt-error")).toHaveText(/^예약 공개 시각이 이미 지났습니다\./);
      await expect(page.getByLabel("제목", { exact: true })).toHaveValue(title);
      await expect(page).toHaveURL(/\/adminNewsWrite$/);
      expect(await publicNewsShows(baseURL!, title)).toBe(false);
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
  await page.getByRole("button", { name: "공개", exact: true }).click();
  await expect(page).toHaveURL(/\/adminNoticeWrite\/\d+$/);
  for (const path of ["/notice", "/notice?page=2"]) {
    await page.goto(path);
    const first = page.locator(".post-list__items .post-item").first();
    await expect(first).toContainText(title);
    await expect(first.locator(".pin-badge")).toHaveText("공지");
  }
});
