import { axeViolations } from "./helpers";
import { expect, test } from "./fixtures";

// The privacy policy (its tables, lists and table of contents) at both widths of the visitor projects
// (1280 and 390 px), the same check as the other public pages in a11y.spec.ts.
test("/privacy has no axe-core violations (WCAG 2.2 A/AA and best practices)", async ({ page }) => {
  // A long document (13 sections, two tables): axe needs longer than on the other pages, more so on a busy machine.
  test.slow();
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/privacy");
  await page.waitForLoadState("networkidle");
  expect(await axeViolations(page), "/privacy").toEqual([]);
});
