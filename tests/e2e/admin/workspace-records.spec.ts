import type { Page } from "@playwright/test";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { createArtist, createNews } from "../../setup/content-api";
import { adminApiForEachTest, uniqueName } from "./admin-helpers";

// Public reads after a write are polled: the Playwright server runs one app process per core, and although
// a write's answer waits until the others have its change (decision 056, amendments 2 and 3), a process
// whose event loop is busy with another test's long task may answer a read before it handles the change.
// The "next request" rule itself is tested on one process (tests/integration/app-server/page-cache.test.ts)
// and across processes (web-concurrency.test.ts, page-cache-notify.test.ts).

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

const site = adminApiForEachTest();

/** The public roster's names in order, as an anonymous visitor gets it (the cached page). */
async function publicRoster(): Promise<string[]> {
  const html = await (await fetch(`${site.origin}/artist`)).text();
  return [...html.matchAll(/href="\/artist\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
}

/** The workspace roster's names in order. */
async function workspaceRoster(page: Page): Promise<string[]> {
  return page.locator("table.roster tbody th[scope=row] > a").allTextContents();
}

function before(list: string[], a: string, b: string): boolean {
  return list.includes(a) && list.includes(b) && list.indexOf(a) < list.indexOf(b);
}

test.describe("roster order", () => {
  test("with JavaScript: moved with the keyboard and by dragging, saved at once, and the public roster follows", async ({ page }) => {
    const [first, second] = [uniqueName("순서배우가"), uniqueName("순서배우나")];
    await createArtist(site.api, site.origin, { name: first, ename: "E2E ROSTER" });
    await createArtist(site.api, site.origin, { name: second, ename: "E2E ROSTER" });
    await page.goto("/admin/artists");
    expect(before(await workspaceRoster(page), first, second)).toBe(true);

    // Keyboard: the button keeps focus, each move is announced, the order is saved without a reload.
    // (Other tests add artists at the same time: there may be rows between the two.)
    await page.getByRole("button", { name: `${second} 위로` }).focus();
    const gap = (await workspaceRoster(page)).indexOf(second) - (await workspaceRoster(page)).indexOf(first);
    for (let i = 0; i < gap; i++) await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: `${second}:` })).toContainText("번째로 옮겼습니다");
    await expect(page.getByRole("button", { name: `${second} 위로` })).toBeFocused();
    expect(before(await workspaceRoster(page), second, first)).toBe(true);
    await expect.poll(async () => before(await publicRoster(), second, first)).toBe(true);
    await page.reload();
    expect(before(await workspaceRoster(page), second, first)).toBe(true);

    // Dragging the handle of one row onto the other puts it back.
    const handleOf = (name: string) => page.getByRole("row").filter({ hasText: name }).locator(".roster__handle");
    await handleOf(first).dragTo(page.getByRole("row").filter({ hasText: second }));
    await expect.poll(async () => before(await workspaceRoster(page), first, second)).toBe(true);
    await expect.poll(async () => before(await publicRoster(), first, second)).toBe(true);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("move up and down buttons, and order numbers, reorder the roster; the public roster follows", async ({ page }) => {
      const [first, second] = [uniqueName("무JS순서가"), uniqueName("무JS순서나")];
      await createArtist(site.api, site.origin, { name: first, ename: "E2E ROSTER" });
      await createArtist(site.api, site.origin, { name: second, ename: "E2E ROSTER" });
      await page.goto("/admin/artists");
      // Other tests add artists at the same time: there may be rows between the two.
      for (let i = 0; i < 5 && !before(await workspaceRoster(page), second, first); i++) {
        await page.getByRole("button", { name: `${first} 아래로` }).click();
        await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["roster-reordered"] })).toBeVisible();
      }
      expect(before(await workspaceRoster(page), second, first)).toBe(true);
      await expect.poll(async () => before(await publicRoster(), second, first)).toBe(true);

      // Typing 1 puts the artist first, ahead of the one that was first.
      await page.getByLabel(`${first} 순서`).fill("1");
      await page.getByRole("button", { name: "입력한 순서로 저장" }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["roster-reordered"] })).toBeVisible();
      expect((await workspaceRoster(page))[0]).toBe(first);
      await expect.poll(async () => (await publicRoster())[0]).toBe(first);

      // Enter in a number field saves the typed order too (the form's default button).
      await page.getByLabel(`${second} 순서`).fill("1");
      await page.getByLabel(`${second} 순서`).press("Enter");
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["roster-reordered"] })).toBeVisible();
      expect((await workspaceRoster(page))[0]).toBe(second);
    });
  });
});

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("hiding and retiring an artist takes them off the public pages; the workspace keeps them", async ({ page }) => {
      const name = uniqueName(js ? "상태배우" : "무JS상태배우");
      await createArtist(site.api, site.origin, { name, ename: "E2E ROSTER" });
      const profile = `${site.origin}/artist/${encodeURIComponent(name)}`;
      await expect.poll(async () => (await fetch(profile)).status).toBe(200);
      await expect.poll(async () => await publicRoster()).toContain(name);

      for (const [label, status] of [["비공개", 404], ["전속 종료", 404], ["공개", 200]] as const) {
        await page.goto(`/adminActor/${encodeURIComponent(name)}`);
        await page.getByRole("radio", { name: new RegExp(`^${label}`) }).check();
        await page.getByRole("button", { name: "저장", exact: true }).click();
        await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-updated"] })).toBeVisible();
        await expect.poll(async () => (await fetch(profile)).status, { message: `profile when ${label}` }).toBe(status);
        await expect.poll(async () => (await publicRoster()).includes(name), { message: `roster when ${label}` }).toBe(status === 200);
        await page.goto("/admin/artists");
        await expect(page.getByRole("row").filter({ hasText: name }).locator(".status-badge")).toHaveText(label);
      }
    });

    test("a deleted post goes to the trash, off the site and the API, and comes back when restored", async ({ page }) => {
      const title = `${uniqueName(js ? "휴지통 " : "무JS 휴지통 ")} 소식`;
      const postId = await createNews(site.api, site.origin, { title, content: "<p>지웠다가 되살릴 소식</p>" });
      const detail = `${site.origin}/newsDetail/${postId}`;

      await page.goto(`/adminNewsWrite/${postId}?delete`);
      await page.getByRole("button", { name: "삭제", exact: true }).click();
      await expect(page).toHaveURL(/\/pr$/);
      await expect.poll(async () => (await fetch(detail)).status).toBe(404);
      expect((await site.api.get(`/api/we/getnews/${postId}`)).status()).toBe(404);

      await page.goto("/admin/trash");
      const row = page.getByRole("row").filter({ hasText: title });
      await expect(row).toContainText("뉴스");
      await row.getByRole("button", { name: `${title} 복원` }).click();
      await expect(page.getByRole("status").filter({ hasText: "복원" })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
      await expect.poll(async () => (await fetch(detail)).status).toBe(200);
      await expect.poll(async () => await (await fetch(`${site.origin}/news`)).text()).toContain(title);

      // Deleted again, then deleted for good from the trash (with a confirmation step).
      await page.goto(`/adminNewsWrite/${postId}?delete`);
      await page.getByRole("button", { name: "삭제", exact: true }).click();
      await expect(page).toHaveURL(/\/pr$/);
      await page.goto("/admin/trash");
      await page.getByRole("link", { name: `${title} 영구 삭제` }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("영구 삭제");
      await expect(page.getByText(`뉴스 ‘${title}’을 영구 삭제할까요?`)).toBeVisible();
      await page.getByRole("button", { name: "영구 삭제" }).click();
      await expect(page).toHaveURL(/\/admin\/trash$/);
      await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
      expect((await page.goto(`/adminNewsWrite/${postId}`))!.status()).toBe(404);
    });

    test("an older revision is compared with the current one and restored as a new version", async ({ page }) => {
      const title = uniqueName(js ? "기록 소식 " : "무JS 기록 소식 ");
      const postId = await createNews(site.api, site.origin, { title, content: "<p>처음 쓴 문장</p>" });
      const edited = await site.api.put(`/api/we/updatenews/${postId}`, { headers: { Origin: site.origin }, data: { title: `${title} 고침`, content: "<p>고쳐 쓴 문장</p>" } });
      expect(edited.status()).toBe(200);

      await page.goto(`/admin/posts?q=${encodeURIComponent(title)}`);
      await page.getByRole("link", { name: `${title} 고침 기록` }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${title} 고침`);
      await expect(page.locator(".history-list__item")).toHaveCount(2);
      await page.getByRole("link", { name: "1번째 버전을 지금 버전과 비교" }).click();
      // Words only in the older version are struck through; words only in the current one are marked as added.
      await expect(page.locator(".revision-diff del").filter({ hasText: "처음" })).toBeVisible();
      await expect(page.locator(".revision-diff ins").filter({ hasText: "고쳐" })).toBeVisible();
      await page.getByRole("button", { name: "1번째 버전으로 복원" }).click();

      await expect(page.getByRole("status").filter({ hasText: "복원" })).toBeVisible();
      await expect(page.locator(".history-list__item")).toHaveCount(3);
      await expect(page.locator(".history-list__item").first()).toContainText("지금 버전");
      const detail = await (await fetch(`${site.origin}/newsDetail/${postId}`)).text();
      expect(detail).toContain("처음 쓴 문장");
      expect(detail).not.toContain("고쳐 쓴 문장");
    });
  });
}
