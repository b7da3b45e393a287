import { expect, test } from "../fixtures";

// Signed in over HTTP before each test.
test.use({ signedIn: true });

/**
 * Decision 027: visitors' public pages are served without React, but the administrator keeps the
 * hydrated app: between admin pages, and from them to the public pages, navigation stays in the document.
 */
test("the administrator navigates client-side: the workspace's links, its way to the site and the site's header do not reload the document", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.locator("script[nonce]").first()).toBeAttached();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "뉴스·공지" }).click();
  await expect(page).toHaveURL(/\/admin\/posts$/);
  // The workspace's own header (decision 064) leads to the site, whose header has the visitors' menu.
  await page.getByRole("banner").getByRole("link", { name: "사이트 보기" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("banner").getByRole("link", { name: "COMPANY" }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(documents).toEqual([]);
  // The public page the administrator sees is the hydrated app, not the visitors' enhancement script.
  expect(await page.locator('script[type="module"][src*="/enhance-"]').count()).toBe(0);
});
