import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { startOldSite } from "../../fixtures/old-site";

// Signed in over HTTP before each test.
test.use({ signedIn: true });
// One import at a time (the server refuses a second while one runs).
test.describe.configure({ mode: "serial" });

/**
 * /admin/import as an owner uses it: a dry run shows what would come, then the real run (the server's
 * own job) is followed to its end and the artists are on the site. With and without JavaScript.
 */
for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
  test.use({ javaScriptEnabled: js });
  test("a dry run, then the import, followed to its report", async ({ page }) => {
    const old = await startOldSite({ artists: 2, news: 0, notices: 0, firstArtist: js ? 400 : 420, photoSize: [120, 160] });
    try {
      await page.goto("/admin/import");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("이전 사이트 가져오기");
      const form = page.getByRole("form", { name: "가져오기 시작" });
      await form.getByLabel("예전 사이트 주소").fill(old.origin);
      await form.getByLabel("뉴스").uncheck();
      await form.getByLabel("공지사항").uncheck();
      await form.getByLabel(/시험 실행/).check();
      await form.getByRole("button", { name: "가져오기 시작" }).click();
      await expect(page.getByRole("status").filter({ hasText: "시험 실행을 마쳤습니다" })).toBeVisible();
      const dry = page.getByRole("region", { name: "시험 실행 결과" });
      await expect(dry.getByRole("row", { name: /배우/ })).toContainText("2");
      // axe runs in the page: checked with JavaScript on (the HTML is the same without it).
      if (js) expect(await axeViolations(page)).toEqual([]);

      // The form now holds the dry run's address and kinds, ready for the real run.
      await expect(form.getByLabel("예전 사이트 주소")).toHaveValue(old.origin);
      await expect(form.getByLabel("뉴스")).not.toBeChecked();
      await expect(form.getByLabel(/시험 실행/)).not.toBeChecked();
      await form.getByRole("button", { name: "가져오기 시작" }).click();
      await expect(page.getByRole("status").filter({ hasText: "가져오기를 시작했습니다" })).toBeVisible();
      // With JavaScript the page looks again by itself; without it, the page's own link does.
      const state = page.locator(".site-import-facts dd").first();
      if (js) {
        await expect(state).toHaveText("마침", { timeout: 30_000 });
      } else {
        await expect(async () => {
          await page.reload();
          await expect(state).toHaveText("마침", { timeout: 500 });
        }).toPass({ timeout: 30_000 });
      }
      const result = page.getByRole("region", { name: "결과", exact: true });
      await expect(result.getByRole("row", { name: /배우/ }).getByRole("cell").first()).toHaveText("2");
      // axe runs in the page: checked with JavaScript on (the HTML is the same without it).
      if (js) expect(await axeViolations(page)).toEqual([]);

      await page.goto(`/artist/${encodeURIComponent(old.artists[0]!.name)}`);
      await expect(page.getByText(old.artists[0]!.ename)).toBeVisible();
    } finally {
      await old.close();
    }
  });
  });
}
