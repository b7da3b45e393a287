import { DEMO_ARTISTS, DEMO_NEWS, sortedPosts } from "./helpers";
import { expect, test } from "./fixtures";

// Every public page is readable with JavaScript disabled.
test.use({ javaScriptEnabled: false });

test("without JavaScript: the home page shows the intro, the first carousel slides and the map card", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Want and Experience" })).toBeVisible();
  const firstSlide = page.locator(".home-artists .carousel__static img").first();
  await expect(firstSlide).toBeVisible();
  expect(await firstSlide.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator(".map-fallback")).toContainText("WE ENTERTAINMENT");
});

test("without JavaScript: the company page shows the organization chart", async ({ page }) => {
  await page.goto("/company");
  await expect(page.getByRole("img", { name: /조직도/ })).toBeVisible();
});

test("without JavaScript: the roster lists every artist and opens a profile", async ({ page }) => {
  await page.goto("/artist");
  await expect(page.locator(".artist-card")).toHaveCount(DEMO_ARTISTS.length);
  await page.locator(".artist-card__more").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DEMO_ARTISTS[0]!.name);
});

test("without JavaScript: the audition page shows its four steps", async ({ page }) => {
  await page.goto("/audition");
  await expect(page.locator(".steps__item")).toHaveCount(4);
});

test("without JavaScript: the news list pages and opens a post", async ({ page }) => {
  await page.goto("/news");
  await page.getByRole("link", { name: "2 쪽" }).click();
  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect(page.locator(".post-item__title").first()).toHaveText(sortedPosts(DEMO_NEWS)[5]!.title);
  await page.locator(".post-item__link").first().click();
  await expect(page.locator(".post-content")).toBeVisible();
});
