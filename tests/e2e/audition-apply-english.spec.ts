import type { Page } from "@playwright/test";
import { asNewVisitor, backdateForm, choosePhotos, contactFor, expect, fillEnglishApplication, receiptPattern, test } from "./audition-helpers";
import { axeViolations, axeViolationsWithoutJavaScript, headerSwitch } from "./helpers";

/**
 * Decision 065: applicants apply in English under /en, with English messages, consent texts and
 * receipt, at both widths, with JavaScript and without; a photo that is not one is named at once (with
 * JavaScript) or by the server (without), in both languages; the English privacy policy.
 */
// Whole application stories (type, choose files, send, read the answer) on a 2-core machine.
test.describe.configure({ timeout: 90_000 });

const PHOTOS_EN = /Photos \(2 to 5\)/;
const pdf = { name: "resume.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% not a photo\n") };

/** The error summary's links are targets of 44 px at least (WCAG 2.2 target size asks 24). */
async function expectTallSummaryLinks(page: Page) {
  const links = page.getByRole("alert").getByRole("link");
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });
    test.beforeEach(async ({ page }, testInfo) => asNewVisitor(page, testInfo));
    /** axe at this project's width (1280 or 390 px), on the page as it is with or without JavaScript. */
    const axe = (page: Page) => (javaScriptEnabled ? axeViolations(page) : axeViolationsWithoutJavaScript(page));

    test("an English applicant applies in English: English errors keep what was typed, then the English receipt", async ({ page }, testInfo) => {
      await page.goto("/en/audition");
      await page.getByRole("link", { name: "Apply online", exact: true }).click();
      await expect(page).toHaveURL(/\/en\/audition\/apply$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apply for an audition");
      // The language switch leads to the Korean form, not to another page.
      await expect(headerSwitch(page).getByRole("link", { name: "한국어" })).toHaveAttribute("href", "/audition/apply");
      await expect(page.getByRole("group", { name: /Consent to the collection and use of personal information/ })).toContainText(
        "You have the right to refuse consent",
      );

      const contact = contactFor(testInfo);
      const phone = `+44 7700 900${contact.phone.slice(-3)}`;
      await fillEnglishApplication(page, { phone, email: "emma.clarke@" });
      await choosePhotos(page, PHOTOS_EN);
      await page.getByLabel("Or a link to your video").fill("https://youtu.be/dQw4w9WgXcQ");
      await page.getByLabel("I have read the above and agree to the collection and use of my personal information. (Required)").check();
      await backdateForm(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Submit application" }).click();

      const alert = page.getByRole("alert");
      await expect(alert).toContainText("Please check your application.");
      await expect(alert.getByRole("link", { name: "This is not a valid e-mail address. For example: name@example.com" })).toBeVisible();
      await expect(page.getByLabel("E-mail (required)")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Name (required)")).toHaveValue("Emma Clarke");
      await expect(page.getByLabel("Mobile phone number (required)", { exact: true })).toHaveValue(phone);
      await expect(page.getByLabel("E-mail (required)")).toHaveValue("emma.clarke@");
      await expect(page.getByRole("radio", { name: "Female" })).toBeChecked();
      await expectTallSummaryLinks(page);
      if (!javaScriptEnabled) await expect(page.getByText("For your security, files are not kept after a refused submission. Please choose them again.").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await axe(page), "/en/audition/apply with errors").toEqual([]);

      await page.getByLabel("E-mail (required)").fill(contact.email);
      if (!javaScriptEnabled) await choosePhotos(page, PHOTOS_EN);
      await page.getByRole("button", { name: "Submit application" }).click();
      await expect(page).toHaveURL(/\/en\/audition\/apply\/complete$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your application has been received");
      await expect(page.locator(".receipt__number")).toHaveText(receiptPattern);
      await expect(page.getByText(/^Received: .* \(Korean time\)$/)).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/en/privacy");
      await expect(headerSwitch(page).getByRole("link", { name: "한국어" })).toHaveAttribute("href", "/audition/apply/complete");
      expect(await axe(page), "/en/audition/apply/complete").toEqual([]);
    });

    for (const [path, label, message] of [
      ["/audition/apply", /사진 2~5장/, "1번째 사진(‘resume.pdf’): 사진 파일이 아닙니다. JPEG, PNG, WebP 사진을 장당 15MB 이하로 올려 주세요."],
      ["/en/audition/apply", PHOTOS_EN, "Photo 1 (“resume.pdf”): this is not a photo. Please choose JPEG, PNG or WebP photos of up to 15 MB each."],
    ] as const) {
      test(`${path}: a file that is not a photo is named, with what is accepted, ${javaScriptEnabled ? "as soon as it is chosen" : "after sending"}`, async ({ page }) => {
        await page.goto(path);
        if (javaScriptEnabled) await expect(page.locator("form.apply-form[data-enhanced]")).toHaveCount(1);
        const photos = page.getByLabel(label);
        await photos.setInputFiles([pdf, { name: "face.jpg", mimeType: "image/jpeg", buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) }]);
        if (javaScriptEnabled) {
          // Nothing sent yet: the field says it, and a status message tells screen readers.
          await expect(page.getByRole("alert")).toHaveCount(0);
          await expect(page.locator("#photos-error")).toHaveText(message);
          await expect(photos).toHaveAttribute("aria-invalid", "true");
          await expect(page.getByRole("status").filter({ hasText: message })).toHaveCount(1);
          // Choosing photos instead takes the message away.
          await choosePhotos(page, label);
          await expect(page.locator("#photos-error")).toHaveCount(0);
        } else {
          await page.locator("form.apply-form button[type=submit]").click();
          await expect(page.locator("#photos-error")).toHaveText(message);
          await expect(page.getByRole("alert").getByRole("link", { name: message })).toBeVisible();
        }
      });
    }

    test("/en/privacy is the English translation, says that the Korean text governs, and states the Korean page's retention period", async ({ page }) => {
      test.slow();
      await page.goto("/privacy");
      const days = /(\d+)일 동안 보관/.exec((await page.locator(".privacy__retention").textContent()) ?? "")?.[1];
      expect(days).toMatch(/^\d+$/);
      await headerSwitch(page).getByRole("link", { name: "English" }).click();
      await expect(page).toHaveURL(/\/en\/privacy$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
      await expect(page.getByText("This English translation is provided for convenience; the Korean version governs.")).toBeVisible();
      await expect(page.locator(".privacy__retention")).toContainText(`We keep an application for ${days} days`);
      await expect(page.getByRole("link", { name: "개인정보처리방침 (한국어)" })).toHaveAttribute("href", "/privacy");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/en/privacy");
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.waitForLoadState("networkidle");
      expect(await axe(page), "/en/privacy").toEqual([]);
    });
  });
}
