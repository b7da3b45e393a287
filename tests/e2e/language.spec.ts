import { DEMO_ARTISTS, expectLanguage, headerSwitch, resolveDemoPath } from "./helpers";
import { expect, test } from "./fixtures";

/** Every public page type: Korean at the original address (requirements R2.1), English under /en. */
const PAGE_TYPES = ["/", "/company", "/artist", "/artist/{artist}", "/audition", "/pr", "/news", "/newsDetail/{news}", "/notice", "/noticeDetail/{notice}"];

const english = (path: string) => (path === "/" ? "/en" : `/en${path}`);


test("the KO/EN switch in the header leads to the same page in the other language and back, on every page type", async ({ page, request }) => {
  test.setTimeout(90_000);
  for (const type of PAGE_TYPES) {
    const path = await resolveDemoPath(request, type);
    await page.goto(path);
    await headerSwitch(page).getByRole("link", { name: "English" }).click();
    await expectLanguage(page, "en", english(path));
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeAttached();
    await headerSwitch(page).getByRole("link", { name: "한국어" }).click();
    await expectLanguage(page, "ko", path);
  }
});

test("English pages keep the visitor in English: the menu, the roster and the lists link to English pages", async ({ page }) => {
  await page.goto("/en");
  await expect(page.getByRole("heading", { level: 1, name: "Want and Experience" })).toBeVisible();
  await expect(page.getByText("At WE ENTERTAINMENT, we put our actors")).toBeVisible();
  if ((page.viewportSize()?.width ?? 0) < 1000) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "ARTIST" }).click();
  } else {
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "ARTIST" }).click();
  }
  await expect(page).toHaveURL(/\/en\/artist$/);
  await page.locator(".artist-card__more").first().click();
  await expect(page).toHaveURL(/\/en\/artist\/[^/]+$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await page.getByRole("link", { name: "← All actors" }).click();
  await expect(page).toHaveURL(/\/en\/artist$/);
  await page.goto("/en/audition");
  await expect(page.getByRole("heading", { level: 1, name: "Auditions" })).toBeVisible();
  await expect(page.locator(".steps__item")).toHaveCount(4);
  await page.goto("/en/company");
  await expect(page.getByRole("heading", { level: 1, name: "About us" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the switch is a plain link: the same page in English and back", async ({ page, request }) => {
    const path = await resolveDemoPath(request, "/newsDetail/{news}");
    await page.goto(path);
    await headerSwitch(page).getByRole("link", { name: "English" }).click();
    await expectLanguage(page, "en", english(path));
    await headerSwitch(page).getByRole("link", { name: "한국어" }).click();
    await expectLanguage(page, "ko", path);
  });
});

test("an English artist page in English, and one without English content in Korean with a note", async ({ page }) => {
  const translated = DEMO_ARTISTS.find((a) => a.en?.education?.length && a.en.awards?.length)!;
  await page.goto(`/en/artist/${encodeURIComponent(translated.name)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(translated.nameEn);
  await expect(page.getByRole("row", { name: /Education/ })).toContainText(translated.en!.education![0]!);
  await expect(page.getByRole("note")).toHaveCount(0);

  const untranslated = DEMO_ARTISTS.find((a) => !a.en)!;
  await page.goto(`/en/artist/${encodeURIComponent(untranslated.name)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(untranslated.nameEn);
  await expect(page.getByRole("note")).toHaveText("Parts of this profile are not yet available in English and are shown in Korean.");
  await expect(page.getByRole("row", { name: /Education/ }).locator('ul[lang="ko"]')).toContainText(untranslated.education[0]!);
});
