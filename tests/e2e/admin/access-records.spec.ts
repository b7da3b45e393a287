import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { submitTestApplication } from "./admin-helpers";

// Signed in over HTTP before each test (the login form has its own stories in auth.spec.ts).
test.use({ signedIn: true });

/** The application's page, found through the list's search. */
async function openApplication(page: Page, receiptNumber: string) {
  await page.goto("/admin/auditions");
  await page.getByRole("search", { name: "지원서 찾기" }).getByLabel("이름·접수번호·연락처 검색").fill(receiptNumber);
  await page.getByRole("button", { name: "찾기" }).click();
  await page.getByRole("row").filter({ hasText: receiptNumber }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(receiptNumber);
}

for (const js of [true, false]) {
  test.describe(js ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("a photo downloads only with a reason, and the download is on the access records with who, the reason and the receipt number", async ({ page, request }) => {
      const applicant = await submitTestApplication(request);
      await openApplication(page, applicant.receiptNumber);

      // No reason: the application stays on screen, the message beside the field, and no file.
      const photo = page.locator("details").filter({ hasText: "사진 1 내려받기" });
      await photo.getByText("사진 1 내려받기").click();
      await photo.getByRole("button", { name: "내려받기" }).click();
      const reason = photo.getByRole("combobox", { name: /^내려받는 이유/ });
      await expect(reason).toHaveAccessibleDescription("내려받는 이유를 선택해 주세요.");
      await expect(reason).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("heading", { level: 1 })).toContainText(applicant.receiptNumber);

      // 기타 without a word: the choice kept, the message beside the text box.
      await reason.selectOption({ label: "기타" });
      await photo.getByRole("button", { name: "내려받기" }).click();
      const reasonText = photo.getByLabel(/^자세한 이유/);
      await expect(reasonText).toHaveAccessibleDescription(/‘기타’를 선택한 경우 이유를 적어 주세요\./);
      await expect(photo.getByRole("combobox", { name: /^내려받는 이유/ })).toHaveValue("other");
      await expect(page.getByRole("heading", { level: 1 })).toContainText(applicant.receiptNumber);

      // With a reason: the file, named by receipt number; the page stays, and no address holds the reason.
      await photo.getByRole("combobox", { name: /^내려받는 이유/ }).selectOption({ label: "합격자 계약 준비" });
      await photo.getByLabel(/^자세한 이유/).fill("계약서 첨부용");
      const [download] = await Promise.all([page.waitForEvent("download"), photo.getByRole("button", { name: "내려받기" }).click()]);
      expect(download.suggestedFilename()).toBe(`${applicant.receiptNumber}-photo-1.jpg`);
      expect(download.url()).toMatch(/\?ticket=/);
      expect(download.url()).not.toMatch(/reason|%EA%B3%84/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(applicant.receiptNumber);

      // The one-time address is used up: opened again, it goes back to the application with what to do.
      await page.goto(download.url());
      await expect(page.getByRole("heading", { level: 1 })).toContainText(applicant.receiptNumber);
      await expect(page.getByText("내려받기 주소는 1분 동안 한 번만 쓸 수 있습니다", { exact: false })).toBeVisible();

      // The access records, from the workspace's navigation, filtered by the receipt number.
      await page.getByRole("navigation", { name: "관리 메뉴" }).getByRole("link", { name: "접속기록" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("접속기록");
      await expect(page.getByText(/건의 연결을 확인했습니다/)).toBeVisible();
      const search = page.getByRole("search", { name: "접속기록 찾기" });
      await search.getByLabel("접수번호").fill(applicant.receiptNumber);
      await search.getByRole("combobox", { name: /^작업/ }).selectOption({ label: "사진·영상 내려받기" });
      await search.getByRole("button", { name: "찾기" }).click();
      await expect(page.getByRole("status").filter({ hasText: "건" })).toHaveText("1건");
      const row = page.getByRole("row").filter({ hasText: "사진·영상 내려받기" });
      await expect(row).toContainText("admin");
      await expect(row).toContainText("합격자 계약 준비: 계약서 첨부용");
      await expect(row).toContainText("사진 1");
      await expect(row.getByRole("link", { name: applicant.receiptNumber })).toBeVisible();
      // Names never appear on the page: receipt numbers only.
      await expect(page.getByText(applicant.name)).toHaveCount(0);

      // Opening the application was recorded too (the search that found it, its view).
      await search.getByRole("combobox", { name: /^작업/ }).selectOption({ label: "전체" });
      await search.getByRole("button", { name: "찾기" }).click();
      await expect(page.getByRole("row").filter({ hasText: "지원서 열람" }).first()).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: "목록 열람·검색" }).first()).toBeVisible();
    });
  });
}

test("the monthly inspection shows the month's counts and flags, and marks the month inspected with who and when", async ({ page, request }) => {
  const applicant = await submitTestApplication(request);
  await openApplication(page, applicant.receiptNumber);
  await page.goto("/admin/access-records");
  const month = await page.getByLabel("점검할 달").inputValue();
  // This month (the page suggests the last one, usually the one to inspect).
  const thisMonth = new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Seoul", year: "numeric", month: "2-digit" }).format(new Date());
  expect(month < thisMonth).toBe(true);
  await page.getByLabel("점검할 달").fill(thisMonth);
  await page.getByRole("button", { name: "월별 점검 보기" }).click();
  const [year, number] = thisMonth.split("-").map(Number) as [number, number];
  const label = `${year}년 ${number}월`;
  const inspection = page.getByRole("region", { name: `${label} 사람별·작업별 건수` });
  await expect(inspection.getByRole("row").filter({ hasText: "지원서 열람" }).first()).toBeVisible();
  const marked = page.getByText(/님이 점검을 마쳤습니다/);
  if ((await marked.count()) === 0) {
    await page.getByLabel("점검 메모 (선택)").fill("이상 없음");
    await page.getByRole("button", { name: `${label} 점검 완료로 기록` }).click();
  }
  await expect(page.getByText(/님이 점검을 마쳤습니다/)).toContainText("admin");
});

for (const width of [1280, 390]) {
  test(`the access records and the monthly inspection have no axe-core violations at ${width} px`, async ({ page, request }) => {
    const applicant = await submitTestApplication(request);
    await openApplication(page, applicant.receiptNumber);
    await page.setViewportSize({ width, height: 844 });
    for (const path of ["/admin/access-records", `/admin/access-records?receipt=${applicant.receiptNumber}`, "/admin/access-records?month=2026-11", "/admin/access-records?action=export&actor=nobody"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await axeViolations(page), `${path} at ${width}px`).toEqual([]);
    }
  });
}
