import { expect, test } from "../fixtures";
import { axeViolations, resolveDemoPath } from "../helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

const WIDTHS = [1280, 390];
/** Admin pages, and public pages as the administrator sees them (with their edit controls). */
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
  "/admin/media",
  "/admin/media/{media}",
  "/admin/media/{media}?delete",
  "/adminLogin",
];

for (const width of WIDTHS) {
  for (const route of ROUTES) {
    test(`${route} as the administrator sees it has no axe-core violations at ${width} px`, async ({ page }) => {
      const path = await resolveDemoPath(page.request, route);
      await page.setViewportSize({ width, height: 844 });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      if (path.includes("Write") && !path.includes("delete")) await page.locator(".ql-editor").waitFor();
      expect(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
    });
  }
}
