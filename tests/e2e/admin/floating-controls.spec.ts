import type { APIRequestContext, Page } from "@playwright/test";
import { ENGLISH_ROUTES, SITE_ROUTES, type SiteRoute } from "../../../app/domain/site-routes";
import { FLASH_MESSAGES } from "../../../app/lib/flash-messages";
import { expect, test } from "../fixtures";
import { resolveDemoPath } from "../helpers";
import { createNews } from "../../setup/content-api";
import { submitTestApplication } from "./admin-helpers";

/**
 * No floating control covers another control (issue 28): on every page of the route table, the visitors'
 * (Korean and English) and the workspace's (signed in), at each width, the page is scrolled through in
 * steps and each visible control is hit-tested at several points of its box against every element that
 * is `position: fixed` or `sticky` (the back-to-top button, flash notices, the workspace's sticky parts…).
 * Content passing under the fixed header is fine: points under the header's band are not tested.
 * Lives with the admin stories (its workspace half signs in); its visitors' half runs without a session.
 */
const WIDTHS = [390, 768, 1000, 1024, 1280];

/**
 * A page's example paths from its pattern, parameters filled from the running site's content: an
 * optional parameter gives the page without it and with it (a new post and an existing one); `{…}`
 * placeholders are resolved when the test runs (resolveDemoPath, resolveWorkspacePath). Left out: a
 * pattern no example is known for (the route-table test below says which).
 */
function examplePaths(route: SiteRoute): string[] {
  const optional = /\/:[a-zA-Z]+\?$/.test(route.pattern);
  const bare = route.pattern.replace(/\/:[a-zA-Z]+\?$/, "");
  const fill = (pattern: string) =>
    pattern
      .replace(/^\/adminActor\/:name\?$/, "/adminActor/{artist}")
      .replace(/^\/admin(News|Notice)Write\/:postId\?$/, (_, kind: string) => `/admin${kind}Write/{${kind.toLowerCase()}}`)
      .replace(/^\/admin\/preview\/:subject\/:id\?$/, "/admin/preview/news/{news}")
      .replace(/^\/admin\/history\/:subject\/:id\/:revisionId$/, "/admin/history/post/{news}/{revision}")
      .replace(/^\/admin\/history\/:subject\/:id$/, "/admin/history/post/{news}")
      .replace(/^\/admin\/auditions\/:id$/, "/admin/auditions/{application}")
      // An invitation link nobody was sent: the page that says so.
      .replace(/^\/adminInvite\/:token$/, "/adminInvite/no-such-invitation-token")
      // A casting package's link nobody was sent (decision 047): the 404 that shows nothing.
      .replace(/^\/casting\/:token\/:artistId$/, "/casting/no-such-package/1")
      .replace(/^\/casting\/:token$/, "/casting/no-such-package")
      .replace(/^\/admin\/packages\/:id$/, "/admin/packages/{package}")
      .replace(":name", "{artist}")
      .replace(/\/(news|notice)Detail\/:postId/, (_, kind: string) => `/${kind}Detail/{${kind}}`)
      .replace("/admin/media/:id", "/admin/media/{media}");
  const paths = [...(optional && !bare.includes(":") ? [bare] : []), fill(route.pattern)];
  return [...new Set(paths.filter((path) => !path.includes(":")))];
}

const pages = (routes: readonly SiteRoute[]) => routes.filter((route) => route.file.endsWith(".tsx")).flatMap(examplePaths);

const VISITOR_ROUTES = [...SITE_ROUTES, ...ENGLISH_ROUTES].filter((route) => route.audience === "public");
const WORKSPACE_ROUTES = SITE_ROUTES.filter((route) => route.audience === "admin" && route.access !== "public");
/** The workspace's pages for somebody not signed in (sign-in, second factor, invitation…). */
const SIGN_IN_ROUTES = SITE_ROUTES.filter((route) => route.audience === "admin" && route.access === "public");
const VISITOR_PAGES = pages(VISITOR_ROUTES);
const WORKSPACE_PAGES = pages(WORKSPACE_ROUTES);
const SIGN_IN_PAGES = pages(SIGN_IN_ROUTES);

/** The workspace's placeholders on top of resolveDemoPath's: an application (one is sent), a post's revision. */
async function resolveWorkspacePath(request: APIRequestContext, path: string, origin: string): Promise<string> {
  // A revision to compare: a post of its own, saved twice (the current version has no page of its own).
  if (path.includes("{revision}")) {
    const postId = await createNews(request, origin, { title: "떠 있는 버튼 점검용 소식", content: "<p>첫 버전</p>" });
    const updated = await request.put(`/api/we/updatenews/${postId}`, { headers: { Origin: origin }, data: { title: "떠 있는 버튼 점검용 소식", content: "<p>둘째 버전</p>" } });
    expect(updated.status(), await updated.text()).toBe(200);
    path = path.replace("{news}", String(postId));
  }
  let resolved = await resolveDemoPath(request, path);
  const firstLink = async (on: string, pattern: RegExp) => {
    const found = pattern.exec(await (await request.get(on)).text());
    if (!found) throw new Error(`no link like ${pattern} on ${on}`);
    return found[1]!;
  };
  if (resolved.includes("{application}")) {
    await submitTestApplication(request);
    resolved = resolved.replace("{application}", await firstLink("/admin/auditions", /href="\/admin\/auditions\/(\d+)"/));
  }
  if (resolved.includes("{package}")) {
    // A package of its own, of the first artist the form offers.
    const artistId = await firstLink("/admin/packages/new", /name="artist" value="(\d+)"/);
    const created = await request.post("/admin/packages/new", {
      headers: { Origin: origin },
      form: { title: "떠 있는 버튼 점검용 패키지", recipientCompany: "점검 스튜디오", recipientName: "점검 담당", artist: artistId },
      maxRedirects: 0,
    });
    expect(created.status(), await created.text()).toBe(302);
    resolved = resolved.replace("{package}", /\/admin\/packages\/(\d+)$/.exec(created.headers()["location"] ?? "")![1]!);
  }
  if (resolved.includes("{revision}")) {
    const history = resolved.slice(0, resolved.indexOf("/{revision}"));
    resolved = resolved.replace("{revision}", await firstLink(history, new RegExp(`href="${history}/(\\d+)"`)));
  }
  return resolved;
}

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
    // The page's header: the visitors' one, or the workspace's own (decision 064); what scrolls under it is not covered.
    const header = document.querySelector(".site-header, .ws-header");
    // An open modal (a <dialog>, the visitors' menu) is all that can be used: only its controls are checked.
    const modal = document.querySelector("dialog:modal") ?? [...document.querySelectorAll('[aria-modal="true"]')].find((el) => el.checkVisibility());
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
        if (modal && !modal.contains(control)) continue;
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

/**
 * Opens something (a menu, a dialog) on a page loaded at each width, and checks the page with it open.
 * `open` answers false where the page has no such thing at that width (the visitors' menu is for narrow
 * screens); the widths it was checked at are returned.
 */
async function checkOpenAtEveryWidth(page: Page, path: string, open: (page: Page) => Promise<boolean | void>): Promise<number[]> {
  const checked: number[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.goto(path);
    if ((await open(page)) === false) continue;
    expect.soft(await findCoveredControls(page), `${path}, open, at ${width}px`).toEqual([]);
    checked.push(width);
  }
  return checked;
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

test("every page of the route table is among the pages checked", () => {
  const unchecked = [...VISITOR_ROUTES, ...WORKSPACE_ROUTES, ...SIGN_IN_ROUTES].filter((route) => route.file.endsWith(".tsx") && examplePaths(route).length === 0);
  expect(unchecked.map((route) => route.pattern)).toEqual([]);
});

test.describe("visitors' pages", () => {
  for (const route of VISITOR_PAGES) {
    test(`${route}: no floating control covers another control at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      const path = await resolveDemoPath(page.request, route);
      // The widgets (back-to-top button, carousels' controls) are running.
      await checkEveryWidth(page, path, (at) => expect(at.locator("html")).toHaveAttribute("data-enhanced", ""));
    });
  }
});

test.describe("visitors' menu, open", () => {
  for (const path of ["/", "/en/artist"]) {
    test(`${path}: with the menu open, no floating control covers one of its controls at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      const checked = await checkOpenAtEveryWidth(page, path, async (at) => {
        await expect(at.locator("html")).toHaveAttribute("data-enhanced", "");
        const hamburger = at.getByRole("button", { name: path.startsWith("/en") ? "Open menu" : "메뉴 열기" });
        if (!(await hamburger.isVisible())) return false;
        await hamburger.click();
        await expect(at.getByRole("dialog")).toBeVisible();
      });
      // The menu is there on phones and tablets at least.
      expect(checked).toEqual(expect.arrayContaining([390, 768]));
    });
  }
});

test.describe("the workspace's sign-in pages", () => {
  for (const route of SIGN_IN_PAGES) {
    test(`${route}: no floating control covers another control at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      await checkEveryWidth(page, route, (at) => at.waitForLoadState("load"));
    });
  }
});

test.describe("the workspace, signed in", () => {
  test.use({ signedIn: "per-worker" });
  // The workspace's pages, and visitors' pages as the administrator sees them (the admin bar, edit links).
  for (const route of [...WORKSPACE_PAGES, "/", "/artist/{artist}", "/newsDetail/{news}"]) {
    test(`${route}: no floating control covers another control at ${WIDTHS.join(", ")} px`, async ({ page, baseURL }) => {
      const path = await resolveWorkspacePath(page.request, route, baseURL!);
      await checkEveryWidth(page, path, (at) => at.waitForLoadState("load"));
    });
  }

  test("with a dialog open (a row's 삭제, the media picker), no floating control covers one of its controls", async ({ page }) => {
    await checkOpenAtEveryWidth(page, "/admin/posts", async (at) => {
      // The link opens a dialog once React runs the page (before that, a page of its own).
      await expect(at.locator("html")).toHaveAttribute("data-hydrated", "");
      await at.locator(".workspace-table__actions").getByRole("link", { name: /삭제$/ }).first().click();
      await expect(at.getByRole("dialog", { name: "휴지통으로 옮기기" })).toBeVisible();
    });
    await checkOpenAtEveryWidth(page, "/adminNewsWrite", async (at) => {
      await expect(at.locator("html")).toHaveAttribute("data-hydrated", "");
      await at.getByRole("button", { name: "대표 이미지 선택" }).first().click();
      await expect(at.getByRole("dialog", { name: /^이미지 선택/ })).toBeVisible();
    });
  });

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
