import type { Page } from "@playwright/test";
import { axeViolations, resolveDemoPath } from "./helpers";
import { expect, test } from "./fixtures";

const ROUTES = [
  "/",
  "/company",
  "/artist",
  "/artist/{artist}",
  "/audition",
  "/audition/apply",
  "/audition/apply/complete",
  "/pr",
  "/news",
  "/news?page=2",
  "/newsDetail/{news}",
  "/notice",
  "/noticeDetail/{notice}",
  "/adminLogin",
  "/this-page-does-not-exist",
  // The English pages.
  "/en",
  "/en/company",
  "/en/artist",
  "/en/artist/{artist}",
  "/en/audition",
  "/en/pr",
  "/en/news",
  "/en/newsDetail/{news}",
  "/en/notice",
  "/en/this-page-does-not-exist",
];

// Runs in the desktop project only (playwright.config.ts): each test checks its route at both widths,
// on the desktop project's page (1280 px) and on a page of the mobile project's device (390 px), and
// reports both widths' violations (soft assertions), each under the route and the width.
for (const route of ROUTES) {
  test(`${route} has no axe-core violations at 1280 and 390 px (WCAG 2.2 A/AA and best practices)`, async ({ page, mobilePage, request }) => {
    // The project's budget for each width.
    test.setTimeout(test.info().timeout * 2);
    const path = await resolveDemoPath(request, route);
    const check = async (at: Page) => {
      await at.emulateMedia({ reducedMotion: "reduce" });
      await at.goto(path);
      await at.waitForLoadState("networkidle");
      expect.soft(await axeViolations(at), `${path} at ${at.viewportSize()?.width}px`).toEqual([]);
    };
    await check(page);
    await check(mobilePage);
  });
}
