import fs from "node:fs";
import type { Page } from "@playwright/test";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { submitTestApplication, uniqueName } from "./admin-helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

/** The list, searched for this story's applicants only. */
async function searchList(page: Page, query: string) {
  await page.getByRole("search", { name: "지원서 찾기" }).getByLabel("이름·접수번호·연락처 검색").fill(query);
  await page.getByRole("button", { name: "찾기" }).click();
  await expect(page.getByRole("status").filter({ hasText: "건의 지원서" })).toHaveText("3건의 지원서");
}

const rowOf = (page: Page, receiptNumber: string) => page.getByRole("row").filter({ hasText: receiptNumber });

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("the admin finds an application, reviews it, changes statuses one by one and in bulk, and exports the chosen rows as CSV", async ({ page, request }) => {
      // Three applicants through the public form (in parallel: each waits out the form's minimum fill time).
      const family = uniqueName(js ? "오디션가" : "오디션나");
      const [first, second, third] = await Promise.all(
        ["일", "이", "삼"].map((suffix) => submitTestApplication(request, { name: `${family}${suffix}` })),
      );

      await page.goto("/admin");
      await page.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "오디션 지원" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("오디션 지원");
      await searchList(page, family);
      await expect(rowOf(page, first!.receiptNumber).getByRole("cell", { name: "접수", exact: true })).toBeVisible();

      // The detail page: every field, the photos (loaded from the private route), the video link.
      await page.getByRole("link", { name: first!.name }).click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText(first!.receiptNumber);
      await expect(page.getByRole("link", { name: first!.phone })).toHaveAttribute("href", `tel:${first!.phone.replace(/-/g, "")}`);
      await expect(page.getByRole("link", { name: first!.email })).toHaveAttribute("href", `mailto:${first!.email}`);
      const photos = page.getByRole("img", { name: /^사진 \d \(원본 크게 보기\)$/ });
      await expect(photos).toHaveCount(2);
      for (const photo of await photos.all()) {
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }
      await expect(page.getByRole("link", { name: "YouTube에서 영상 보기" })).toHaveAttribute("href", first!.videoUrl);

      // One status change: the history shows it, with who.
      await page.getByLabel("바꿀 상태").selectOption({ label: "서류 합격" });
      await page.getByRole("button", { name: "상태 바꾸기" }).click();
      await expect(page.getByText(FLASH_MESSAGES["audition-status-changed"])).toBeVisible();
      const history = page.getByRole("region", { name: "상태 기록" });
      await expect(history.getByText("접수 → 서류 합격")).toBeVisible();
      await expect(history.getByText(/· admin$/)).toBeVisible();

      // Bulk: the other two go to 보류 together.
      await page.getByRole("link", { name: "오디션 지원" }).first().click();
      await searchList(page, family);
      await page.getByRole("checkbox", { name: `${second!.receiptNumber} ${second!.name} 선택` }).check();
      await page.getByRole("checkbox", { name: `${third!.receiptNumber} ${third!.name} 선택` }).check();
      await page.getByLabel("선택한 지원서의 상태").selectOption({ label: "보류" });
      await page.getByRole("button", { name: "상태 바꾸기" }).click();
      await expect(page.getByText(FLASH_MESSAGES["auditions-status-changed"])).toBeVisible();
      // Back on the same search.
      await expect(page.getByRole("status").filter({ hasText: "건의 지원서" })).toHaveText("3건의 지원서");
      await expect(rowOf(page, second!.receiptNumber)).toContainText("보류");
      await expect(rowOf(page, third!.receiptNumber)).toContainText("보류");
      await expect(rowOf(page, first!.receiptNumber)).toContainText("서류 합격");

      // CSV of two chosen rows: the download holds exactly those. (The bulk change came back as a new
      // document: with JavaScript, boxes are ticked once React runs it.)
      if (js) await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
      await page.getByRole("checkbox", { name: `${first!.receiptNumber} ${first!.name} 선택` }).check();
      await page.getByRole("checkbox", { name: `${third!.receiptNumber} ${third!.name} 선택` }).check();
      // The export asks why (decision 039; the access records have their own story in access-records.spec.ts).
      await page.getByRole("group", { name: /CSV로 내보내는 이유/ }).getByRole("combobox", { name: /^이유/ }).selectOption({ label: "심사 검토" });
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSV 내보내기" }).click()]);
      expect(download.suggestedFilename()).toMatch(/^(?:auditions|오디션_지원서)_?-?\d{4}-\d{2}-\d{2}\.csv$/);
      const bytes = fs.readFileSync(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = bytes.subarray(3).toString("utf8");
      expect(csv.split("\r\n")[0]).toMatch(/^접수번호,상태,이름,/);
      expect(csv).toContain(`${first!.receiptNumber},서류 합격,${first!.name},`);
      expect(csv).toContain(`${third!.receiptNumber},보류,${third!.name},`);
      expect(csv).not.toContain(second!.receiptNumber);
      expect(csv.match(/^AUD-\d{4}-\d{6},/gm)).toHaveLength(2);
    });
  });
}

test("an application's deletion comes after all of its data and the review: the last control of the page, past every Tab stop of the data", async ({ page, request }) => {
  const applicant = await submitTestApplication(request);
  await page.goto("/admin/auditions");
  await page.getByRole("search", { name: "지원서 찾기" }).getByLabel("이름·접수번호·연락처 검색").fill(applicant.receiptNumber);
  await page.getByRole("button", { name: "찾기" }).click();
  await rowOf(page, applicant.receiptNumber).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(applicant.receiptNumber);

  // The Tab stops of the page's own content, in order: the delete link is the last one.
  const stops = await page.locator("main").evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>("a[href], button, select, input, textarea, summary, [tabindex]")]
      .filter((el) => el.tabIndex >= 0 && !el.hasAttribute("disabled") && el.getClientRects().length > 0)
      .map((el) => el.textContent?.trim() ?? ""),
  );
  expect(stops.at(-1)).toBe("지원자 요청으로 삭제");
  expect(stops.indexOf("지원자 요청으로 삭제")).toBeGreaterThan(stops.indexOf("메모 저장"));
  expect(stops.indexOf("지원자 요청으로 삭제")).toBeGreaterThan(stops.indexOf("사진 1 내려받기"));
  await expect(page.getByRole("link", { name: "지원자 요청으로 삭제" })).toHaveCount(1);
});
