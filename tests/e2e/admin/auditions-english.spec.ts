import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { submitTestApplication, uniqueName } from "./admin-helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

/**
 * Decision 065: an application sent from the English form lands in the same list as the Korean ones,
 * marked "영문 지원서" in the list and on its page; a Korean one is not marked.
 */
for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("an English application is in the list and on its page marked 영문 지원서; a Korean one is not", async ({ page, request }) => {
      const family = uniqueName(js ? "Clarke" : "Evans");
      const [english, korean] = await Promise.all([
        submitTestApplication(request, { name: `${family} Emma`, introduction: "I would love to act in Korean films." }, { english: true }),
        submitTestApplication(request, { name: `${family} 한결` }),
      ]);
      await page.goto(`/admin/auditions?q=${encodeURIComponent(family)}`);
      await expect(page.getByRole("status").filter({ hasText: "건의 지원서" })).toHaveText("2건의 지원서");
      const rowOf = (receiptNumber: string) => page.getByRole("row").filter({ hasText: receiptNumber });
      await expect(rowOf(english.receiptNumber).getByText("영문 지원서", { exact: true })).toBeVisible();
      await expect(rowOf(korean.receiptNumber).getByText("영문 지원서", { exact: true })).toHaveCount(0);

      await page.getByRole("link", { name: english.name }).click();
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toContainText(english.receiptNumber);
      await expect(heading).toContainText("영문 지원서");
      await expect(page.getByText("I would love to act in Korean films.")).toBeVisible();
      // axe runs in the page: with JavaScript on (the markup is the same without).
      for (const width of js ? [1280, 390] : []) {
        await page.setViewportSize({ width, height: 844 });
        await page.waitForLoadState("networkidle");
        expect(await axeViolations(page), `an English application at ${width}px`).toEqual([]);
      }
    });
  });
}
