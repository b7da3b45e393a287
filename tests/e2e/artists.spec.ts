import { DEMO_ARTISTS } from "./helpers";
import { expect, test } from "./fixtures";

test("the artist list is a grid of cards: main photo, English name, Korean name and VIEW MORE; no carousel plays on it (decision 042)", async ({ page }) => {
  await page.goto("/artist");
  await expect(page.getByRole("heading", { level: 1, name: "ARTIST" })).toBeVisible();
  const cards = page.locator(".artist-card");
  await expect(cards).toHaveCount(DEMO_ARTISTS.length);
  for (const [i, artist] of DEMO_ARTISTS.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(artist.nameEn);
    await expect(card.locator(".artist-card__name")).toHaveText(artist.name);
    await expect(card.getByRole("img", { name: `${artist.name} 프로필 사진` })).toBeVisible();
    await expect(card.getByRole("link", { name: `VIEW MORE ${artist.name} 프로필` })).toHaveAttribute(
      "href",
      `/artist/${encodeURIComponent(artist.name)}`,
    );
  }
  await expect(page.getByRole("region", { name: /사진$/ })).toHaveCount(0);
  await expect(page.locator(".carousel")).toHaveCount(0);
  // Dense: several cards side by side (4 from 1000 px, 2 at 390 px), and the whole roster fits in a few screens.
  const perRow = (page.viewportSize()?.width ?? 0) >= 1000 ? 4 : 2;
  const tops = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
  expect(tops.filter((top) => top === tops[0]).length).toBe(perRow);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(perRow === 4 ? 2600 : 3200);
  // The whole card opens the profile.
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}$`));
  // The artist's carousel (requirements R5.3: one slide at a time, every photo) is on the profile.
  const carousel = page.getByRole("region", { name: `${DEMO_ARTISTS[0]!.name} 사진` });
  await expect(carousel).toHaveClass(/is-ready/);
  await expect(carousel.locator(".slick-slide.slick-active")).toHaveCount(1);
  await expect(carousel.locator(".slick-slide:not(.slick-cloned)")).toHaveCount(DEMO_ARTISTS[0]!.imageCount);
});

test("VIEW MORE opens the artist's profile at a Korean URL, with every section and a way back", async ({ page }) => {
  const artist = DEMO_ARTISTS[1] ?? DEMO_ARTISTS[0]!;
  await page.goto("/artist");
  await page.getByRole("link", { name: `VIEW MORE ${artist.name} 프로필` }).click();
  await expect(page).toHaveURL(new RegExp(`/artist/${encodeURIComponent(artist.name)}$`));
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/artist/${artist.name}`);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(artist.name);
  await expect(page.locator(".artist-detail__ename")).toHaveText(artist.nameEn);
  await expect(page.locator(".artist-detail__photo img").first()).toHaveAttribute("alt", `${artist.name} 프로필 사진`);

  const table = page.getByRole("table", { name: `${artist.name} 프로필` });
  await expect(table.getByRole("row", { name: /생년월일/ })).toContainText(artist.birthday);
  await expect(table.getByRole("row", { name: /키/ })).toContainText(`${artist.height}cm`);
  for (const entry of artist.education) await expect(table.getByRole("row", { name: /학력/ })).toContainText(entry);
  for (const entry of artist.awards) await expect(table.getByRole("row", { name: /수상/ })).toContainText(entry);
  for (const entry of artist.specialSkills) await expect(table.getByRole("row", { name: /특기/ })).toContainText(entry);
  await expect(table.getByRole("link", { name: /Instagram/ })).toHaveAttribute("href", artist.socialLink);

  const sections = [
    ["MOVIE", artist.films],
    ["DRAMA", artist.dramas],
    ["THEATER", artist.theater],
    ["CF", artist.commercials],
    ["BOOK", artist.books],
  ] as const;
  for (const [title, items] of sections) {
    const section = page.getByRole("region", { name: new RegExp(`^${title}`) });
    for (const item of items) await expect(section).toContainText(item);
  }

  // Gallery: images 2 to 5.
  await expect(page.getByRole("region", { name: "GALLERY" }).getByRole("img")).toHaveCount(artist.imageCount - 1);

  await page.getByRole("link", { name: "← 배우 목록으로" }).click();
  await expect(page).toHaveURL(/\/artist$/);
});

test("an unknown artist answers 404 with the not-found page", async ({ page }) => {
  const response = await page.goto(`/artist/${encodeURIComponent("없는배우")}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("페이지를 찾을 수 없습니다");
});
