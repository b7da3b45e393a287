/**
 * Public reads are cacheable by a CDN (s-maxage, stale-while-revalidate, ETag), and yet a
 * visitor's own browser never shows a page as it was before a change: not on a page load, and not on a
 * client-side navigation, whose `.data` answer carries no stale-while-revalidate (Chromium honours it
 * for fetches). Decision 026.
 */
import { expect, test } from "../fixtures";
import { createNews } from "../../setup/content-api";
import { adminApi, uniqueName } from "./admin-helpers";

for (const js of [true, false]) {
  test(`a visitor who saw the news list sees a post published since on the next visit (${js ? "client navigation" : "no JavaScript"})`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    const page = await context.newPage();
    const header = page.getByRole("banner");
    const openNews = async () => {
      await header.getByRole("link", { name: "PR", exact: true }).hover();
      await header.getByRole("link", { name: "News", exact: true }).click();
      await expect(page).toHaveURL(/\/news$/);
    };
    await page.goto("/company");
    await openNews();
    await header.getByRole("link", { name: "COMPANY", exact: true }).click();
    await expect(page).toHaveURL(/\/company$/);

    const title = uniqueName("캐시확인뉴스");
    const api = await adminApi(baseURL!);
    await createNews(api, baseURL!, { title, content: "<p>본문</p>" });

    // Back to the list the way the visitor came (with JavaScript, the list's data is in the browser's
    // HTTP cache from the first visit): the browser revalidates its copy rather than showing it.
    await openNews();
    await expect(page.getByText(title)).toBeVisible();
    await api.dispose();
    await context.close();
  });
}
