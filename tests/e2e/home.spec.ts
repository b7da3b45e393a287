import { DEMO_ARTISTS, isWide } from "./helpers";
import { expect, test } from "./fixtures";

test("the home page: logo block, intro, ARTIST carousel with server-rendered slides, contact block", async ({ page, request }) => {
  // The first HTML response already holds the first slides as real images with their size.
  const html = await (await request.get("/")).text();
  const staticSlides = html.slice(html.indexOf("carousel__static"), html.indexOf("carousel__static") + 4000);
  const imgs = staticSlides.match(/<img [^>]*>/g) ?? [];
  expect(imgs.length).toBe(3);
  for (const img of imgs) {
    expect(img).toMatch(/src="\/media\//);
    expect(img).toMatch(/width="\d+"/);
    expect(img).toMatch(/height="\d+"/);
    expect(img).toMatch(/srcSet="[^"]+ 480w/i);
  }
  expect(imgs[0]).toContain('fetchPriority="high"');
  expect(imgs[0]).toContain('loading="eager"');

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Want and Experience" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("창작의 욕구");
  await expect(page.getByRole("heading", { name: "ARTIST" })).toBeVisible();

  const carousel = page.locator(".home-artists .carousel");
  await expect(carousel).toHaveClass(/is-ready/);
  const expected = isWide(page) ? 3 : 1;
  await expect(carousel.locator(".slick-slide.slick-active")).toHaveCount(expected);
  // Ten images from the roster (or every image when the roster has fewer).
  const total = Math.min(10, DEMO_ARTISTS.reduce((n, a) => n + a.imageCount, 0));
  await expect(carousel.locator(".slick-slide:not(.slick-cloned)")).toHaveCount(total);
  await expect(carousel.locator(".slick-dots")).toHaveCount(0);

  await expect(page.getByRole("heading", { name: "오시는 길" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("layout constants: header 100 px fixed at stacking order 999, spacers 100/60 px, scroll button 60/50 px", async ({ page }) => {
  await page.goto("/");
  const header = page.locator(".site-header");
  expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
  expect(await header.evaluate((el) => getComputedStyle(el).zIndex)).toBe("999");
  expect((await header.boundingBox())?.height).toBe(100);

  const spacer = (await page.locator(".spacer").first().boundingBox())?.height;
  expect(spacer).toBe(isWide(page) ? 100 : 60);

  await page.mouse.wheel(0, 800);
  const button = page.getByRole("link", { name: "맨 위로" });
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box?.width).toBe(width < 768 ? 50 : 60);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the logo block slides down over 1.5 s and pages fade in over 1.5 s", async ({ page }) => {
  await page.goto("/");
  const logo = page.locator(".home-hero__logo");
  expect(await logo.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("1.5s");
  expect(await logo.evaluate((el) => getComputedStyle(el).animationName)).toBe("slide-down");
  // The page fades in: a cover in the page colour fades out over 1.5 s.
  const fade = await page.locator(".page-fade").evaluate((el) => {
    const cover = getComputedStyle(el, "::after");
    return `${cover.animationName} ${cover.animationDuration}`;
  });
  expect(fade).toBe("page-fade-in 1.5s");
});

test("every route change scrolls to the top", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  if (isWide(page)) {
    await page.getByRole("navigation", { name: "주 메뉴" }).getByRole("link", { name: "ARTIST" }).click();
  } else {
    await page.getByRole("button", { name: "메뉴 열기" }).click();
    await page.getByRole("dialog", { name: "전체 메뉴" }).getByRole("link", { name: "ARTIST" }).click();
  }
  await expect(page).toHaveURL(/\/artist$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
