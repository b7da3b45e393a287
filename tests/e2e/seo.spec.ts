import { SITE_ROUTES, staticPrefix } from "../../app/domain/site-routes";
import type { Page } from "@playwright/test";
import { DEMO_ARTISTS } from "./helpers";
import { expect, test } from "./fixtures";
import { articleSchema, organizationSchema, personSchema } from "../fixtures/structured-data";

async function meta(page: Page, selector: string) {
  return page.locator(selector).first().getAttribute("content");
}

const PAGES = [
  ["/", /^WE ENTERTAINMENT \| 위이엔터테인먼트$/],
  ["/company", /^회사 소개 \| WE ENTERTAINMENT$/],
  ["/artist", /^ARTIST \| WE ENTERTAINMENT$/],
  ["/audition", /^AUDITION \| WE ENTERTAINMENT$/],
  ["/pr", /^PR \| WE ENTERTAINMENT$/],
  ["/news", /^News \| WE ENTERTAINMENT$/],
  ["/notice", /^Notice \| WE ENTERTAINMENT$/],
  ["/privacy", /^개인정보처리방침 \| WE ENTERTAINMENT$/],
] as const;

for (const [path, title] of PAGES) {
  test(`${path} has a Korean title, a description, Open Graph tags and a canonical URL`, async ({ page, baseURL }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    expect((await meta(page, 'meta[name="description"]'))?.length).toBeGreaterThan(20);
    expect(await meta(page, 'meta[property="og:title"]')).toMatch(title);
    expect(await meta(page, 'meta[property="og:image"]')).toMatch(/^http/);
    expect(await meta(page, 'meta[property="og:locale"]')).toBe("ko_KR");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(new URL(path, baseURL).toString());
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(path === "/" || path === "/company" ? 1 : 0);
  });
}

test("artist and post pages carry Person and NewsArticle JSON-LD and their own preview image", async ({ page }) => {
  const artist = DEMO_ARTISTS[0]!;
  await page.goto(`/artist/${encodeURIComponent(artist.name)}`);
  await expect(page).toHaveTitle(`${artist.name} ${artist.nameEn} | WE ENTERTAINMENT`);
  const person = personSchema.parse(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}"));
  expect(person).toMatchObject({ "@type": "Person", name: artist.name, alternateName: artist.nameEn });
  // The share image: the main photo cropped to 1200×630 with the name, versioned.
  expect(await meta(page, 'meta[property="og:image"]')).toMatch(/\/share\/artist\/\d+\.jpg\?v=[0-9a-f]{16}$/);
  expect(await meta(page, 'meta[property="og:image:width"]')).toBe("1200");

  await page.goto("/news");
  await page.locator(".post-item__link").first().click();
  const article = articleSchema.parse(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}"));
  expect(article["@type"]).toBe("NewsArticle");
  expect(article.headline).toBe(await page.getByRole("heading", { level: 1 }).textContent());
  expect(await meta(page, 'meta[property="og:type"]')).toBe("article");
  const shareImage = (await meta(page, 'meta[property="og:image"]'))!;
  expect(shareImage).toMatch(/\/share\/news\/\d+\.jpg\?v=/);
  const image = await page.request.get(shareImage);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/jpeg");
});

test("robots.txt keeps crawlers out of the admin area and points at the sitemap, which lists every page", async ({ request, baseURL }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /adminLogin");
  expect(robots).toContain("Disallow: /adminActor");
  expect(robots).toContain("Disallow: /adminNewsWrite");
  // Every admin address of the route table, including those robots.txt once forgot.
  for (const route of SITE_ROUTES.filter((r) => r.audience === "admin")) expect(robots).toContain(`Disallow: ${staticPrefix(route.pattern)}\n`);
  expect(robots).toContain("Disallow: /adminApiTokens\n");
  expect(robots).toContain("Disallow: /adminLogout\n");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const response = await request.get("/sitemap.xml");
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  for (const artist of DEMO_ARTISTS) expect(xml).toContain(`<loc>${baseURL}/artist/${encodeURIComponent(artist.name)}</loc>`);
  expect(xml.match(/\/newsDetail\/\d+/g)?.length).toBeGreaterThan(0);
  expect(xml).toContain(`<loc>${baseURL}/audition</loc>`);
  for (const route of SITE_ROUTES.filter((r) => r.audience === "public" && !r.pattern.includes(":") && r.sitemap !== false)) {
    expect(xml).toContain(`<loc>${new URL(route.pattern, baseURL).toString()}</loc>`);
  }
});

test("the home page states the agency as an Organization, and /pr offers both feeds, which a browser can load", async ({ page, request }) => {
  await page.goto("/");
  organizationSchema.parse(JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}"));

  await page.goto("/pr");
  const feeds = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  await expect(feeds).toHaveCount(2);
  expect(await feeds.evaluateAll((links) => links.map((l) => l.getAttribute("title")))).toEqual(["WE ENTERTAINMENT 뉴스", "WE ENTERTAINMENT 공지사항"]);
  for (const href of await feeds.evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href))) {
    const response = await request.get(href);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(await response.text()).toContain("<item>");
  }
});
