import { asNewVisitor, backdateForm, choosePhotos, chooseVideo, contactFor, expect, fillApplication, receiptPattern, test } from "./audition-helpers";

/** The online application at both widths, with JavaScript and without: photos and a video file, then the receipt. */
// Whole application stories (type, choose files, send, read the answer) on a 2-core machine.
test.describe.configure({ timeout: 60_000 });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    test.beforeEach(async ({ page }, testInfo) => asNewVisitor(page, testInfo));

    test("the audition page leads to the form; apply with photos and a video file, and get a receipt number", async ({ page }, testInfo) => {
      await page.goto("/audition");
      await page.getByRole("link", { name: "온라인 지원하기" }).click();
      await expect(page).toHaveURL(/\/audition\/apply$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("온라인 오디션 지원");
      await fillApplication(page, contactFor(testInfo));
      await choosePhotos(page);
      await chooseVideo(page);
      await page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다. (필수)").check();
      await backdateForm(page, javaScriptEnabled);
      await page.getByRole("button", { name: "지원서 제출" }).click();
      await expect(page).toHaveURL(/\/audition\/apply\/complete$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("지원서가 접수되었습니다");
      await expect(page.locator(".receipt__number")).toHaveText(receiptPattern);
      await expect(page.getByRole("main").getByRole("link", { name: "개인정보처리방침" })).toHaveAttribute("href", "/privacy");
    });

  });
}
