import type { Page, TestInfo } from "@playwright/test";
import { kstDate } from "../../app/domain/kst";
import { photoWithExif } from "../fixtures/audition-form";
import { oldStamp } from "../fixtures/audition-stamp";
import { tinyMp4 } from "../fixtures/videos";
import { expect, test } from "./fixtures";

/**
 * The online audition application as applicants meet it, with JavaScript and without: apply with
 * photos and a video file, an applicant under 14 with a guardian, refused without consent (keeping
 * what was typed), a second application refused kindly.
 */

let sequence = 0;
/** A phone number and e-mail no other test (or project, or run) uses. */
function contactFor(testInfo: TestInfo) {
  sequence++;
  const n = `${(Date.now() % 10_000_000) + testInfo.workerIndex * 7 + sequence}`.padStart(8, "0").slice(-8);
  return { phone: `010-${n.slice(0, 4)}-${n.slice(4)}`, email: `e2e${n}-${testInfo.project.name}@example.com` };
}

/**
 * The minimum fill time is measured from the server's signed stamp: date it back instead of waiting
 * (with JavaScript, once the form is hydrated, so React does not write the served stamp back).
 */
async function backdateForm(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator("form.apply-form[data-hydrated]")).toHaveCount(1);
  await page.locator('input[name="startedAt"]').evaluate((input, stamp) => ((input as HTMLInputElement).value = stamp), oldStamp());
}

let visitor = 0;
/** Each story comes from an address of its own (the server trusts the loopback proxy's header): the per-address limit is tested elsewhere. */
async function asNewVisitor(page: Page, testInfo: TestInfo) {
  visitor++;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${(testInfo.workerIndex * 50 + visitor + (testInfo.project.name === "mobile" ? 100 : 0)) % 250}` });
}

async function fillApplication(page: Page, contact: { phone: string; email: string }, options: { birthDate?: string; name?: string } = {}) {
  await page.getByLabel("이름 (필수)").fill(options.name ?? "한지민");
  await page.getByLabel("생년월일 (필수)").fill(options.birthDate ?? "2000-08-21");
  await page.getByRole("radio", { name: "여성" }).check();
  await page.getByLabel("휴대전화 번호 (필수)", { exact: true }).fill(contact.phone);
  await page.getByLabel("이메일 (필수)").fill(contact.email);
  await page.getByLabel("키 (cm) (필수)").fill("167");
  await page.getByLabel("경력·교육 사항").fill("독립영화 〈여름의 끝〉 조연\n연기 아카데미 1년");
  await page.getByLabel("자기소개 (필수)").fill("작은 역할도 진심으로 연기하는 배우가 되고 싶습니다.");
}

async function choosePhotos(page: Page) {
  await page.getByLabel(/사진 2~5장/).setInputFiles([
    { name: "face.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await photoWithExif("#aa4466")) },
    { name: "full-body.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await photoWithExif("#335577", 500, 900)) },
  ]);
}

async function chooseVideo(page: Page) {
  await page.getByLabel("자기소개 영상 파일").setInputFiles({ name: "self-tape.mp4", mimeType: "video/mp4", buffer: Buffer.from(tinyMp4(400_000)) });
}

const receiptPattern = new RegExp(`^AUD-${kstDate(new Date()).slice(0, 4)}-\\d{6}$`);

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
      await expect(page.getByRole("link", { name: "개인정보처리방침" })).toBeVisible();
    });

    test("refused without consent: the message names it, and what was typed is still there", async ({ page }, testInfo) => {
      await page.goto("/audition/apply");
      await fillApplication(page, contactFor(testInfo), { name: "윤서아" });
      await choosePhotos(page);
      await page.getByLabel("또는 영상 주소").fill("https://youtu.be/dQw4w9WgXcQ");
      await backdateForm(page, javaScriptEnabled);
      await page.getByRole("button", { name: "지원서 제출" }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("입력한 내용을 확인해 주세요.");
      await expect(alert.getByRole("link", { name: "개인정보 수집·이용에 동의해야 지원할 수 있습니다." })).toBeVisible();
      await expect(page.getByLabel("이름 (필수)")).toHaveValue("윤서아");
      await expect(page.getByLabel("자기소개 (필수)")).toHaveValue("작은 역할도 진심으로 연기하는 배우가 되고 싶습니다.");
      await expect(page.getByLabel("또는 영상 주소")).toHaveValue("https://youtu.be/dQw4w9WgXcQ");
      await expect(page.getByRole("radio", { name: "여성" })).toBeChecked();
      if (javaScriptEnabled) {
        // The form was sent in the background: the chosen photos are still chosen.
        expect(await page.getByLabel(/사진 2~5장/).evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(2);
      } else {
        await expect(page.getByText("보안을 위해 파일은 저장하지 않았습니다. 파일을 다시 골라 주세요.").first()).toBeVisible();
      }
      // Agreeing now is enough (without JavaScript the photos are chosen again).
      if (!javaScriptEnabled) await choosePhotos(page);
      await page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다. (필수)").check();
      await page.getByRole("button", { name: "지원서 제출" }).click();
      await expect(page.locator(".receipt__number")).toHaveText(receiptPattern);
    });

    test("an applicant under 14 applies with a legal guardian's name, phone and consent", async ({ page }, testInfo) => {
      const birthDate = `${Number(kstDate(new Date()).slice(0, 4)) - 11}-03-02`;
      await page.goto("/audition/apply");
      const guardian = page.getByRole("group", { name: /법정대리인/ });
      if (javaScriptEnabled) await expect(guardian).toHaveCount(0);
      await fillApplication(page, contactFor(testInfo), { birthDate, name: "정하윤" });
      await expect(guardian).toBeVisible();
      await choosePhotos(page);
      await page.getByLabel("또는 영상 주소").fill("https://tv.naver.com/v/12345678");
      await page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다. (필수)").check();
      await backdateForm(page, javaScriptEnabled);
      await page.getByRole("button", { name: "지원서 제출" }).click();
      await expect(page.getByRole("alert")).toContainText("법정대리인(부모님 등)의 이름을 입력해 주세요.");
      await guardian.getByLabel("법정대리인 이름").fill("정민수");
      await guardian.getByLabel("법정대리인 휴대전화 번호").fill("010-2222-3333");
      await guardian.getByLabel("법정대리인으로서 아래 개인정보 수집·이용에 동의합니다.").check();
      if (!javaScriptEnabled) await choosePhotos(page);
      await page.getByRole("button", { name: "지원서 제출" }).click();
      await expect(page.locator(".receipt__number")).toHaveText(receiptPattern);
    });

    test("a second application with the same phone within 30 days is refused, naming the first one's date", async ({ page }, testInfo) => {
      const contact = contactFor(testInfo);
      for (const attempt of [1, 2]) {
        await page.goto("/audition/apply");
        await fillApplication(page, attempt === 1 ? contact : { phone: contact.phone, email: `other-${contact.email}` });
        await choosePhotos(page);
        await page.getByLabel("또는 영상 주소").fill("https://vimeo.com/76979871");
        await page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다. (필수)").check();
        await backdateForm(page, javaScriptEnabled);
        await page.getByRole("button", { name: "지원서 제출" }).click();
        if (attempt === 1) await expect(page.locator(".receipt__number")).toHaveText(receiptPattern);
      }
      const [y, m, d] = kstDate(new Date()).split("-").map(Number);
      await expect(page.getByRole("alert")).toContainText(`${y}년 ${m}월 ${d}일에 접수된 지원서가 있습니다`);
      await expect(page.getByLabel("이름 (필수)")).toHaveValue("한지민");
    });
  });
}
