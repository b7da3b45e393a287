import { SUBMISSIONS_PER_ADDRESS_PER_HOUR } from "../../app/domain/auditions";
import { kstDate } from "../../app/domain/kst";
import { asNewVisitor, backdateForm, choosePhotos, contactFor, expect, fillApplication, receiptPattern, test } from "./audition-helpers";

/**
 * The application's rules as applicants meet them, with JavaScript and without (at one width; the
 * form's layout at both is covered by audition-apply.spec.ts): refused without consent keeping what
 * was typed, an applicant under 14 with a guardian, a sender over the per-address limit, a second
 * application received like any other.
 */
// Whole application stories (type, choose files, send, read the answer) on a 2-core machine.
test.describe.configure({ timeout: 60_000 });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    test.beforeEach(async ({ page }, testInfo) => asNewVisitor(page, testInfo));

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
        await expect(page.getByText("보안을 위해 파일은 저장하지 않았습니다. 파일을 다시 첨부해 주세요.").first()).toBeVisible();
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

    test("over the per-address limit, the form is refused before it is read and says when to try again", async ({ page, baseURL }, testInfo) => {
      // An address of its own, used up first with posts that did not come from the form (no time
      // stamp): a bot's refused posts count toward the limit, a visitor's mistakes do not.
      const address = `198.18.${testInfo.workerIndex}.${javaScriptEnabled ? 1 : 2}`;
      await page.setExtraHTTPHeaders({ "X-Forwarded-For": address });
      for (let attempt = 0; ; attempt++) {
        expect(attempt).toBeLessThanOrEqual(SUBMISSIONS_PER_ADDRESS_PER_HOUR + 1);
        const response = await page.request.post("/audition/apply/submit", { multipart: { name: "한도" }, headers: { Origin: baseURL!, "X-Forwarded-For": address } });
        if (response.status() === 429) break;
        expect(response.status()).toBe(400);
      }
      await page.goto("/audition/apply");
      await fillApplication(page, contactFor(testInfo), { name: "한도초과" });
      await choosePhotos(page);
      await page.getByLabel("또는 영상 주소").fill("https://youtu.be/dQw4w9WgXcQ");
      await page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다. (필수)").check();
      await backdateForm(page, javaScriptEnabled);
      await page.getByRole("button", { name: "지원서 제출" }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText("같은 네트워크에서 제출이 많아 잠시 제한되었습니다.");
      await expect(alert).toContainText(/\d+분 뒤 다시 시도해 주세요\./);
      if (javaScriptEnabled) {
        await expect(alert).toContainText("입력한 내용은 이 화면에 그대로 있습니다.");
        await expect(page.getByLabel("이름 (필수)")).toHaveValue("한도초과");
        expect(await page.getByLabel(/사진 2~5장/).evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(2);
      } else {
        await expect(alert).toContainText("이번에 보낸 내용과 파일은 받지 못했으니 다시 입력해 주세요.");
        await expect(page.getByRole("button", { name: "지원서 제출" })).toBeVisible();
      }
    });

    test("a second application with the same phone within 30 days is received like the first: its own receipt number, no word of the first (decision 033)", async ({ page }, testInfo) => {
      const contact = contactFor(testInfo);
      const receipts: string[] = [];
      for (const attempt of [1, 2]) {
        await page.goto("/audition/apply");
        await fillApplication(page, attempt === 1 ? contact : { phone: contact.phone, email: `other-${contact.email}` });
        await choosePhotos(page);
        await page.getByLabel("또는 영상 주소").fill("https://vimeo.com/76979871");
        await page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다. (필수)").check();
        await backdateForm(page, javaScriptEnabled);
        await page.getByRole("button", { name: "지원서 제출" }).click();
        await expect(page.locator(".receipt__number")).toHaveText(receiptPattern);
        receipts.push((await page.locator(".receipt__number").textContent())!);
        await expect(page.getByRole("alert")).toHaveCount(0);
      }
      expect(receipts[1]).not.toBe(receipts[0]);
      await expect(page.locator("main")).not.toContainText(receipts[0]!);
    });
  });
}
