import { expect, test } from "./fixtures";
import { DEMO_ARTISTS, isWide } from "./helpers";

/**
 * The home carousel names its artists as the roster does (the English name, the Korean below), and the
 * 404 page's outline is its message (the big "404" is decoration), with JavaScript and without.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("each slide of the home carousel shows its artist's names, on the Korean and the English home page", async ({ page }) => {
      const first = DEMO_ARTISTS[0]!;
      for (const path of ["/", "/en"]) {
        await page.goto(path);
        const carousel = page.locator(".home-artists .carousel");
        if (javaScriptEnabled) await expect(carousel).toHaveClass(/is-ready/);
        const visible = carousel.locator(javaScriptEnabled ? ".slick-slide.slick-active" : ".carousel__static .carousel__slide:visible");
        await expect(visible).toHaveCount(isWide(page) ? 3 : 1);
        const slide = visible.first();
        await expect(slide.locator(".carousel__caption-title")).toBeVisible();
        await expect(slide.locator(".carousel__caption-title")).toHaveText(first.nameEn);
        await expect(slide.locator(".carousel__caption-subtitle")).toHaveText(first.name);
        // The names are the link's name (the photo says nothing more).
        await expect(slide.getByRole("link")).toHaveAccessibleName(new RegExp(`${first.nameEn}\\s*${first.name}`));
        for (const caption of await visible.locator(".carousel__caption-title").all()) await expect(caption).not.toBeEmpty();
      }
    });

    test("the 404 page's one heading is its message; the big 404 is hidden from the outline", async ({ page }) => {
      for (const [path, message] of [
        ["/no-such-page", "페이지를 찾을 수 없습니다"],
        ["/en/no-such-page", "Page not found"],
      ] as const) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        const main = page.getByRole("main");
        await expect(main.getByRole("heading")).toHaveCount(1);
        await expect(main.getByRole("heading", { level: 1 })).toHaveText(message);
        await expect(page.locator(".error-page__code")).toHaveAttribute("aria-hidden", "true");
        await expect(page.locator(".error-page__code")).toHaveText("404");
      }
    });
  });
}
