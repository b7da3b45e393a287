import { expect, test } from "../fixtures";
import { controlClock } from "../helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

const NOTICE = "이미 관리자로 로그인되어 있습니다.";

test("the footer's 'already signed in' notice belongs to its page: it goes away on navigation", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const url = page.url();
  await footer.getByRole("link", { name: "관리자 로그인" }).click();
  await expect(footer.getByRole("status")).toHaveText(NOTICE);
  expect(page.url()).toBe(url);
  await expect(footer.getByRole("status")).toHaveAttribute("aria-live", "polite");

  await page.getByRole("banner").getByRole("link", { name: "COMPANY" }).click();
  await expect(page).toHaveURL(/\/company$/);
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  // The live region stays in place (empty), ready for the next notice.
  await expect(footer.getByRole("status")).toHaveText("");
});

test("the footer notice can be dismissed, and clears itself after a while", async ({ page }) => {
  const clock = await controlClock(page);
  await page.goto("/audition");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "관리자 로그인" }).click();
  await expect(footer.getByRole("status")).toHaveText(NOTICE);
  await footer.getByRole("button", { name: "알림 닫기" }).click();
  await expect(footer.getByRole("status")).toHaveText("");
  await expect(footer.getByRole("button", { name: "알림 닫기" })).toHaveCount(0);
  // Focus does not fall to the page's start: it returns to the icon.
  await expect(footer.getByRole("link", { name: "관리자 로그인" })).toBeFocused();
  await expect(page).toHaveURL(/\/audition$/);

  await clock.pause();
  await footer.getByRole("link", { name: "관리자 로그인" }).click();
  await expect(footer.getByRole("status")).toHaveText(NOTICE);
  await page.clock.runFor(1_000);
  await expect(footer.getByRole("status")).toHaveText(NOTICE);
  await page.clock.runFor(30_000);
  await expect(footer.getByRole("status")).toHaveText("");
});
