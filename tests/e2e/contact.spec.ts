import { expect, test } from "./fixtures";

test("the contact block shows the company on a map with directions, without waiting for any map service", async ({ page }) => {
  // The map service never answers.
  await page.route("https://dapi.kakao.com/**", () => new Promise(() => {}));
  await page.goto("/notice", { waitUntil: "load" });
  const contact = page.getByRole("region", { name: "오시는 길" });
  const map = contact.getByRole("img", { name: /지도: WE ENTERTAINMENT/ });
  await expect(map).toBeVisible();
  await expect(map.locator(".map-fallback__info")).toHaveText("WE ENTERTAINMENT");
  await expect(contact.getByRole("link", { name: "카카오맵 길찾기" })).toHaveAttribute("href", /^https:\/\/map\.kakao\.com\/link\/to\/.+,37\.\d+,127\.\d+$/);
  await expect(contact.getByRole("link", { name: "네이버 지도 길찾기" })).toHaveAttribute("href", /^https:\/\/map\.naver\.com\//);
  await expect(contact.getByRole("link", { name: /^02-/ })).toHaveAttribute("href", /^tel:02/);
  // The page stays usable while the SDK request hangs.
  await page.goto("/company");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("회사 소개");
});

test("with a Kakao Maps key, the map shows a marker and an info window with the company name at the configured place", async ({ page }) => {
  // A stand-in for the SDK that records what the page asks of it.
  await page.route("https://dapi.kakao.com/**", (route) =>
    route.fulfill({
      contentType: "application/javascript",
      body: `window.__map = {};
        window.kakao = { maps: {
          load(cb) { setTimeout(cb, 10); },
          LatLng: function (lat, lng) { this.lat = lat; this.lng = lng; },
          Map: function (el, opts) { window.__map.center = opts.center; window.__map.level = opts.level; el.innerHTML = '<div class="fake-map">MAP</div>'; },
          Marker: function (opts) { window.__map.marker = opts.position; },
          InfoWindow: function (opts) { this.open = function () { window.__map.info = opts.content.textContent; document.querySelector('.fake-map').appendChild(opts.content); }; },
        } };`,
    }),
  );
  const sdk = page.waitForRequest((r) => r.url().startsWith("https://dapi.kakao.com/"));
  await page.goto("/news");
  await page.getByRole("heading", { name: "오시는 길" }).scrollIntoViewIfNeeded();
  expect((await sdk).url()).toContain("appkey=e2e-kakao-key");
  await expect(page.locator(".kakao-map__canvas.is-drawn .kakao-map__info")).toHaveText("WE ENTERTAINMENT");
  const map = await page.evaluate(() => (window as unknown as { __map: Record<string, { lat: number; lng: number } | string> }).__map);
  expect(map.marker).toEqual({ lat: 37.524283, lng: 127.037825 });
  expect(map.center).toEqual(map.marker);
  expect(map.info).toBe("WE ENTERTAINMENT");
  await expect(page.locator(".map-fallback")).toHaveCount(0);
});

test("the map script is not fetched before the map is near the screen", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith("https://dapi.kakao.com/")) requested.push(r.url());
  });
  await page.goto("/");
  // Enhanced (the map is being watched since the enhancement script ran) and the carousel set up after
  // the load, when the browser was idle: the map's observer has long had its first say by then.
  await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
  await expect(page.locator(".home-artists .carousel")).toHaveClass(/is-ready/);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // The SDK would come from a script element added to the page: there is none, nothing was asked for,
  // and the map still shows its card.
  await expect(page.locator('script[src^="https://dapi.kakao.com/"]')).toHaveCount(0);
  expect(requested).toEqual([]);
  await expect(page.locator(".kakao-map__canvas.is-drawn")).toHaveCount(0);
  // Near the screen, it is fetched.
  const sdk = page.waitForRequest((r) => r.url().startsWith("https://dapi.kakao.com/"));
  await page.getByRole("heading", { name: "오시는 길" }).scrollIntoViewIfNeeded();
  await sdk;
  expect(requested).toHaveLength(1);
});

test("the footer's small icon leads to the admin sign-in page", async ({ page }) => {
  await page.goto("/");
  const icon = page.getByRole("contentinfo").getByRole("link", { name: "관리자 로그인" });
  await expect(icon).toHaveAttribute("href", "/adminLogin");
});

test("the company page shows the introduction and the organization chart", async ({ page }) => {
  await page.goto("/company");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("회사 소개");
  await expect(page.getByRole("main")).toContainText("Want and Experience");
  await expect(page.getByRole("main")).toContainText("창작 욕구와 경험");
  const chart = page.getByRole("img", { name: /조직도/ });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toBeVisible();
  expect(await chart.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
});
