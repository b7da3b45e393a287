import { WEB_FONT_CLASS, WEB_FONT_FLAG } from "../../app/lib/web-font";
import { expect, test } from "./fixtures";

/**
 * Pretendard only where it is at hand (decision 048): a first page in the visitor's own Korean font (the
 * web font is not fetched before it is painted), then fetched in the background once the page has loaded;
 * every later page starts in Pretendard, from the cache, with no late change of typeface. The inline script
 * that reads the flag runs under the CSP (its hash), in stored pages as well as fresh ones.
 */
test("the first page is painted in the visitor's font and warms Pretendard; the next page starts in it", async ({ page }) => {
  await page.goto("/company");
  await expect(page.locator("html")).not.toHaveClass(new RegExp(`\\b${WEB_FONT_CLASS}\\b`));
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^Pretendard/);
  // Once the page has loaded, this page's subsets of both weights are fetched and the flag is set.
  await expect.poll(() => page.evaluate((flag) => localStorage.getItem(flag), WEB_FONT_FLAG)).toBe("1");
  // ...and not one of them was asked for before the page's first paint.
  const timing = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByType("paint").find((p) => p.name === "first-contentful-paint")?.startTime ?? null,
    fonts: performance.getEntriesByType("resource").filter((r) => /Pretendard-.*\.woff2/.test(r.name)).map((r) => r.startTime),
  }));
  expect(timing.firstPaint).not.toBeNull();
  expect(timing.fonts.length).toBeGreaterThan(0);
  for (const start of timing.fonts) expect(start).toBeGreaterThan(timing.firstPaint!);
  // Nothing on this page changed typeface, and the files were fetched, not loaded as fonts (a loaded font
  // is decoded on the page's main thread, a long task per subset on a slow phone).
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/^Pretendard/);
  expect(await page.evaluate(() => [...document.fonts].filter((face) => face.family.includes("Pretendard") && face.status !== "unloaded").length)).toBe(0);

  // The next page (a stored one: the page cache serves it without a nonce) starts in Pretendard.
  await page.goto("/company");
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${WEB_FONT_CLASS}\\b`));
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Pretendard/);
  await expect.poll(() => page.evaluate(() => document.fonts.check("700 16px Pretendard", "회사 소개"))).toBe(true);
});

test("a visitor whose browser keeps no storage gets their own font on every page, and no error", async ({ browser }) => {
  const context = await browser.newContext();
  // localStorage throws (storage blocked): the inline script must not break the page.
  await context.addInitScript(() => {
    Object.defineProperty(window, "localStorage", { get: () => { throw new DOMException("blocked", "SecurityError"); } });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  await expect(page.locator("html")).not.toHaveClass(new RegExp(`\\b${WEB_FONT_CLASS}\\b`));
  expect(errors).toEqual([]);
  await context.close();
});
