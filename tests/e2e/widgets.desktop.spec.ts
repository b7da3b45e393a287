import type { Page } from "@playwright/test";
import { kstDate } from "../../app/domain/kst";
import { oldStamp } from "../fixtures/audition-stamp";
import { controlClock, currentSlide } from "./helpers";
import { asNewVisitor, backdateForm, choosePhotos, contactFor, fillApplication } from "./audition-helpers";
import { expect, test } from "./fixtures";

/**
 * Each widget is one React component (decision 038): hydrated by preact/compat's loader on a visitor's
 * page and by React on the signed-in administrator's. The same stories run in both.
 */
const HOME = ".home-artists .carousel";

const FAKE_KAKAO_SDK = `window.kakao = { maps: {
  load(cb) { setTimeout(cb, 10); },
  LatLng: function (lat, lng) { this.lat = lat; this.lng = lng; },
  Map: function (el) { el.innerHTML = '<div class="fake-map">MAP</div>'; },
  Marker: function () {},
  InfoWindow: function (opts) { this.open = function () { document.querySelector('.fake-map').appendChild(opts.content); }; },
} };`;

/** The flash cookie as the server writes it (an unsigned cookie holding a JSON string). */
const signedOutFlash = Buffer.from(JSON.stringify("signed-out")).toString("base64");

/** The page is of that context and its widgets are running (enhanced, or hydrated by React). */
async function expectContext(page: Page, context: "visitor" | "admin") {
  await expect(page.locator("html")).toHaveAttribute(context === "visitor" ? "data-enhanced" : "data-hydrated", "");
  const hasReact = await page.evaluate(() => "__reactRouterContext" in window);
  expect(hasReact, `React on the ${context}'s page`).toBe(context === "admin");
}

for (const context of ["visitor", "admin"] as const) {
  test.describe(`on a ${context}'s page`, () => {
    test.use({ signedIn: context === "admin" ? "per-worker" : false });
    // A worker's first signed-in test may wait up to 30 s for the next TOTP step (each code works once
    // per account, and the browser tests share one, decision 040): the admin project's budget, not 30 s.
    if (context === "admin") test.describe.configure({ timeout: 120_000 });

    test("the home carousel plays by itself (2 s interval), the pause control stops it, and a slide links to its artist", async ({ page }) => {
      const clock = await controlClock(page);
      await page.goto("/");
      await expectContext(page, context);
      await expect(page.locator(HOME)).toHaveClass(/is-ready/);
      await clock.pause();
      await page.clock.runFor(2_100); // a transition under way (2 s) finishes
      const start = await currentSlide(page, HOME);
      await page.clock.runFor(2_100); // one interval (react-slick ticks every autoplaySpeed + 50 ms)
      await expect.poll(() => currentSlide(page, HOME)).not.toBe(start);

      await page.getByRole("button", { name: "자동 넘김 일시정지" }).first().click();
      await expect(page.getByRole("button", { name: "자동 넘김 재생" }).first()).toHaveAttribute("aria-pressed", "true");
      await page.clock.runFor(2_100);
      const paused = await currentSlide(page, HOME);
      await page.clock.runFor(20_000); // ten intervals
      expect(await currentSlide(page, HOME)).toBe(paused);

      await page.getByRole("button", { name: "다음 사진" }).first().click();
      await page.clock.runFor(100);
      await expect.poll(() => currentSlide(page, HOME)).not.toBe(paused);

      await page.clock.runFor(2_100); // the step finishes
      const slide = page.locator(`${HOME} .slick-current a`);
      const href = await slide.getAttribute("href");
      expect(href).toMatch(/^\/artist\//);
      await slide.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });

    test("the back-to-top button shows after 200 px of scrolling and takes the visitor to the top", async ({ page }) => {
      await page.goto("/");
      await expectContext(page, context);
      const button = page.getByRole("link", { name: "맨 위로" });
      await expect(button).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 150));
      await expect(page.locator("a.scroll-top")).toHaveClass(/is-hidden/);
      await page.evaluate(() => window.scrollTo(0, 900));
      await expect(button).toBeVisible();
      await button.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await expect(page.locator("#main")).toBeFocused();
      await expect(button).toBeHidden();
    });

    test("the flash notice can be closed; the live region stays", async ({ page, context: browserContext, baseURL }) => {
      await browserContext.addCookies([{ name: "we_flash", value: signedOutFlash, url: baseURL! }]);
      await page.goto("/company");
      await expectContext(page, context);
      const flash = page.locator(".flash");
      await expect(flash.locator(".flash__message")).not.toHaveText("");
      await page.getByRole("button", { name: "알림 닫기" }).click();
      await expect(flash.locator(".flash__message")).toHaveCount(0);
      await expect(flash).toHaveAttribute("aria-live", "polite");
    });

    test("the Kakao map replaces its card once the SDK has drawn it", async ({ page }) => {
      await page.route("https://dapi.kakao.com/**", (route) => route.fulfill({ contentType: "application/javascript", body: FAKE_KAKAO_SDK }));
      await page.goto("/news");
      await expectContext(page, context);
      await expect(page.locator(".map-fallback")).toBeVisible();
      await page.getByRole("heading", { name: "오시는 길" }).scrollIntoViewIfNeeded();
      await expect(page.locator(".kakao-map__canvas.is-drawn .kakao-map__info")).toHaveText("WE ENTERTAINMENT");
      await expect(page.locator(".map-fallback")).toHaveCount(0);
    });

    test("the audition form: the guardian's part only under 14, progress while sending, a refusal shown in place with the files kept", async ({ page }, testInfo) => {
      test.slow(); // A whole application (type, choose files, send) on a 2-core machine.
      await asNewVisitor(page, testInfo);
      await page.goto("/audition/apply");
      await expectContext(page, context);
      await expect(page.locator("form.apply-form[data-enhanced]")).toHaveCount(1);
      const guardian = page.getByRole("group", { name: /법정대리인/ });
      await expect(guardian).toHaveCount(0);
      const year = Number(kstDate(new Date()).slice(0, 4));
      await page.getByLabel("생년월일 (필수)").fill(`${year - 10}-05-01`);
      await expect(guardian).toBeVisible();
      await page.getByLabel("생년월일 (필수)").fill(`${year - 20}-05-01`);
      await expect(guardian).toHaveCount(0);

      // Refused (no consent): held back until the progress has been seen.
      await fillApplication(page, contactFor(testInfo), { name: "윤서아" });
      await choosePhotos(page);
      await backdateForm(page, true);
      // The server gives the stamp for the next try back (here one the form never had).
      const nextStamp = oldStamp(undefined, 30);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/audition/apply/submit", async (route) => {
        await released;
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), stamp: nextStamp } });
      });
      await page.getByRole("button", { name: "지원서 제출" }).click();
      await expect(page.getByRole("button", { name: "보내는 중..." })).toBeDisabled();
      const progress = page.getByRole("status").filter({ hasText: "지원서를 보내는 중입니다." });
      await expect(progress).toBeVisible();
      await expect(progress.getByRole("progressbar", { name: "지원서 전송 진행률" })).toBeVisible();
      release();

      const alert = page.getByRole("alert");
      await expect(alert).toContainText("입력한 내용을 확인해 주세요.");
      await expect(alert).toBeFocused();
      await expect(alert.getByRole("link", { name: "개인정보 수집·이용에 동의해야 지원할 수 있습니다." })).toBeVisible();
      await expect(page.locator("#consent-error")).toHaveText("개인정보 수집·이용에 동의해야 지원할 수 있습니다.");
      await expect(page.getByLabel("위 내용을 읽었으며 개인정보 수집·이용에 동의합니다. (필수)")).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(/\/audition\/apply$/);
      await expect(page.getByLabel("이름 (필수)")).toHaveValue("윤서아");
      expect(await page.getByLabel(/사진 2~5장/).evaluate((input) => (input as HTMLInputElement).files?.length)).toBe(2);
      await expect(page.getByRole("button", { name: "지원서 제출" })).toBeEnabled();
      await expect(page.getByRole("status").filter({ hasText: "지원서를 보내는 중입니다." })).toHaveCount(0);
      await expect(page.locator('input[name="startedAt"]')).toHaveValue(nextStamp);
    });

    test("a profile's gallery photo opens large in a dialog; arrows move, Escape closes it and focus returns; the hamburger and the menu's close control are buttons", async ({ page }) => {
      const artist = (await (await page.request.get("/api/we/actorList")).json()) as { name: string }[];
      await page.goto(`/artist/${encodeURIComponent(artist[0]!.name)}`);
      await expectContext(page, context);
      expect(await page.locator(".hamburger").evaluate((el) => el.localName)).toBe("button");
      const links = page.getByRole("region", { name: "GALLERY" }).getByRole("link");
      await links.first().click();
      const dialog = page.getByRole("dialog", { name: "사진 크게 보기" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("button", { name: "닫기" })).toBeFocused();
      await expect(dialog).toContainText(/^1 \/ \d/);
      await page.keyboard.press("ArrowRight");
      await expect(dialog).toContainText(/^2 \/ \d/);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(links.nth(1)).toBeFocused();
    });

    test.describe("at 390 px", () => {
      test.use({ viewport: { width: 390, height: 844 } });

      test("the overlay menu opens, traps focus, closes with Escape, and closes when a link is followed", async ({ page }) => {
        await page.goto("/");
        await expectContext(page, context);
        const toggle = page.getByRole("button", { name: "메뉴 열기" });
        await expect(page.locator("#site-menu")).toHaveCount(0);
        await toggle.click();
        const overlay = page.getByRole("dialog", { name: "전체 메뉴" });
        await expect(overlay).toBeVisible();
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
        await expect(overlay.getByRole("button", { name: "메뉴 닫기" })).toBeFocused();
        expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press("Tab");
          expect(await page.evaluate(() => document.activeElement?.closest("#site-menu") !== null)).toBe(true);
        }
        await page.keyboard.press("Escape");
        await expect(overlay).toHaveCount(0);
        await expect(toggle).toBeFocused();
        expect(await page.evaluate(() => document.body.style.overflow)).toBe("");

        await toggle.click();
        await overlay.getByRole("button", { name: "메뉴 닫기" }).click();
        await expect(overlay).toHaveCount(0);

        await toggle.click();
        await overlay.getByRole("link", { name: "COMPANY", exact: true }).click();
        await expect(page).toHaveURL(/\/company$/);
        await expect(page.locator("#site-menu")).toHaveCount(0);
        await expect(page.getByRole("button", { name: "메뉴 열기" })).toHaveAttribute("aria-expanded", "false");
      });

      test("a window that becomes wide closes the open menu outright", async ({ page }) => {
        await page.goto("/company");
        await expectContext(page, context);
        await page.getByRole("button", { name: "메뉴 열기" }).click();
        await expect(page.getByRole("dialog", { name: "전체 메뉴" })).toBeVisible();
        await page.setViewportSize({ width: 1280, height: 800 });
        await expect(page.locator("#site-menu")).toHaveCount(0);
        expect(await page.evaluate(() => document.body.style.overflow)).toBe("");
      });
    });
  });
}
