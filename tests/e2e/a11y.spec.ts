import { axeViolations, resolveDemoPath } from "./helpers";
import { expect, test } from "./fixtures";

const ROUTES = [
  "/",
  "/company",
  "/artist",
  "/artist/{artist}",
  "/audition",
  "/pr",
  "/news",
  "/news?page=2",
  "/newsDetail/{news}",
  "/notice",
  "/noticeDetail/{notice}",
  "/adminLogin",
  "/this-page-does-not-exist",
];

for (const route of ROUTES) {
  test(`${route} has no axe-core violations (WCAG 2.2 A/AA and best practices)`, async ({ page, request }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const path = await resolveDemoPath(request, route);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await axeViolations(page), path).toEqual([]);
  });
}
