import AxeBuilder from "@axe-core/playwright";
import { DEMO_ARTISTS } from "./helpers";
import { expect, test } from "./fixtures";

const ROUTES = ["/", "/company", "/artist", `/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`, "/audition", "/pr", "/news", "/news?page=2", "/notice", "/adminLogin", "/this-page-does-not-exist"];

test("every public page has no axe-core violations (WCAG 2.2 A/AA and best practices)", async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  const routes = [...ROUTES];
  await page.goto("/news");
  routes.push((await page.locator(".post-item__link").first().getAttribute("href"))!);
  await page.goto("/notice");
  routes.push((await page.locator(".post-item__link").first().getAttribute("href"))!);
  for (const route of routes) {
    await page.goto(route);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
    const violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
    expect(violations, route).toEqual([]);
  }
});
