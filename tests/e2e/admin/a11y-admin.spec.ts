import { expect, test } from "../fixtures";
import { axeViolations, resolveDemoPath } from "../helpers";
import { createNews } from "../../setup/content-api";
import { adminApi, uniqueName } from "./admin-helpers";

// Signed in over HTTP once per worker, the session shared by these tests: none of them signs out (the
// login form has its own stories in auth.spec.ts).
test.use({ signedIn: "per-worker" });

const WIDTHS = [1280, 390];
/** Admin pages, and public pages as the administrator sees them (with their edit controls). */
const ROUTES = [
  "/",
  "/pr",
  "/artist/{artist}",
  "/adminNewsWrite",
  "/adminNewsWrite/{news}",
  "/adminNewsWrite/{news}?delete",
  "/adminNewsWrite/{news}?delete=list",
  "/adminActor/{artist}?delete=editor",
  "/adminNoticeWrite",
  "/adminActor",
  "/adminActor/{artist}",
  "/adminApiTokens",
  "/adminLogin",
  "/admin",
  "/admin/posts",
  "/admin/posts?kind=notice&status=published&q=%EA%B3%B5%EC%A7%80",
  "/admin/artists",
  "/admin/artists?status=public&q=%ED%95%9C",
  "/admin/trash?kind=news",
  "/admin/audit",
  "/admin/media",
  "/admin/media/{media}",
  "/admin/media/{media}?delete",
  "/admin/settings",
  "/admin/staff",
  "/admin/account",
  "/admin/account/security",
  "/admin/preview/news/{news}",
  "/admin/preview/artist/1",
];

// One test per route, loading the page afresh at each width (as the browser of that width would) and
// reporting every width's violations (soft assertions), each under the route and the width.
for (const route of ROUTES) {
  test(`${route} as the administrator sees it has no axe-core violations at ${WIDTHS.join(" and ")} px`, async ({ page }) => {
    // The project's budget for each width.
    test.setTimeout(test.info().timeout * WIDTHS.length);
    const path = await resolveDemoPath(page.request, route);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      if (path.includes("Write") && !path.includes("delete")) await page.locator(".ql-editor").first().waitFor();
      expect.soft(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
    }
  });
}

/** A news post saved twice and then deleted: its history, a comparison, and the trash have something to show. */
async function revisedPostInTrash(baseURL: string): Promise<{ postId: number; title: string }> {
  const api = await adminApi(baseURL);
  const headers = { Origin: baseURL };
  const title = uniqueName("접근성 점검 소식 ");
  const postId = await createNews(api, baseURL, { title, content: "<p>처음 문장</p>" });
  await api.put(`/api/we/updatenews/${postId}`, { headers, data: { title, content: "<p>고친 문장</p>" } });
  await api.delete(`/api/we/deletenews/${postId}`, { headers });
  await api.dispose();
  return { postId, title };
}

test(`history, a comparison, the trash and its confirmation have no axe-core violations at ${WIDTHS.join(" and ")} px`, async ({ page, baseURL }) => {
  // Five pages at each width, on a 2-core machine: half again the project's budget for each width.
  test.setTimeout(test.info().timeout * 1.5 * WIDTHS.length);
  const { postId, title } = await revisedPostInTrash(baseURL!);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    const pages: [string, () => Promise<unknown>][] = [
      ["history", () => page.goto(`/admin/history/post/${postId}`)],
      ["comparison", () => page.getByRole("link", { name: "1번째 버전을 지금 버전과 비교" }).click()],
      ["trash", () => page.goto("/admin/trash")],
      ["delete forever", () => page.getByRole("link", { name: `${title} 영구 삭제` }).click()],
      ["empty trash", () => page.goto("/admin/trash?confirm=all")],
    ];
    for (const [name, open] of pages) {
      await open();
      await page.waitForLoadState("networkidle");
      expect.soft(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
    }
  }
});
