import type { Page, TestInfo } from "@playwright/test";
import { kstDate } from "../../app/domain/kst";
import { photoWithExif } from "../fixtures/audition-form";
import { oldStamp } from "../fixtures/audition-stamp";
import { tinyMp4 } from "../fixtures/videos";
import { expect, test } from "./fixtures";

export { expect, test };

/** Helpers of the online application stories (audition-apply*.spec.ts). */

let sequence = 0;
/** A phone number and e-mail no other test (or project, or run) uses. */
export function contactFor(testInfo: TestInfo) {
  sequence++;
  const n = `${(Date.now() % 10_000_000) + testInfo.workerIndex * 7 + sequence}`.padStart(8, "0").slice(-8);
  return { phone: `010-${n.slice(0, 4)}-${n.slice(4)}`, email: `e2e${n}-${testInfo.project.name}@example.com` };
}

/**
 * The minimum fill time is measured from the server's signed stamp: date it back instead of waiting
 * (with JavaScript, once its script has taken the form over, so it does not write the served stamp back).
 */
export async function backdateForm(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator("form.apply-form[data-enhanced]")).toHaveCount(1);
  await page.locator('input[name="startedAt"]').evaluate((input, stamp) => ((input as HTMLInputElement).value = stamp), oldStamp());
}

let visitor = 0;
/** Each story comes from an address of its own (the server trusts the loopback proxy's header): the per-address limit is tested elsewhere. */
export async function asNewVisitor(page: Page, testInfo: TestInfo) {
  visitor++;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${(testInfo.workerIndex * 50 + visitor + (testInfo.project.name === "mobile" ? 100 : 0)) % 250}` });
}

export async function fillApplication(page: Page, contact: { phone: string; email: string }, options: { birthDate?: string; name?: string } = {}) {
  await page.getByLabel("이름 (필수)").fill(options.name ?? "한지민");
  await page.getByLabel("생년월일 (필수)").fill(options.birthDate ?? "2000-08-21");
  await page.getByRole("radio", { name: "여성" }).check();
  await page.getByLabel("휴대전화 번호 (필수)", { exact: true }).fill(contact.phone);
  await page.getByLabel("이메일 (필수)").fill(contact.email);
  await page.getByLabel("키 (cm) (필수)").fill("167");
  await page.getByLabel("경력·교육 사항").fill("독립영화 〈여름의 끝〉 조연\n연기 아카데미 1년");
  await page.getByLabel("자기소개 (필수)").fill("작은 역할도 진심으로 연기하는 배우가 되고 싶습니다.");
}

/** The same applicant on the English form (/en/audition/apply, decision 065). */
export async function fillEnglishApplication(page: Page, contact: { phone: string; email: string }, options: { name?: string } = {}) {
  await page.getByLabel("Name (required)").fill(options.name ?? "Emma Clarke");
  await page.getByLabel("Date of birth (required)").fill("1999-05-02");
  await page.getByRole("radio", { name: "Female" }).check();
  await page.getByLabel("Mobile phone number (required)", { exact: true }).fill(contact.phone);
  await page.getByLabel("E-mail (required)").fill(contact.email);
  await page.getByLabel("Height (cm) (required)").fill("171");
  await page.getByLabel("Experience and training").fill("Drama school in London, two short films");
  await page.getByLabel("About you (required)").fill("I would love to act in Korean films and series.");
}

export async function choosePhotos(page: Page, label: RegExp = /사진 2~5장/) {
  await page.getByLabel(label).setInputFiles([
    { name: "face.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await photoWithExif("#aa4466")) },
    { name: "full-body.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await photoWithExif("#335577", 500, 900)) },
  ]);
}

export async function chooseVideo(page: Page) {
  await page.getByLabel("자기소개 영상 파일").setInputFiles({ name: "self-tape.mp4", mimeType: "video/mp4", buffer: Buffer.from(tinyMp4(400_000)) });
}

export const receiptPattern = new RegExp(`^AUD-${kstDate(new Date()).slice(0, 4)}-\\d{6}$`);

