import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { axeViolations } from "../helpers";
import { uniqueClientIp } from "./admin-helpers";

/**
 * The workspace's own frame (decision 064), with JavaScript on and off: its header (the site's name, a
 * way to the site, the person and sign-out), the navigation grouped beside the page at 1280 px and
 * behind a menu button at 390 px, the skip link, the seed's editor addresses inside the frame with their
 * way back, and the public pages keeping the visitors' header and footer for a signed-in person.
 * Screenshots of the frame at both widths go to SCREENSHOT_DIR.
 */

const SCREENSHOT_DIR = path.join(os.tmpdir(), "workspace-shell-screenshots");

const GROUPS = ["콘텐츠", "배우·직원", "오디션", "캐스팅", "사이트", "계정"];

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: "disabled" });
}

test("the sign-in page has the workspace's header, no visitors' menu, and the focus on 아이디", async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": uniqueClientIp() });
  await page.goto("/adminLogin");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "WE ENTERTAINMENT 관리" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "사이트 보기" })).toHaveAttribute("href", "/");
  await expect(banner.getByRole("link", { name: "COMPANY" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByLabel("아이디")).toBeFocused();
});

for (const js of [true, false]) {
  test.describe(`JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js, signedIn: true });

    test("at 1280 px: the header names the person, the navigation is grouped beside the page, the skip link leads past it", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/admin/auditions");
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: "WE ENTERTAINMENT 관리" })).toHaveAttribute("href", "/admin");
      await expect(banner.getByRole("link", { name: /대표 관리자/ })).toBeVisible();
      await expect(banner.getByRole("button", { name: "로그아웃", exact: true })).toBeVisible();
      // Nothing of the visitors' frame: their menu, social links, phone, language switch, footer.
      await expect(banner.getByRole("link", { name: "COMPANY" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: /^TEL / })).toHaveCount(0);
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      const nav = page.getByRole("navigation", { name: "관리 메뉴" });
      await expect(nav).toHaveCount(1);
      await expect(nav.locator(".workspace-nav__heading")).toHaveText(GROUPS);
      await expect(nav.getByRole("list", { name: "오디션" }).getByRole("link", { name: "오디션 지원" })).toHaveAttribute("aria-current", "page");

      // The first Tab is the skip link; it takes the next Tab into the page, past header and navigation.
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "본문 바로가기" });
      await expect(skip).toBeFocused();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);

      // axe runs in the page: with JavaScript on (the markup is the same without).
      if (js) expect.soft(await axeViolations(page), "the workspace at 1280 px").toEqual([]);
      await shoot(page, `auditions-1280-${js ? "js" : "nojs"}`);
    });

    test("at 390 px: the navigation and the account are behind the menu button, which opens and leads on", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/admin");
      await expect(page.getByRole("navigation", { name: "관리 메뉴" })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "로그아웃", exact: true })).toHaveCount(0);
      // The page's heading is in the first screen, not below a wall of links.
      const heading = page.getByRole("heading", { level: 1 });
      expect((await heading.boundingBox())!.y).toBeLessThan(200);
      if (js) expect.soft(await axeViolations(page), "the workspace at 390 px, menu closed").toEqual([]);
      await shoot(page, `dashboard-390-${js ? "js" : "nojs"}`);

      await page.locator(".ws-menu__button").click();
      const nav = page.getByRole("navigation", { name: "관리 메뉴" });
      await expect(nav).toBeVisible();
      await expect(nav.locator(".workspace-nav__heading")).toHaveText(GROUPS);
      await expect(page.getByRole("button", { name: "로그아웃", exact: true })).toBeVisible();
      if (js) expect.soft(await axeViolations(page), "the workspace at 390 px, menu open").toEqual([]);
      await shoot(page, `menu-390-${js ? "js" : "nojs"}`);

      await nav.getByRole("link", { name: "미디어" }).click();
      await expect(page).toHaveURL(/\/admin\/media$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("미디어");
      // On the new page the menu is closed again.
      await expect(page.getByRole("navigation", { name: "관리 메뉴" })).toHaveCount(0);
    });

    test("the seed's editor addresses open inside the frame, with the way back to their list", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/adminNoticeWrite");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("공지사항 작성");
      const nav = page.getByRole("navigation", { name: "관리 메뉴" });
      await expect(nav.getByRole("link", { name: "뉴스·공지" })).toHaveAttribute("aria-current", "true");
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
      await shoot(page, `notice-editor-1280-${js ? "js" : "nojs"}`);
      await page.getByRole("link", { name: "공지사항 목록" }).click();
      await expect(page).toHaveURL(/\/admin\/posts\?kind=notice$/);

      await page.goto("/adminActor");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("배우 등록");
      await expect(nav.getByRole("link", { name: "배우", exact: true })).toHaveAttribute("aria-current", "true");
      await page.getByRole("link", { name: "배우 목록" }).click();
      await expect(page).toHaveURL(/\/admin\/artists$/);
    });

    test("a missing record's page stays inside the frame, its way on is 개요", async ({ page }) => {
      const answer = await page.goto("/adminNewsWrite/99999999");
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("페이지를 찾을 수 없습니다");
      await expect(page.getByRole("banner").getByRole("link", { name: "WE ENTERTAINMENT 관리" })).toBeVisible();
      await expect(page.getByRole("link", { name: "개요로 가기" })).toHaveAttribute("href", "/admin");
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
    });

    test("a public page seen while signed in keeps the visitors' frame: 관리자 로그아웃 in the header, the footer's icon", async ({ page }) => {
      await page.goto("/company");
      await expect(page.getByRole("banner").getByRole("button", { name: "관리자 로그아웃" })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: "COMPANY" })).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "관리자 로그인" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "관리 메뉴" })).toHaveCount(0);
    });
  });
}
