import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";
import { signIn } from "./admin-helpers";

test("every admin page has no axe-core violations at 1280 px and 390 px", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto("/news");
  const newsId = (await page.locator(".post-item__link").first().getAttribute("href"))!.split("/").pop();
  const artist = await page.goto("/artist").then(() => page.locator(".artist-card__more").first().getAttribute("href"));
  const routes = [
    "/",
    "/pr",
    artist!,
    "/adminNewsWrite",
    `/adminNewsWrite/${newsId}`,
    `/adminNewsWrite/${newsId}?delete`,
    "/adminNoticeWrite",
    "/adminActor",
    `/adminActor/${artist!.split("/").pop()}`,
    "/adminApiTokens",
    "/adminLogin",
  ];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const route of routes) {
      await page.goto(route);
      await page.waitForLoadState("networkidle");
      if (route.startsWith("/admin") && route.includes("Write") && !route.includes("delete")) await page.locator(".ql-editor").waitFor();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
      const violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
      expect(violations, `${route} at ${width}px`).toEqual([]);
    }
  }
});
