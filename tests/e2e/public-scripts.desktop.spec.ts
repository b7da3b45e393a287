import { resolveDemoPath } from "./helpers";
import { WEB_FONT_SCRIPT } from "../../app/lib/web-font";
import { expect, test } from "./fixtures";

/**
 * Decision 027: a visitor's public page is server-rendered HTML with one small module script; no React,
 * no React Router runtime, no inline script. Pages with a carousel also load the carousel island
 * (react-slick on preact/compat), and the application form its own small chunk.
 */
const PAGES = ["/", "/company", "/artist", "/artist/{artist}", "/audition", "/audition/apply", "/pr", "/newsDetail/{news}", "/privacy", "/en", "/en/artist", "/en/notice"];

test("a visitor's public pages load only the enhancement script (and the carousel island where there is one), no React", async ({ page, request }) => {
  test.setTimeout(60_000);
  for (const type of PAGES) {
    const path = await resolveDemoPath(request, type);
    const scripts: string[] = [];
    const onResponse = (response: { url(): string; request(): { resourceType(): string } }) => {
      // The site's own scripts (the contact block's Kakao SDK is the map service's, fetched near the map).
      const url = new URL(response.url());
      if (response.request().resourceType() === "script" && url.origin === new URL(page.url()).origin) scripts.push(url.pathname);
    };
    page.on("response", onResponse);
    await page.goto(path);
    // `data-enhanced` is set once every island of the page (the carousel, the application form) has been
    // fetched and set up; after that a public page fetches no script of its own (the map's SDK is Kakao's).
    await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
    page.off("response", onResponse);

    const carousel = (await page.locator(".carousel").count()) > 0;
    for (const script of scripts) expect(script, path).toMatch(/^\/assets\/enhance-[\w-]+\.js$/);
    expect(scripts.some((s) => /^\/assets\/enhance-carousel-/.test(s)), `${path} loads the carousel island`).toBe(carousel);
    // Nothing of React Router's runtime in the document, and no inline script to run but the web font's
    // flag (decision 048; allowed by its hash).
    expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterManifest" in window), path).toBe(false);
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain('rel="modulepreload"');
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1] ?? "") && !/type="application\/(ld\+)?json"/.test(m[1] ?? "")).map((m) => m[2]);
    expect(inline, path).toEqual([WEB_FONT_SCRIPT]);
  }
});

test("links between public pages are full page loads: each new page starts at the top with its fade-in", async ({ page }) => {
  await page.goto("/company");
  await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.getByRole("navigation", { name: "주 메뉴" }).getByRole("link", { name: "AUDITION" }).click();
  await expect(page).toHaveURL(/\/audition$/);
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.locator(".page-fade").evaluate((el) => getComputedStyle(el, "::after").animationName)).toBe("page-fade-in");
});
