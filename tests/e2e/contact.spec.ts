import { expect, test } from "./fixtures";

test("the contact block shows the company on a map with directions, without waiting for any map service", async ({ page }) => {
  const mapRequests: string[] = [];
  page.on("request", (r) => {
    if (/kakao|daumcdn|naver/.test(r.url())) mapRequests.push(r.url());
  });
  await page.goto("/notice");
  const contact = page.getByRole("region", { name: "오시는 길" });
  const map = contact.getByRole("img", { name: /지도: WE ENTERTAINMENT/ });
  await expect(map).toBeVisible();
  await expect(map.locator(".map-fallback__info")).toHaveText("WE ENTERTAINMENT");
  await expect(contact.getByRole("link", { name: "카카오맵 길찾기" })).toHaveAttribute("href", /^https:\/\/map\.kakao\.com\/link\/to\/.+,37\.\d+,127\.\d+$/);
  await expect(contact.getByRole("link", { name: "네이버 지도 길찾기" })).toHaveAttribute("href", /^https:\/\/map\.naver\.com\//);
  await expect(contact.getByRole("link", { name: /^02-/ })).toHaveAttribute("href", /^tel:02/);
  // No key configured in the tests: no map script is requested at all.
  expect(mapRequests).toEqual([]);
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
