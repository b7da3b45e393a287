import { axeViolations, DEMO_ARTISTS, tabTo } from "./helpers";
import { asNewVisitor, expect, test } from "./audition-helpers";

/**
 * The visitor's rough edges of issue 28, at 1280 px (desktop project) and 390 px (mobile project), with
 * JavaScript and without: the menu's controls are buttons, the header is opaque and its links whole, a
 * profile's gallery opens large, manual slides are instant under reduced motion, an empty application
 * form gets its field errors. (No floating control covering another: admin/floating-controls.spec.ts.)
 */
const profile = `/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`;
const galleryCount = DEMO_ARTISTS[0]!.imageCount - 1;

test("the header is opaque: nothing scrolled under it shows through", async ({ page }) => {
  await page.goto("/company");
  expect(await page.locator(".site-header").evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 255, 255)");
});

test("the header's links stay whole words at 1000 to 1024 px, with the web font and without it", async ({ page, consoleErrors }) => {
  for (const font of ["loaded", "blocked"] as const) {
    if (font === "blocked") await page.route(/\.woff2$/, (route) => route.abort());
    for (const width of [1000, 1012, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/company");
      const links = page.getByRole("navigation", { name: "주 메뉴" }).locator(".site-nav__link");
      await expect(links.first()).toBeVisible();
      // One line each: a link broken mid-word ("COMPAN/Y") lays its text out on two lines.
      const lines = await links.evaluateAll((els) =>
        els.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return [el.textContent, new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size] as const;
        }),
      );
      for (const [text, count] of lines) expect(count, `${text} at ${width}px, font ${font}`).toBe(1);
    }
  }
  // The font's failed loads are this test's own doing; any other console error still fails it.
  const fontFailures = (error: string) => /Failed to load resource: net::ERR_FAILED \(.*\.woff2\)$/.test(error);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !fontFailures(error)));
});

test.describe("the overlay menu", () => {
  // A narrow screen's control: asked at 390 px in every project.
  test.use({ viewport: { width: 390, height: 844 } });

  test("its hamburger and close control are buttons: Space opens and closes it without scrolling the page; its two language navigations have names of their own", async ({ page }) => {
    await page.goto("/company");
    const toggle = page.getByRole("button", { name: "메뉴 열기" });
    expect(await toggle.evaluate((el) => el.localName)).toBe("button");
    await toggle.focus();
    await page.keyboard.press("Space");
    const overlay = page.getByRole("dialog", { name: "전체 메뉴" });
    await expect(overlay).toBeVisible();
    const close = overlay.getByRole("button", { name: "메뉴 닫기" });
    await expect(close).toBeFocused();
    expect(await close.evaluate((el) => el.localName)).toBe("button");
    await expect(overlay.getByRole("navigation", { name: "전체 메뉴 언어 선택" })).toBeVisible();
    const names = await page.getByRole("navigation").evaluateAll((els) => els.filter((el) => el.checkVisibility()).map((el) => el.getAttribute("aria-label")));
    expect(new Set(names).size).toBe(names.length);
    await overlay.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    expect(await axeViolations(page, "#site-menu")).toEqual([]);
    await page.keyboard.press("Space");
    await expect(overlay).toHaveCount(0);
    await expect(toggle).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test("under reduced motion a slide the visitor asks for is there at once, not after a 2 s glide", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(profile);
  const carousel = page.getByRole("region", { name: `${DEMO_ARTISTS[0]!.name} 사진` });
  await expect(carousel).toHaveClass(/is-ready/);
  const track = carousel.locator(".slick-track");
  const next = carousel.getByRole("button", { name: "다음 사진" });
  const position = () => track.evaluate((el) => el.style.transform);
  // react-slick moves in a timer of its own after the click: wait for the move, whenever it comes.
  const first = await position();
  await next.click();
  await expect.poll(position).not.toBe(first);
  // Two frames after the move the track shows where it was sent: no transition is still running.
  const shown = await track.evaluate(async (el) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return { x: new DOMMatrix(getComputedStyle(el).transform).m41, target: new DOMMatrix(el.style.transform).m41, running: el.getAnimations().length };
  });
  expect(shown.x).toBeCloseTo(shown.target, 0);
  expect(shown.running).toBe(0);
  // And the slide is done at once: a second click moves on again (during a 2 s glide react-slick drops it).
  const second = await position();
  await next.click();
  await expect.poll(position).not.toBe(second);
});

test("a profile's gallery photo opens large in a dialog: keyboard only, Escape closes it, arrows move, focus comes back", async ({ page }) => {
  await page.goto(profile);
  const gallery = page.getByRole("region", { name: "GALLERY" });
  const links = gallery.getByRole("link");
  await expect(links).toHaveCount(galleryCount);
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  await tabTo(page, links.first());
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "사진 크게 보기" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "닫기" })).toBeFocused();
  await expect(dialog.getByRole("img", { name: `${DEMO_ARTISTS[0]!.name} 사진 2` })).toBeVisible();
  await expect(dialog).toContainText(`1 / ${galleryCount}`);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("img", { name: `${DEMO_ARTISTS[0]!.name} 사진 3` })).toBeVisible();
  await expect(dialog).toContainText(`2 / ${galleryCount}`);
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(dialog).toContainText(`${galleryCount} / ${galleryCount}`);
  await page.keyboard.press("ArrowRight");
  // Focus stays inside while it is open.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(links.first()).toBeFocused();
  // A pointer too: the next button, then the close button.
  await links.nth(1).click();
  await dialog.getByRole("button", { name: "다음 사진" }).click();
  await expect(dialog).toContainText(`3 / ${galleryCount}`);
  await dialog.getByRole("button", { name: "닫기" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(links.nth(2)).toBeFocused();
});

test("an empty application sent at once gets the fields' messages, never \"too fast\"", async ({ page }, testInfo) => {
  await asNewVisitor(page, testInfo);
  await page.goto("/audition/apply");
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  await page.getByRole("button", { name: "지원서 제출" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("입력한 내용을 확인해 주세요.");
  await expect(alert).not.toContainText("너무 빨리");
  await expect(alert.getByRole("link", { name: "성별을 선택해 주세요." })).toBeVisible();
  await expect(alert.getByRole("link", { name: "키를 입력해 주세요." })).toBeVisible();
});

test("the audition page's steps describe the online application too; the apply page offers the form by e-mail", async ({ page }) => {
  await page.goto("/audition");
  await expect(page.getByText("온라인 지원서를 바로 작성하거나, 아래 버튼으로 지원서 양식을 내려받아 빠짐없이 작성해 주세요.")).toBeVisible();
  await page.goto("/en/audition");
  await expect(page.getByText("Application review", { exact: true })).toBeVisible();
  await expect(page.getByText("By post", { exact: true })).toBeVisible();
  await expect(page.getByText(/you will get an application number straight away/)).toBeVisible();
  await page.goto("/audition/apply");
  await expect(page.getByText("양식을 내려받아 이메일로 보내셔도 됩니다.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a gallery photo is a plain link to its large image", async ({ page, request }) => {
    await page.goto(profile);
    const link = page.getByRole("region", { name: "GALLERY" }).getByRole("link").first();
    await expect(link).toHaveAccessibleName(`${DEMO_ARTISTS[0]!.name} 사진 2 (크게 보기)`);
    const href = (await link.getAttribute("href"))!;
    const image = await request.get(href);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toMatch(/^image\//);
    // The large one: wider than the photo shown in the grid.
    const shown = await link.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth || img.width);
    const { default: sharp } = await import("sharp");
    expect((await sharp(await image.body()).metadata()).width).toBeGreaterThanOrEqual(shown);
  });

  test("the roster is the same grid of cards: photo, names, VIEW MORE to the profile", async ({ page }) => {
    await page.goto("/artist");
    const cards = page.locator(".artist-card");
    await expect(cards).toHaveCount(DEMO_ARTISTS.length);
    await expect(cards.first().getByRole("img", { name: `${DEMO_ARTISTS[0]!.name} 프로필 사진` })).toBeVisible();
    await expect(cards.first().getByRole("heading", { level: 2 })).toHaveText(DEMO_ARTISTS[0]!.nameEn);
    await expect(page.locator(".carousel")).toHaveCount(0);
    await cards.first().getByRole("link", { name: /VIEW MORE/ }).click();
    await expect(page).toHaveURL(new RegExp(`${profile}$`));
    // The artist's photos on the profile: the first shown as the server rendered it.
    await expect(page.locator(".artist-detail__photo img").first()).toBeVisible();
  });

  test("the hamburger is a link to the menu, whose close control is a link away from it", async ({ page }) => {
    // A narrow screen's control: asked at 390 px in every project.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/company");
    await page.getByRole("link", { name: "메뉴 열기" }).click();
    const overlay = page.locator("#site-menu");
    await expect(overlay).toBeVisible();
    await expect(overlay.getByRole("navigation", { name: "전체 메뉴 언어 선택" })).toBeVisible();
    await overlay.getByRole("link", { name: "메뉴 닫기" }).click();
    await expect(overlay).toBeHidden();
  });

  test("an empty application gets the fields' messages, never \"too fast\"", async ({ page }, testInfo) => {
    await asNewVisitor(page, testInfo);
    await page.goto("/audition/apply");
    await page.getByRole("button", { name: "지원서 제출" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("입력한 내용을 확인해 주세요.");
    await expect(alert).not.toContainText("너무 빨리");
    await expect(alert.getByRole("link", { name: "성별을 선택해 주세요." })).toBeVisible();
  });

  test("the back-to-top link sits at the end of the home page's content, over nothing", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("link", { name: "맨 위로" });
    expect(await link.evaluate((el) => getComputedStyle(el).position)).toBe("static");
    const footerTop = await page.getByRole("contentinfo").evaluate((el) => el.getBoundingClientRect().top + scrollY);
    const box = await link.evaluate((el) => ({ bottom: el.getBoundingClientRect().bottom + scrollY }));
    expect(box.bottom).toBeLessThanOrEqual(footerTop);
  });
});
