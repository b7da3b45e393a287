import { expect, test } from "./fixtures";
import { expectLanguage } from "./helpers";

test("the overlay menu has the KO/EN switch too, and following it closes the menu", async ({ page }) => {
  await page.goto("/company");
  await page.getByRole("button", { name: "메뉴 열기" }).click();
  const menu = page.getByRole("dialog", { name: "전체 메뉴" });
  await menu.locator(".mobile-menu__language").getByRole("link", { name: "English" }).click();
  await expectLanguage(page, "en", "/en/company");
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
});
