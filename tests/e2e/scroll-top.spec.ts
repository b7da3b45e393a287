import { expect, test } from "./fixtures";

/** What the scroll-to-top button looked like at each moment the page could paint, from the very first one. */
declare global {
  interface Window {
    __scrollTopSamples?: { when: string; styled: boolean; visible: boolean; opacity: string; visibility: string }[];
  }
}

test("with JavaScript the button is never shown at the top of the page, not even before hydration; it appears after scrolling down", async ({ page }) => {
  await page.addInitScript(() => {
    const samples: NonNullable<Window["__scrollTopSamples"]> = [];
    window.__scrollTopSamples = samples;
    const sample = (when: string) => {
      const button = document.querySelector(".scroll-top");
      if (!button) return;
      const style = getComputedStyle(button);
      const visible = style.display !== "none" && style.visibility !== "hidden" && Number(style.opacity) > 0;
      // Before the site's stylesheet has loaded nothing is painted (it is render-blocking), and the
      // element has no styles of its own yet: such samples do not count.
      const styled = style.position === "fixed";
      samples.push({ when, styled, visible, opacity: style.opacity, visibility: style.visibility });
    };
    // Every frame runs its animation-frame callbacks before it paints, so this sees every painted state.
    const everyFrame = () => {
      sample("frame");
      requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
    new MutationObserver(() => sample("mutation")).observe(document, { subtree: true, childList: true, attributes: true });
    document.addEventListener("DOMContentLoaded", () => sample("DOMContentLoaded"));
  });
  await page.goto("/");
  // Hydrated: the carousel island is running.
  await expect(page.locator(".home-artists .carousel")).toHaveClass(/is-ready/);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const samples = await page.evaluate(() => window.__scrollTopSamples ?? []);
  expect(samples.some((s) => s.when === "DOMContentLoaded")).toBe(true);
  expect(samples.filter((s) => s.when === "frame" && s.styled).length).toBeGreaterThan(2);
  const shown = samples.filter((s) => s.styled && s.visible).map((s) => `${s.when}: opacity ${s.opacity}, ${s.visibility}`);
  expect(shown.slice(0, 3), `visible in ${shown.length} of ${samples.length} samples at the top of the page`).toEqual([]);

  const button = page.getByRole("link", { name: "맨 위로" });
  await expect(button).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect(button).toBeVisible();
  await expect.poll(() => button.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the button is shown and is a plain link to the top of the page", async ({ page }) => {
    await page.goto("/");
    const button = page.getByRole("link", { name: "맨 위로" });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("href", "#top");
    expect(await button.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    expect((await button.boundingBox())?.width).toBe(page.viewportSize()!.width < 768 ? 50 : 60);
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await button.click();
    await expect(page).toHaveURL(/#top$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("at the bottom of the page the button does not cover the footer's admin icon", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator(".home-artists .carousel")).toHaveClass(/is-ready/);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const button = page.getByRole("link", { name: "맨 위로" });
  await expect(button).toBeVisible();
  const icon = page.getByRole("contentinfo").getByRole("link", { name: "관리자 로그인" });
  const iconBox = (await icon.boundingBox())!;
  const buttonBox = (await button.boundingBox())!;
  const overlap =
    iconBox.x < buttonBox.x + buttonBox.width && buttonBox.x < iconBox.x + iconBox.width &&
    iconBox.y < buttonBox.y + buttonBox.height && buttonBox.y < iconBox.y + iconBox.height;
  expect(overlap, `icon ${JSON.stringify(iconBox)}, button ${JSON.stringify(buttonBox)}`).toBe(false);
});
