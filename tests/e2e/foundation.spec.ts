import { expect, test } from "./fixtures";

test("a visitor opens the home page and sees the header and the footer", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/WE ENTERTAINMENT/);
  expect(await page.locator("html").getAttribute("lang")).toBe("ko");

  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "WE ENTERTAINMENT 홈" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("ALL RIGHTS RESERVED. 2024 @ WE ENTERTAINMENT");
  await expect(page.getByRole("contentinfo")).toContainText("위이엔터테인먼트");
  // Demo content is there: artist photos served from our media storage.
  const photo = page.getByRole("main").locator('.slick-active img[src^="/media/"]').first();
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("an unknown address answers 404 with the Korean not-found page", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("페이지를 찾을 수 없습니다");
  await expect(page.getByRole("banner")).toBeVisible();
  await page.getByRole("link", { name: "홈으로 가기" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the health check answers when the database does", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "postgres" });
});

test("hashed scripts go out precompressed with Brotli or gzip, identical once decoded, cached for a year", async ({ page, request }) => {
  // A visitor's page: its one module script, and the carousel chunk that script imports.
  const fetched = new Set<string>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (/^\/assets\/.+\.js$/.test(pathname)) fetched.add(pathname);
  });
  await page.goto("/");
  await expect(page.locator(".home-artists .carousel")).toHaveClass(/is-ready/);
  const sources = await page.locator('script[type="module"][src^="/assets/"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute("src") ?? ""));
  expect(sources).toHaveLength(1);
  // The admin pages keep React's hydration scripts, preloaded at low priority: the page is complete without them.
  const preloads = (await (await request.get("/adminLogin")).text()).match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(0);
  for (const link of preloads) expect(link).toContain('fetchpriority="low"');
  const files = [...new Set([...sources, ...fetched])];
  const sizes = await Promise.all(files.map(async (src) => (await request.get(src, { headers: { "accept-encoding": "identity" } })).body()));
  const largest = files[sizes.indexOf(sizes.reduce((a, b) => (b.byteLength > a.byteLength ? b : a)))] ?? "";
  for (const file of new Set([largest, sources[0]!])) {
    expect(file).toMatch(/^\/assets\/.+\.js$/);
    const plain = await request.get(file, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    for (const encoding of ["br", "gzip"]) {
      const encoded = await request.get(file, { headers: { "accept-encoding": encoding } });
      expect(encoded.headers()["content-encoding"]).toBe(encoding);
      expect(encoded.headers()["cache-control"]).toContain("immutable");
      expect(encoded.headers()["vary"]).toMatch(/accept-encoding/i);
      expect((await encoded.body()).equals(await plain.body())).toBe(true);
    }
  }
});
