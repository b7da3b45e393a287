import { tabTo } from "./helpers";
import { expect, test } from "./fixtures";

test("keyboard only: open the PR sub-menu and pause the home carousel", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "주 메뉴" });
  await tabTo(page, nav.getByRole("link", { name: "PR", exact: true }));
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "News" })).toBeFocused();
  await expect(nav.getByRole("link", { name: "News" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Notice" })).toBeFocused();

  await expect(page.locator(".home-artists .carousel")).toHaveClass(/is-ready/);
  const pause = page.locator(".home-artists").getByRole("button", { name: "자동 넘김 일시정지" });
  await tabTo(page, pause);
  await page.keyboard.press("Enter");
  await expect(page.locator(".home-artists").getByRole("button", { name: "자동 넘김 재생" })).toHaveAttribute("aria-pressed", "true");
  // Hidden and cloned slides are not in the tab order.
  await page.keyboard.press("Shift+Tab");
  const focusedInHiddenSlide = await page.evaluate(() => document.activeElement?.closest(".slick-slide[aria-hidden='true']") !== null);
  expect(focusedInHiddenSlide).toBe(false);
});
