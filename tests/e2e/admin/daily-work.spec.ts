import type { Page } from "@playwright/test";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { axeViolations, tabTo } from "../helpers";
import { createNews } from "../../setup/content-api";
import { adminApiForEachTest, uniqueName } from "./admin-helpers";

// Public reads after a write are polled: the Playwright server runs one app process per core, and although
// a write's answer waits until the others have its change (decision 056, amendments 2 and 3), a process
// whose event loop is busy with another test's long task may answer a read before it handles the change.
// The "next request" rule itself is tested on one process (tests/integration/app-server/page-cache.test.ts)
// and across processes (web-concurrency.test.ts, page-cache-notify.test.ts).

// The workspace as staff use it every day (issue 28, decision 044): delete and restore from the lists
// and editors, stay in the editor after saving, the error summary, the artist form's typed fields and
// career lists, the lists' search, filters and bulk actions, and the section tabs at 390 px.
test.use({ signedIn: true });

const site = adminApiForEachTest();

const headers = () => ({ Origin: site.origin });

/** An artist added through the API, with three awards in order. */
async function artistWithAwards(name: string, awards: string[]): Promise<void> {
  const response = await site.api.post("/api/we/addactor", { headers: headers(), data: { name, ename: "DAILY WORK", winList: awards } });
  expect(response.status(), await response.text()).toBe(201);
}

/** The awards as the public profile lists them. */
async function publicAwards(name: string): Promise<string[]> {
  const artist = (await (await site.api.get(`/api/we/actorList/${encodeURIComponent(name)}`)).json()) as { winList: string };
  return JSON.parse(artist.winList) as string[];
}

/** The values of a list field's entry boxes, in order. */
function entryValues(page: Page, label: string): Promise<string[]> {
  return page
    .getByRole("group", { name: label, exact: true })
    .getByRole("listitem")
    .getByRole("textbox")
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
}

for (const width of [1280, 390]) {
  for (const js of [true, false]) {
    test.describe(`at ${width} px ${js ? "with" : "without"} JavaScript`, () => {
      test.use({ javaScriptEnabled: js, viewport: { width, height: 844 } });

      test("a post found by its text is deleted from the workspace list to the trash, and restored from there", async ({ page }) => {
        const token = uniqueName("본문토큰");
        const title = uniqueName("목록 삭제 ");
        const postId = await createNews(site.api, site.origin, { title, content: `<p>본문에만 있는 말: ${token}</p>` });

        // Found by a word of its text (not its title).
        await page.goto("/admin/posts");
        await page.getByLabel("제목·내용 검색").fill(token);
        await page.getByRole("button", { name: "찾기" }).click();
        await expect(page.getByRole("region", { name: "글 목록" }).getByRole("row")).toHaveCount(2);
        await page.getByRole("link", { name: `‘${title}’ 삭제` }).click();
        if (js) {
          const dialog = page.getByRole("dialog", { name: "휴지통으로 옮기기" });
          await expect(dialog).toContainText(`‘${title}’ 글을 휴지통으로 옮길까요?`);
          await expect(dialog.getByRole("button", { name: "취소" })).toBeFocused();
          expect(await axeViolations(page)).toEqual([]);
          await dialog.getByRole("button", { name: "삭제" }).click();
        } else {
          await expect(page.getByRole("heading", { level: 1 })).toHaveText("뉴스 삭제");
          await page.getByRole("button", { name: "삭제", exact: true }).click();
        }
        await expect(page).toHaveURL(/\/admin\/posts$/);
        await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["news-deleted"] })).toBeVisible();
        if (js) await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
        await expect.poll(async () => (await fetch(`${site.origin}/newsDetail/${postId}`)).status).toBe(404);

        await page.goto("/admin/trash?kind=news");
        await page.getByRole("button", { name: `${title} 복원` }).click();
        await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["trash-restored"] })).toBeVisible();
        await expect(page).toHaveURL(/\/admin\/trash\?kind=news$/);
        await expect.poll(async () => (await fetch(`${site.origin}/newsDetail/${postId}`)).status).toBe(200);
      });
    });
  }
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("an artist is deleted from its editor to the trash and restored with the trash's checkboxes", async ({ page }) => {
      const name = uniqueName(js ? "편집삭제" : "무JS편집삭제");
      await artistWithAwards(name, ["상 하나"]);
      await page.goto(`/adminActor/${encodeURIComponent(name)}`);
      // With JavaScript the link opens a dialog once React runs the page (before that, the page of its own).
      if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
      await page.getByRole("link", { name: `배우 ‘${name}’ 삭제` }).click();
      if (js) {
        await page.getByRole("dialog", { name: "휴지통으로 옮기기" }).getByRole("button", { name: "삭제" }).click();
      } else {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("배우 삭제");
        await page.getByRole("button", { name: "삭제", exact: true }).click();
      }
      await expect(page).toHaveURL(/\/admin\/artists$/);
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-deleted"] })).toBeVisible();
      await expect.poll(async () => (await fetch(`${site.origin}/artist/${encodeURIComponent(name)}`)).status).toBe(404);

      await page.goto("/admin/trash?kind=artist");
      await page.getByRole("checkbox", { name: `${name} 선택` }).check();
      await page.getByRole("button", { name: "선택 복원" }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["trash-restored-selected"] })).toBeVisible();
      await expect.poll(async () => (await fetch(`${site.origin}/artist/${encodeURIComponent(name)}`)).status).toBe(200);
    });

    test("a refused save shows a focused summary linking to each field; birthday and height are checked, then stored in the original's text (requirements R5.1)", async ({ page }) => {
      const name = uniqueName(js ? "생일배우" : "무JS생일배우");
      await page.goto("/adminActor");
      await page.getByLabel("이름", { exact: true }).fill(name);
      await page.getByLabel("생년월일", { exact: true }).fill("2999-01-01");
      await page.getByLabel("키 (cm)").fill("300");
      await page.getByRole("button", { name: "저장", exact: true }).click();

      const summary = page.getByRole("alert");
      await expect(summary).toBeFocused();
      await expect(summary).toContainText("입력한 내용을 확인해 주세요.");
      const birthday = summary.getByRole("link", { name: "생년월일이 오늘 이후 날짜입니다." });
      await expect(birthday).toHaveAttribute("href", "#birthday");
      await expect(summary.getByRole("link", { name: "키는 100cm에서 230cm 사이로 입력해 주세요." })).toHaveAttribute("href", "#height");
      // What was typed is kept.
      await expect(page.getByLabel("이름", { exact: true })).toHaveValue(name);
      await expect(page.getByLabel("생년월일", { exact: true })).toHaveValue("2999-01-01");
      if (js) expect(await axeViolations(page)).toEqual([]);
      await birthday.click();
      await expect(page.getByLabel("생년월일", { exact: true })).toBeFocused();

      await page.getByLabel("생년월일", { exact: true }).fill("1995-03-14");
      await page.getByLabel("키 (cm)").fill("172");
      await page.getByRole("button", { name: "저장", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/adminActor/${encodeURIComponent(name)}$`));
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-created"] })).toBeVisible();
      // The site and the API read the same text as before (requirements R5.1).
      const artist = (await (await site.api.get(`/api/we/actorList/${encodeURIComponent(name)}`)).json()) as { birthday: string; cm: string };
      expect(artist).toMatchObject({ birthday: "1995.03.14", cm: "172" });
      await page.goto(`/artist/${encodeURIComponent(name)}`);
      await expect(page.getByRole("row", { name: /생년월일/ })).toContainText("1995.03.14");
      await expect(page.getByRole("row", { name: /키/ })).toContainText("172cm");
      await site.api.delete(`/api/we/deleteactor/${encodeURIComponent(name)}`, { headers: headers() });
    });
  });
}

test("keyboard only: career entries are reordered, edited in place and saved", async ({ page }) => {
  const name = uniqueName("키보드순서");
  await artistWithAwards(name, ["첫째 상", "둘째 상", "셋째 상"]);
  await page.goto(`/adminActor/${encodeURIComponent(name)}`);
  await page.getByRole("group", { name: "수상", exact: true }).waitFor();

  await tabTo(page, page.getByRole("button", { name: "수상 3번 항목 위로" }), 200);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "수상 2번 항목 위로" })).toBeFocused();
  await page.keyboard.press("Enter");
  // At the top, focus stays with the entry on the button still enabled.
  await expect(page.getByRole("button", { name: "수상 1번 항목 아래로" })).toBeFocused();
  expect(await entryValues(page, "수상")).toEqual(["셋째 상", "첫째 상", "둘째 상"]);
  await expect(page.getByRole("group", { name: "수상", exact: true }).getByRole("status")).toHaveText("‘셋째 상’ 항목을 1번째로 옮겼습니다.");

  // In the entry's box (before its buttons; 위로 is disabled at the top): Alt+↓ moves it, and its text
  // is edited where it is.
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("textbox", { name: "수상 1번 항목" })).toBeFocused();
  await page.keyboard.press("Alt+ArrowDown");
  await expect(page.getByRole("textbox", { name: "수상 2번 항목" })).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.type(" (2025)");
  expect(await entryValues(page, "수상")).toEqual(["첫째 상", "셋째 상 (2025)", "둘째 상"]);

  await tabTo(page, page.getByRole("button", { name: "저장", exact: true }), 200);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-updated"] })).toBeVisible();
  expect(await publicAwards(name)).toEqual(["첫째 상", "셋째 상 (2025)", "둘째 상"]);
  await site.api.delete(`/api/we/deleteactor/${encodeURIComponent(name)}`, { headers: headers() });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("career entries are reordered and removed by buttons that bring the form back with what was typed", async ({ page }) => {
    const name = uniqueName("무JS순서");
    await artistWithAwards(name, ["첫째 상", "둘째 상", "셋째 상"]);
    await page.goto(`/adminActor/${encodeURIComponent(name)}`);
    await page.getByLabel("영문 이름").fill("TYPED BEFORE MOVING");
    await page.getByRole("button", { name: "수상 3번 항목 위로" }).click();
    expect(await entryValues(page, "수상")).toEqual(["첫째 상", "셋째 상", "둘째 상"]);
    await expect(page.getByLabel("영문 이름")).toHaveValue("TYPED BEFORE MOVING");
    // The form came back with the focus on the moved entry's 위로 (pressing it again moves it further).
    await expect(page.getByRole("button", { name: "수상 2번 항목 위로" })).toBeFocused();
    await page.keyboard.press("Enter");
    // At the top its 위로 is disabled: the focus is on its 아래로 (once the form is back).
    await expect(page.getByRole("button", { name: "수상 1번 항목 아래로" })).toBeFocused();
    expect(await entryValues(page, "수상")).toEqual(["셋째 상", "첫째 상", "둘째 상"]);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "수상 2번 항목 아래로" })).toBeFocused();
    expect(await entryValues(page, "수상")).toEqual(["첫째 상", "셋째 상", "둘째 상"]);
    await page.getByRole("button", { name: "수상 1번 항목 삭제" }).click();
    expect(await entryValues(page, "수상")).toEqual(["셋째 상", "둘째 상"]);
    // After a removal, the entry now in its place.
    await expect(page.getByLabel("수상 1번 항목", { exact: true })).toBeFocused();
    // After an add, the new entry's box, for the next one.
    await page.getByLabel("수상 새 항목").fill("넷째 상");
    await page.getByRole("group", { name: "수상", exact: true }).getByRole("button", { name: "추가" }).click();
    expect(await entryValues(page, "수상")).toEqual(["셋째 상", "둘째 상", "넷째 상"]);
    await expect(page.getByLabel("수상 새 항목")).toBeFocused();
    await page.getByRole("button", { name: "수상 3번 항목 삭제" }).click();
    expect(await entryValues(page, "수상")).toEqual(["셋째 상", "둘째 상"]);
    // Nothing was saved by the moves.
    expect(await publicAwards(name)).toEqual(["첫째 상", "둘째 상", "셋째 상"]);
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["artist-updated"] })).toBeVisible();
    expect(await publicAwards(name)).toEqual(["셋째 상", "둘째 상"]);
    await site.api.delete(`/api/we/deleteactor/${encodeURIComponent(name)}`, { headers: headers() });
  });

  test("posts are unpublished and published again in bulk", async ({ page }) => {
    const token = uniqueName("일괄공개");
    const titles = [uniqueName(`${token} 가 `), uniqueName(`${token} 나 `)];
    for (const title of titles) await createNews(site.api, site.origin, { title, content: "<p>일괄 작업 대상</p>" });
    await page.goto(`/admin/posts?q=${encodeURIComponent(token)}`);
    for (const title of titles) await page.getByRole("checkbox", { name: `${title} 선택` }).check();
    await page.getByLabel("선택한 글에 할 작업").selectOption({ label: "공개 중단 (임시 저장으로)" });
    await page.getByRole("button", { name: "적용" }).click();
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["posts-bulk-unpublished"] })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/posts\\?q=`));
    for (const title of titles) await expect(page.getByRole("row").filter({ hasText: title }).locator(".status-badge")).toHaveText("임시 저장");
    await expect.poll(async () => await (await fetch(`${site.origin}/news`)).text()).not.toContain(titles[0]);

    await page.getByRole("checkbox", { name: `${titles[0]} 선택` }).check();
    await page.getByLabel("선택한 글에 할 작업").selectOption({ label: "공개" });
    await page.getByRole("button", { name: "적용" }).click();
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["posts-bulk-published"] })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: titles[0] }).locator(".status-badge")).toHaveText("공개");
    await expect(page.getByRole("row").filter({ hasText: titles[1] }).locator(".status-badge")).toHaveText("임시 저장");

    // Nothing checked: a notice, nothing changed.
    await page.getByLabel("선택한 글에 할 작업").selectOption({ label: "휴지통으로 이동" });
    await page.getByRole("button", { name: "적용" }).click();
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["posts-none-selected"] })).toBeVisible();
  });
});

test("keyboard only: posts found by a search are moved to the trash in bulk", async ({ page }) => {
  const token = uniqueName("일괄휴지통");
  const titles = [uniqueName(`${token} 가 `), uniqueName(`${token} 나 `)];
  const other = uniqueName("남는 글 ");
  for (const title of [...titles, other]) await createNews(site.api, site.origin, { title, content: "<p>일괄 휴지통 대상</p>" });
  await page.goto("/admin/posts");

  await tabTo(page, page.getByLabel("제목·내용 검색"));
  await page.keyboard.type(token);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=/);
  await expect(page.getByRole("region", { name: "글 목록" }).getByRole("row")).toHaveCount(3);
  await tabTo(page, page.getByRole("checkbox", { name: "이 쪽의 글 모두 선택" }));
  await page.keyboard.press("Space");
  for (const title of titles) await expect(page.getByRole("checkbox", { name: `${title} 선택` })).toBeChecked();
  // Back past the table's scrolling region and 적용 to the action select.
  for (let i = 0; i < 3; i++) await page.keyboard.press("Shift+Tab");
  await expect(page.getByLabel("선택한 글에 할 작업")).toBeFocused();
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("선택한 글에 할 작업")).toHaveValue("trash");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "적용" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["posts-bulk-trashed"] })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByText("조건에 맞는 글이 없습니다.")).toBeVisible();

  await page.goto("/admin/trash?kind=news");
  for (const title of titles) await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: other })).toHaveCount(0);
});

test("the trash is paged and filtered by kind; checked rows are deleted for good after a confirmation", async ({ page }) => {
  test.setTimeout(180_000);
  const token = uniqueName("쪽나눔");
  const ids: number[] = [];
  for (let i = 0; i < 21; i++) {
    const postId = await createNews(site.api, site.origin, { title: `${token} ${String(i).padStart(2, "0")}`, content: "<p>휴지통 쪽 나눔</p>" });
    expect((await site.api.delete(`/api/we/deletenews/${postId}`, { headers: headers() })).status()).toBe(204);
    ids.push(postId);
  }
  await page.goto("/admin/trash?kind=news");
  await expect(page.getByRole("region", { name: "휴지통에 있는 글과 배우" }).locator("tbody tr")).toHaveCount(20);
  const pages = page.getByRole("navigation", { name: "휴지통 쪽 이동" });
  await pages.getByRole("link", { name: "2" }).click();
  await expect(page).toHaveURL(/kind=news&page=2|page=2&kind=news/);
  // The artist filter shows none of them.
  await page.goto("/admin/trash?kind=artist");
  await expect(page.getByRole("row").filter({ hasText: token })).toHaveCount(0);

  // The newest two, checked and deleted for good: a confirmation page names them first.
  await page.goto("/admin/trash?kind=news");
  const newest = [`${token} 20`, `${token} 19`];
  for (const title of newest) await page.getByRole("checkbox", { name: `${title} 선택` }).check();
  await page.getByRole("button", { name: "선택 영구 삭제" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("영구 삭제");
  await expect(page.getByText("선택한 2건을 영구 삭제할까요?")).toBeVisible();
  for (const title of newest) await expect(page.getByRole("listitem").filter({ hasText: title })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "영구 삭제" }).click();
  await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["trash-purged-selected"] })).toBeVisible();
  for (const title of newest) await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);

  // The rest, cleared away (a page of checked rows at a time) so the trash is as it was.
  const keys = ids.slice(0, 19).map((id) => `key=post-${id}`);
  for (const chunk of [keys.slice(0, 10), keys.slice(10)]) {
    await page.goto(`/admin/trash?confirm=selected&${chunk.join("&")}`);
    await page.getByRole("button", { name: "영구 삭제" }).click();
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["trash-purged-selected"] })).toBeVisible();
  }
});

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("artists are found by name and filtered by state", async ({ page }) => {
      const name = uniqueName(js ? "필터배우" : "무JS필터배우");
      await artistWithAwards(name, []);
      await page.goto("/admin/artists");
      await page.getByLabel("이름 검색 (한글·영문)").fill(name);
      await page.getByLabel("상태").selectOption({ label: "공개" });
      await page.getByRole("button", { name: "찾기" }).click();
      await expect(page.getByRole("region", { name: "배우 순서" }).locator("tbody tr")).toHaveCount(1);
      await expect(page.getByRole("status").filter({ hasText: /배우 \d+명 중 1명/ })).toBeVisible();
      // Filtered, the roster's order cannot be changed here.
      await expect(page.getByRole("button", { name: `${name} 위로` })).toHaveCount(0);
      await page.getByLabel("상태").selectOption({ label: "전속 종료" });
      await page.getByRole("button", { name: "찾기" }).click();
      await expect(page.getByText("조건에 맞는 배우가 없습니다.")).toBeVisible();
      await site.api.delete(`/api/we/deleteactor/${encodeURIComponent(name)}`, { headers: headers() });
    });
  });
}

// Both move the one roster: one after the other.
test.describe("roster moves", () => {
  test.describe.configure({ mode: "serial" });

  test("a roster move says 저장됨 where it was made", async ({ page }) => {
    await page.goto("/admin/artists");
    const first = (await page.locator("table.roster tbody th[scope=row] > a").first().textContent())!;
    await page.getByRole("button", { name: `${first} 아래로` }).click();
    await expect(page.locator(".roster-saved__done")).toHaveText("저장됨");
    // Put back as it was.
    await page.getByRole("button", { name: `${first} 위로` }).click();
    await expect(page.locator(".roster-saved__done")).toHaveText("저장됨");
    await expect(page.locator("table.roster tbody th[scope=row] > a").first()).toHaveText(first);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a roster move comes back to the list with the focus on the moved row's button", async ({ page }) => {
      await page.goto("/admin/artists");
      const names = page.locator("table.roster tbody th[scope=row] > a");
      const [first, second] = [(await names.nth(0).textContent())!, (await names.nth(1).textContent())!];
      await page.getByRole("button", { name: `${second} 위로` }).click();
      await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["roster-reordered"] })).toBeVisible();
      await expect(names.first()).toHaveText(second);
      // At the top its 위로 is disabled: the focus is on its 아래로, and Enter puts the roster back.
      await expect(page.getByRole("button", { name: `${second} 아래로` })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(names.first()).toHaveText(first);
      await expect(page.getByRole("button", { name: `${second} 아래로` })).toBeFocused();
    });
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every section of the workspace's menu is on screen, uncovered, and opens its page", async ({ page }) => {
    await page.goto("/admin");
    // Below 1000 px the navigation is behind the header's 메뉴 button (decision 064).
    await page.locator(".ws-menu__button").click();
    const nav = page.getByRole("navigation", { name: "관리 메뉴" });
    const links = nav.getByRole("link");
    const count = await links.count();
    expect(count).toBeGreaterThan(10);
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      await link.scrollIntoViewIfNeeded();
      const box = (await link.boundingBox())!;
      expect(box.x, (await link.textContent()) ?? "").toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, (await link.textContent()) ?? "").toBeLessThanOrEqual(390);
      // Nothing covers it: the point at its centre belongs to the link.
      expect(await link.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return hit !== null && el.contains(hit);
      })).toBe(true);
    }
    await links.last().click();
    await expect(page).toHaveURL(/\/admin\/account\/security$/);
  });
});
