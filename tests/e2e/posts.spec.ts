import { DEMO_NEWS, DEMO_NOTICES, demoPostText, sortedPosts } from "./helpers";
import { expect, test } from "./fixtures";

const news = sortedPosts(DEMO_NEWS);
const notices = sortedPosts(DEMO_NOTICES);

test("news: five per page from page 1, numbered pages with the current one disabled, page in the URL", async ({ page }) => {
  await page.goto("/news");
  const list = page.locator(".post-list--news");
  const titles = list.locator(".post-item__title");
  await expect(titles).toHaveText(news.slice(0, 5).map((p) => p.title));
  const pager = page.getByRole("navigation", { name: "뉴스 쪽 이동" });
  const pageCount = Math.ceil(news.length / 5);
  await expect(pager.getByRole("listitem")).toHaveCount(pageCount);
  await expect(pager.getByRole("button", { name: "1 쪽 (현재 쪽)" })).toBeDisabled();

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await pager.getByRole("link", { name: "2 쪽" }).click();
  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect(titles).toHaveText(news.slice(5, 10).map((p) => p.title));
  await expect(pager.getByRole("button", { name: "2 쪽 (현재 쪽)" })).toBeDisabled();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // The URL can be shared: it opens on the same page.
  const response = await page.goto("/news?page=2");
  expect(response?.status()).toBe(200);
  await expect(titles).toHaveText(news.slice(5, 10).map((p) => p.title));
  // The news page also has the contact block.
  await expect(page.getByRole("heading", { name: "오시는 길" })).toBeVisible();
});

test("previews: tags stripped, over 400 characters cut to 200 plus an ellipsis; first image as thumbnail; YYYY-MM-DD", async ({ page }) => {
  const pageOf = (i: number) => Math.floor(i / 5) + 1;
  const longIndex = news.findIndex((p) => Array.from(demoPostText(p)).length > 400);
  expect(longIndex).toBeGreaterThanOrEqual(0);
  const long = news[longIndex]!;
  await page.goto(`/news?page=${pageOf(longIndex)}`);
  const item = page.locator(".post-item").filter({ has: page.locator(".post-item__title", { hasText: long.title }) });
  const preview = (await item.locator(".post-item__preview").textContent()) ?? "";
  expect(preview).toBe(`${Array.from(demoPostText(long)).slice(0, 200).join("")}...`);
  await expect(item.locator("time")).toHaveText(long.writeDay);
  expect(long.writeDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const shortIndex = news.findIndex((p) => Array.from(demoPostText(p)).length <= 400);
  const short = news[shortIndex]!;
  await page.goto(`/news?page=${pageOf(shortIndex)}`);
  const shortItem = page.locator(".post-item").filter({ has: page.locator(".post-item__title", { hasText: short.title }) });
  await expect(shortItem.locator(".post-item__preview")).toHaveText(demoPostText(short));

  const withImage = news.findIndex((p) => p.html.includes("{{IMAGE}}"));
  await page.goto(`/news?page=${pageOf(withImage)}`);
  const thumbItem = page.locator(".post-item").filter({ has: page.locator(".post-item__title", { hasText: news[withImage]!.title }) });
  await expect(thumbItem.locator("img.post-item__thumb")).toHaveAttribute("src", /^\/media\/.+\.webp$/);
});

test("the PR page lists news then notices, each paged on its own", async ({ page }) => {
  await page.goto("/pr");
  const lists = page.locator(".post-list");
  await expect(lists.nth(0)).toHaveClass(/post-list--news/);
  await expect(lists.nth(1)).toHaveClass(/post-list--notice/);
  await expect(lists.nth(1).locator(".post-item__title")).toHaveText(notices.slice(0, 5).map((p) => p.title));
  await page.getByRole("navigation", { name: "공지사항 쪽 이동" }).getByRole("link", { name: "2 쪽" }).click();
  await expect(page).toHaveURL(/\/pr\?noticePage=2$/);
  await expect(lists.nth(1).locator(".post-item__title")).toHaveText(notices.slice(5, 10).map((p) => p.title));
  await expect(lists.nth(0).locator(".post-item__title")).toHaveText(news.slice(0, 5).map((p) => p.title));
});

test("a post opens with title, date and formatted content, and links back to /pr", async ({ page }) => {
  const post = news.find((p) => p.html.includes("{{IMAGE}}")) ?? news[0]!;
  await page.goto("/news");
  const index = news.indexOf(post);
  await page.goto(`/news?page=${Math.floor(index / 5) + 1}`);
  await page.getByRole("link", { name: new RegExp(post.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).click();
  await expect(page).toHaveURL(/\/newsDetail\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
  await expect(page.locator(".post-detail__date")).toHaveText(post.writeDay);
  const content = page.locator(".post-content");
  await expect(content.locator("p").first()).toBeVisible();
  if (post.html.includes("{{IMAGE}}")) {
    const img = content.locator("img").first();
    await expect(img).toHaveAttribute("src", /^\/media\//);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
  await page.getByRole("link", { name: "← 목록으로" }).click();
  await expect(page).toHaveURL(/\/pr$/);
});

test("unknown, non-numeric or other-kind post ids answer 404", async ({ page }) => {
  for (const path of ["/newsDetail/999999", "/newsDetail/abc", "/noticeDetail/1.5", "/newsDetail/-1", "/noticeDetail/99999999999"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("페이지를 찾을 수 없습니다");
  }
  // An existing notice id is not a news id.
  await page.goto("/notice");
  const href = await page.locator(".post-item__link").first().getAttribute("href");
  const id = href!.split("/").pop();
  expect((await page.goto(`/noticeDetail/${id}`))?.status()).toBe(200);
  expect((await page.goto(`/newsDetail/${id}`))?.status()).toBe(404);
});

test("list previews show their whole text: 200 characters plus an ellipsis, nothing clipped by CSS", async ({ page }) => {
  for (const path of ["/news", "/notice"]) {
    await page.goto(path);
    const previews = page.locator(".post-list .post-item__preview");
    await expect(previews.first()).toBeVisible();
    const measured = await previews.evaluateAll((nodes) =>
      nodes.map((el) => ({
        text: el.textContent ?? "",
        clamp: getComputedStyle(el).getPropertyValue("-webkit-line-clamp"),
        scrollHeight: el.scrollHeight,
        clientHeight: el.clientHeight,
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      })),
    );
    const long = measured.filter((m) => m.text.endsWith("..."));
    expect(long.length, `${path}: a long post on the first page`).toBeGreaterThan(0);
    for (const preview of long) expect(Array.from(preview.text).length, path).toBe(203);
    for (const preview of measured) {
      expect(preview.clamp, path).toBe("none");
      expect(preview.scrollHeight, `${path}: no text hidden below "${preview.text.slice(0, 20)}"`).toBeLessThanOrEqual(preview.clientHeight);
      expect(preview.scrollWidth, `${path}: no text hidden to the side`).toBeLessThanOrEqual(preview.clientWidth);
    }
    // The thumbnail keeps its 160 × 100 size next to (or above) the text.
    const thumb = await page.locator(".post-item__thumb").first().boundingBox();
    expect(thumb).toMatchObject({ width: 160, height: 100 });
  }
});
