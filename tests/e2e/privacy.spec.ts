import { DEFAULT_AUDITION_RETENTION_DAYS } from "../../app/domain/auditions";
import { PRIVACY_POLICY_SECTIONS } from "../../app/domain/privacy-policy";
import { expect, test } from "./fixtures";

// The privacy policy is linked from every page's footer and readable with or without JavaScript.
for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("a visitor follows the footer's 개인정보처리방침 link and reads the policy, section by section", async ({ page }) => {
      await page.goto("/company");
      const link = page.getByRole("contentinfo").getByRole("link", { name: "개인정보처리방침" });
      // Bold, as Korean sites set it apart from the other footer text.
      expect(Number(await link.evaluate((a) => getComputedStyle(a).fontWeight))).toBeGreaterThanOrEqual(700);
      await link.click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page).toHaveTitle("개인정보처리방침 | WE ENTERTAINMENT");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("개인정보처리방침");

      const toc = page.getByRole("navigation", { name: "목차" });
      await expect(toc.getByRole("link")).toHaveCount(PRIVACY_POLICY_SECTIONS.length);
      for (const [i, section] of PRIVACY_POLICY_SECTIONS.entries()) {
        await expect(page.getByRole("heading", { level: 2, name: `제${i + 1}조 ${section.title}` })).toHaveCount(1);
      }
      await expect(page.getByRole("region", { name: "제3조 개인정보의 처리 및 보유 기간" })).toContainText(`${DEFAULT_AUDITION_RETENTION_DAYS}일 동안 보관`);
      await expect(page.getByRole("region", { name: "제12조 권익침해 구제 방법" }).getByRole("link", { name: "118" })).toHaveAttribute("href", "tel:118");

      // The table of contents leads to its section.
      await toc.getByRole("link", { name: "제11조 개인정보 보호책임자" }).click();
      await expect(page).toHaveURL(/\/privacy#officer-title$/);
      const officer = page.getByRole("heading", { level: 2, name: "제11조 개인정보 보호책임자" });
      await expect(officer).toBeInViewport();
      await expect(page.getByRole("region", { name: "제11조 개인정보 보호책임자" }).getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    });
  });
}
