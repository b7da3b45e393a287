import { DEMO_CONTACT } from "../../app/domain/demo-contact";
import { controlClock, currentSlide } from "./helpers";
import { expect, test } from "./fixtures";

const HOME = ".home-artists .carousel";

test("no autoplay when the visitor prefers reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const clock = await controlClock(page);
  await page.goto("/");
  await expect(page.locator(HOME)).toHaveClass(/is-ready/);
  await clock.pause();
  const start = await currentSlide(page, HOME);
  await page.clock.runFor(20_000); // ten intervals
  expect(await currentSlide(page, HOME)).toBe(start);
  await expect(page.getByRole("button", { name: "자동 넘김 재생" }).first()).toBeDisabled();
});

test("the home carousel shows 3 slides at 1000 px and wider, 1 below, following window resizes", async ({ page }) => {
  await page.goto("/");
  const active = page.locator(`${HOME} .slick-slide.slick-active`);
  await expect(active).toHaveCount(3);
  await page.setViewportSize({ width: 999, height: 800 });
  await expect(active).toHaveCount(1);
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(active).toHaveCount(3);
});

test("the PR sub-menu opens on hover and is reachable by keyboard", async ({ page }) => {
  await page.goto("/company");
  const nav = page.getByRole("navigation", { name: "주 메뉴" });
  const news = nav.getByRole("link", { name: "News" });
  await expect(news).toBeHidden();
  await nav.getByRole("link", { name: "PR", exact: true }).hover();
  await expect(news).toBeVisible();
  await expect(nav.getByRole("link", { name: "Notice" })).toBeVisible();
  await news.click();
  await expect(page).toHaveURL(/\/news$/);

  // Keyboard only: focus PR, then Tab into its sub-menu.
  await page.mouse.move(0, 700);
  await nav.getByRole("link", { name: "PR", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "News" })).toBeFocused();
  await expect(nav.getByRole("link", { name: "News" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Notice" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/notice$/);
});

test("header icons open the photo-sharing page and the video channel in new tabs; no third icon without a link", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  const instagram = header.getByRole("link", { name: "인스타그램 (새 창)" });
  const youtube = header.getByRole("link", { name: "유튜브 채널 (새 창)" });
  await expect(instagram).toHaveAttribute("target", "_blank");
  // The demo's accounts (reserved example domains) until the agency enters its own in the site settings.
  await expect(instagram).toHaveAttribute("href", DEMO_CONTACT.instagram);
  await expect(youtube).toHaveAttribute("target", "_blank");
  await expect(youtube).toHaveAttribute("href", DEMO_CONTACT.youtube);
  await expect(header.locator(".site-header__social a")).toHaveCount(2);
});
