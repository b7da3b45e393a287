import type { Page } from "@playwright/test";
import { ENGLISH_ROUTES, SITE_ROUTES, type SiteRoute } from "../../../app/domain/site-routes";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { resolveDemoPath } from "../helpers";

/**
 * No floating control covers another control (issue 28): on every page of the route table, the visitors'
 * (Korean and English) and the workspace's (signed in), at each width, the page is scrolled through in
 * steps and each visible control is hit-tested at several points of its box against every element that
 * is `position: fixed` or `sticky` (the back-to-top button, flash notices, the workspace's sticky parts…).
 * Content passing under the fixed header is fine: points under the header's band are not tested.
 * Lives with the admin stories (its workspace half signs in); its visitors' half runs without a session.
 */
const WIDTHS = [390, 768, 1000, 1024, 1280];

/** A page's path from its pattern: parameters filled from the running site's demo content; `null`: left out. */
function examplePath(route: SiteRoute): string | null {
  const pattern = route.pattern.replace(/\/:[a-zA-Z]+\?$/, "");
  const filled = pattern.replace(":name", "{artist}").replace(/\/(news|notice)Detail\/:postId/, (_, kind: string) => `/${kind}Detail/{${kind}}`).replace("/admin/media/:id", "/admin/media/{media}");
  return filled.includes(":") ? null : filled;
}

const pages = (routes: readonly SiteRoute[]) =>
  routes
    .filter((route) => route.file.endsWith(".tsx"))
    .map(examplePath)
    .filter((path): path is string => path !== null);

const VISITOR_PAGES = pages([...SITE_ROUTES, ...ENGLISH_ROUTES].filter((route) => route.audience === "public"));
const WORKSPACE_PAGES = pages(SITE_ROUTES.filter((route) => route.audience === "admin" && route.access !== "public"));

interface Covered {
  scrollY: number;
  control: string;
  floating: string;
}

/**
 * Scrolls the page from top to bottom (steps of most of a screen, and the positions that bring a control
 * under a fixed element) and, at each (once the floating elements' transitions have ended), lists every
 * control a floating element that is not its own ancestor covers at one of five points of its box. One
 * evaluation per page and width.
 */
function findCoveredControls(page: Page): Promise<Covered[]> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const describe = (el: Element) => {
      const name = el.getAttribute("aria-label") ?? (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      return `<${el.localName}${cls}> "${name}"`;
    };
    const floatingOf = (el: Element | null): Element | null => {
      for (let at = el; at; at = at.parentElement) {
        const position = getComputedStyle(at).position;
        if (position === "fixed" || position === "sticky") return at;
      }
      return null;
    };
    const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';
    const header = document.querySelector(".site-header");
    // After a resize: media-query listeners (the carousel's slide count, the menu) run first.
    await frame();
    const covered: Covered[] = [];
    const seen = new Set<string>();
    const bottom = document.documentElement.scrollHeight - innerHeight;
    // Scroll positions: steps of most of a screen, and, for each fixed element (shown or not yet) and
    // each control in its column, the position that brings the control's middle under the element's.
    const positions = new Set<number>([bottom]);
    for (let y = 0; y < bottom; y += Math.max(200, Math.floor(innerHeight * 0.8))) positions.add(y);
    const fixed = [...document.querySelectorAll("body *")].filter((el) => getComputedStyle(el).position === "fixed" && el !== header && !header?.contains(el));
    for (const element of fixed) {
      const area = element.getBoundingClientRect();
      if (area.width < 1 || area.height < 1) continue;
      for (const control of document.querySelectorAll(CONTROLS)) {
        const box = control.getBoundingClientRect();
        if (box.right <= area.left || box.left >= area.right || element.contains(control)) continue;
        const y = Math.round(box.top + scrollY + box.height / 2 - (area.top + area.height / 2));
        if (y >= 0 && y <= bottom) positions.add(y);
      }
    }
    for (const y of [...positions].sort((a, b) => a - b)) {
      scrollTo(0, y);
      await frame();
      const floating = [...document.querySelectorAll("body *")].filter((el) => {
        const position = getComputedStyle(el).position;
        return (position === "fixed" || position === "sticky") && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      });
      await Promise.all(floating.flatMap((el) => el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
      const headerBottom = header && floatingOf(header) ? header.getBoundingClientRect().bottom : 0;
      for (const control of document.querySelectorAll(CONTROLS)) {
        if (control.closest("[inert], [aria-hidden='true']") || !control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const box = control.getBoundingClientRect();
        if (box.width < 1 || box.height < 1 || box.bottom <= headerBottom || box.top >= innerHeight) continue;
        const points = [
          [0.5, 0.5],
          [0.2, 0.2],
          [0.8, 0.2],
          [0.2, 0.8],
          [0.8, 0.8],
        ].map(([fx, fy]) => [box.left + box.width * fx!, box.top + box.height * fy!] as const);
        for (const [x, yy] of points) {
          if (x < 0 || x >= innerWidth || yy <= headerBottom || yy >= innerHeight) continue;
          const hit = document.elementFromPoint(x, yy);
          if (!hit || control.contains(hit) || hit.contains(control)) continue;
          const over = floatingOf(hit);
          if (!over || over.contains(control) || over === header || header?.contains(over)) continue;
          const key = `${describe(control)} under ${describe(over)}`;
          if (!seen.has(key)) covered.push({ scrollY: Math.round(scrollY), control: describe(control), floating: describe(over) });
          seen.add(key);
          break;
        }
      }
    }
    scrollTo(0, 0);
    return covered;
  });
}

/** Loads the page once, then checks it at each width (a window resized: the widgets follow, as they must). */
async function checkEveryWidth(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 844 });
  await page.goto(path);
  await ready(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    expect.soft(await findCoveredControls(page), `${path} at ${width}px`).toEqual([]);
  }
}

test.describe("visitors' pages", () => {
  for (const route of VISITOR_PAGES) {
    test(`${route}: no floating control covers another control at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      const path = await resolveDemoPath(page.request, route);
      // The widgets (back-to-top button, carousels' controls) are running.
      await checkEveryWidth(page, path, (at) => expect(at.locator("html")).toHaveAttribute("data-enhanced", ""));
    });
  }
});

test.describe("the workspace, signed in", () => {
  test.use({ signedIn: "per-worker" });
  // The workspace's pages, and visitors' pages as the administrator sees them (the admin bar, edit links).
  for (const route of [...WORKSPACE_PAGES, "/", "/artist/{artist}", "/newsDetail/{news}"]) {
    test(`${route}: no floating control covers another control at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      const path = await resolveDemoPath(page.request, route);
      await checkEveryWidth(page, path, (at) => at.waitForLoadState("load"));
    });
  }

  test("a flash notice after saving covers no control, at any width", async ({ page }) => {
    await page.goto("/admin/settings");
    await page.getByRole("button", { name: "설정 저장" }).click();
    await expect(page.getByRole("status").filter({ hasText: FLASH_MESSAGES["settings-saved"] })).toBeVisible();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      expect.soft(await findCoveredControls(page), `with the notice at ${width}px`).toEqual([]);
    }
  });
});
