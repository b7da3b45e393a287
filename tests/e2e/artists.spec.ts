import { DEMO_ARTISTS } from "./helpers";
import { expect, test } from "./fixtures";

test("the artist list shows each artist as a carousel with English name, Korean name and VIEW MORE", async ({ page }) => {
  await page.goto("/artist");
  await expect(page.getByRole("heading", { level: 1, name: "ARTIST" })).toBeVisible();
  const cards = page.locator(".artist-card");
  await expect(cards).toHaveCount(DEMO_ARTISTS.length);
  for (const [i, artist] of DEMO_ARTISTS.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole("heading", { level: 2 })).toHaveText(artist.nameEn);
    await expect(card.locator(".artist-card__name")).toHaveText(artist.name);
    await expect(card.getByRole("region", { name: `${artist.name} 사진` })).toBeVisible();
    await expect(card.getByRole("link", { name: `VIEW MORE ${artist.name} 프로필` })).toHaveAttribute(
      "href",
      `/artist/${encodeURIComponent(artist.name)}`,
    );
  }
  // One slide at a time, and every photo of the artist is in the carousel.
  const first = cards.first().locator(".carousel");
  await expect(first).toHaveClass(/is-ready/);
  await expect(first.locator(".slick-slide.slick-active")).toHaveCount(1);
  await expect(first.locator(".slick-slide:not(.slick-cloned)")).toHaveCount(DEMO_ARTISTS[0]!.imageCount);
});

test("VIEW MORE opens the artist's profile at a Korean URL, with every section and a way back", async ({ page }) => {
  const artist = DEMO_ARTISTS[1] ?? DEMO_ARTISTS[0]!;
  await page.goto("/artist");
  await page.getByRole("link", { name: `VIEW MORE ${artist.name} 프로필` }).click();
  await expect(page).toHaveURL(new RegExp(`/artist/${encodeURIComponent(artist.name)}$`));
  expect(decodeURIComponent(new URL(page.url()).pathname)).toBe(`/artist/${artist.name}`);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(artist.name);
  await expect(page.locator(".artist-detail__ename")).toHaveText(artist.nameEn);
  await expect(page.getByRole("img", { name: `${artist.name} 프로필 사진` })).toBeVisible();

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
