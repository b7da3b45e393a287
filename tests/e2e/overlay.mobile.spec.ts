import { OVERLAY_FOOTER_TEXT } from "../../app/domain/constants";
import { expect, test } from "./fixtures";

test("the hamburger opens a full-screen pink overlay; focus stays inside; Escape closes it", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "주 메뉴" })).toBeHidden();
  await page.getByRole("button", { name: "메뉴 열기" }).click();

  const overlay = page.getByRole("dialog", { name: "전체 메뉴" });
  await expect(overlay).toBeVisible();
  const box = await overlay.boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  expect(await overlay.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(244, 182, 198)");
  for (const name of ["COMPANY", "ARTIST", "PR", "News", "Notice", "AUDITION"]) {
    await expect(overlay.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(overlay.getByRole("link", { name: "WE ENTERTAINMENT 홈" })).toBeVisible();
  await expect(overlay.getByRole("link", { name: "인스타그램 (새 창)" })).toBeVisible();
  await expect(overlay).toContainText(OVERLAY_FOOTER_TEXT);

  // Focus is trapped: Tab from the last element wraps to the first, inside the overlay.
  await expect(overlay.getByRole("button", { name: "메뉴 닫기" })).toBeFocused();
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("#site-menu") !== null)).toBe(true);
  }
  await page.keyboard.press("Shift+Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("#site-menu") !== null)).toBe(true);

  await page.keyboard.press("Escape");
  await expect(overlay).toHaveCount(0);
  await expect(page.getByRole("button", { name: "메뉴 열기" })).toBeFocused();
});

test("closing fades the overlay out over 0.4 s and then removes it", async ({ page }) => {
  await page.goto("/company");
  await page.getByRole("button", { name: "메뉴 열기" }).click();
  const overlay = page.locator("#site-menu");
  await expect(overlay).toBeVisible();
  // The closing state's animation is the 0.4 s fade-out (read from a probe, the real one is short-lived).
  expect(
    await page.evaluate(() => {
      const probe = document.createElement("div");
      probe.className = "mobile-menu is-closing";
      document.body.appendChild(probe);
      const style = getComputedStyle(probe);
      const result = `${style.animationName} ${style.animationDuration}`;
      probe.remove();
      return result;
    }),
  ).toBe("overlay-out 0.4s");
  const removed = overlay.evaluate(
    (el) => new Promise<number>((resolve) => {
      const start = performance.now();
      new MutationObserver((_, observer) => {
        if (!el.isConnected) {
          observer.disconnect();
          resolve(performance.now() - start);
        }
      }).observe(document.body, { childList: true, subtree: true });
    }),
  );
  await page.getByRole("button", { name: "메뉴 닫기" }).click();
  // It stays while fading (about 0.4 s), then it is gone.
  expect(await removed).toBeGreaterThan(300);
  await expect(overlay).toHaveCount(0);
});

test("a link in the overlay navigates and closes it", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "메뉴 열기" }).click();
  await page.getByRole("dialog", { name: "전체 메뉴" }).getByRole("link", { name: "Notice" }).click();
  await expect(page).toHaveURL(/\/notice$/);
  await expect(page.locator("#site-menu")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Notice");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the hamburger is a link to the overlay menu, and its close control a link away from it", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "메뉴 열기" }).click();
    await expect(page).toHaveURL(/#site-menu$/);
    const overlay = page.locator("#site-menu");
    await expect(overlay).toBeVisible();
    await overlay.getByRole("link", { name: "메뉴 닫기" }).click();
    await expect(overlay).toBeHidden();
    await page.getByRole("link", { name: "메뉴 열기" }).click();
    await expect(overlay).toBeVisible();
    await overlay.getByRole("link", { name: "ARTIST", exact: true }).click();
    await expect(page).toHaveURL(/\/artist$/);
  });
});

test("keyboard only: the hamburger opens the overlay with Enter and Escape closes it; the open overlay passes axe", async ({ page }) => {
  const { tabTo } = await import("./helpers");
  const AxeBuilder = (await import("@axe-core/playwright")).default;
  await page.goto("/company");
  await tabTo(page, page.getByRole("button", { name: "메뉴 열기" }));
  await page.keyboard.press("Enter");
  const overlay = page.getByRole("dialog", { name: "전체 메뉴" });
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole("button", { name: "메뉴 닫기" })).toBeFocused();
  // Contrast is checked on the finished overlay, not halfway through its fade-in.
  await overlay.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const results = await new AxeBuilder({ page }).include("#site-menu").analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(overlay).toHaveCount(0);
  await expect(page.getByRole("button", { name: "메뉴 열기" })).toBeFocused();
});

test("widening the window past 1000 px with the overlay open closes it and gives the page its scrolling back", async ({ page }) => {
  await page.goto("/company");
  const overlay = page.getByRole("dialog", { name: "전체 메뉴" });
  await page.getByRole("button", { name: "메뉴 열기" }).click();
  await expect(overlay).toBeVisible();
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  // The focus has moved into the overlay (on a busy machine a step after it is shown).
  await expect(overlay.getByRole("button", { name: "메뉴 닫기" })).toBeFocused();

  // A window made wider (or a tablet turned): the overlay is a narrow-screen control only.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
  await expect(page.locator("#site-menu")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "주 메뉴" })).toBeVisible();
  // Focus was in the overlay: it moves to the same links in the header, not to a hidden element.
  await expect(page.getByRole("navigation", { name: "주 메뉴" }).getByRole("link").first()).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.checkVisibility() === true)).toBe(true);
  // The page scrolls, by wheel and by script.
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Back on a narrow screen, the hamburger works as before.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "메뉴 열기" }).click();
  await expect(overlay).toBeVisible();
  await expect(page.getByRole("button", { name: "메뉴 열기" })).toHaveAttribute("aria-expanded", "true");
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await page.keyboard.press("Escape");
  await expect(overlay).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

  // The browser may drop the focus of the overlay's control (hidden by the wide screen's CSS) before the
  // screen's change is announced: focus that is nowhere still goes to the header's links.
  await page.getByRole("button", { name: "메뉴 열기" }).click();
  await expect(overlay.getByRole("button", { name: "메뉴 닫기" })).toBeFocused();
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator("#site-menu")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "주 메뉴" }).getByRole("link").first()).toBeFocused();
});
