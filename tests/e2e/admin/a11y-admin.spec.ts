import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";
import { signIn } from "./admin-helpers";

const WIDTHS = [1280, 390];
/** Admin pages and public pages as the administrator sees them; `{news}` and `{artist}` are filled in from the demo content. */
const ROUTES = [
  "/",
  "/pr",
  "/artist/{artist}",
  "/adminNewsWrite",
  "/adminNewsWrite/{news}",
  "/adminNewsWrite/{news}?delete",
  "/adminNoticeWrite",
  "/adminActor",
  "/adminActor/{artist}",
  "/adminApiTokens",
  "/adminLogin",
];

for (const width of WIDTHS) {
  for (const route of ROUTES) {
    test(`${route} as the administrator sees it has no axe-core violations at ${width} px`, async ({ page, request }) => {
      await signIn(page);
      const news = (await (await request.get("/api/we/newslist")).json()) as { postId: number }[];
      const artists = (await (await request.get("/api/we/actorList")).json()) as { name: string }[];
      const path = route.replace("{news}", String(news[0]!.postId)).replace("{artist}", encodeURIComponent(artists[0]!.name));
      await page.setViewportSize({ width, height: 844 });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      if (path.includes("Write") && !path.includes("delete")) await page.locator(".ql-editor").waitFor();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
      const violations = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
      expect(violations, `${path} at ${width}px`).toEqual([]);
    });
  }
}
