import { expect, test } from "./fixtures";

test("a visitor opens the home page and sees the header and the footer", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/WE ENTERTAINMENT/);
  expect(await page.locator("html").getAttribute("lang")).toBe("ko");

  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "WE ENTERTAINMENT 홈" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("ALL RIGHTS RESERVED. 2024 @ WE ENTERTAINMENT");
  await expect(page.getByRole("contentinfo")).toContainText("위이엔터테인먼트");
  // Demo content is there: artist photos served from our media storage.
  const photo = page.getByRole("main").locator('.slick-active img[src^="/media/"]').first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("an unknown address answers 404 with the Korean not-found page", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("페이지를 찾을 수 없습니다");
  await expect(page.getByRole("banner")).toBeVisible();
  await page.getByRole("link", { name: "홈으로 가기" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the health check answers when the database does", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
});
