import fs from "node:fs";
import { expect, test } from "./fixtures";

test("the audition page shows the four steps and reception, and the button downloads the application form", async ({ page }) => {
  await page.goto("/audition");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("오디션 안내");
  const steps = page.locator(".steps__item");
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(0)).toContainText("지원서");
  await expect(steps.nth(1)).toContainText("이메일");
  await expect(steps.nth(2)).toContainText("1차 서류 심사");
  await expect(steps.nth(3)).toContainText("2차 현장 오디션");

  const reception = page.getByRole("region", { name: "RECEPTION" });
  await expect(reception.getByRole("link", { name: /audition@/ })).toHaveAttribute("href", /^mailto:audition@/);
  await expect(reception).toContainText("서울특별시");

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "지원서 다운로드 (PDF, 173KB)" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("WE_ENTERTAINMENT_오디션_지원서.pdf");
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  expect(bytes.byteLength).toBeGreaterThan(10_000);
});
