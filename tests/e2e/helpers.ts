import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEMO_ARTISTS, DEMO_NEWS, DEMO_NOTICES, type DemoPost } from "../../app/server/seed/demo-content.server";

export { DEMO_ARTISTS, DEMO_NEWS, DEMO_NOTICES };

export const WIDE = 1000;

export function isWide(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) >= WIDE;
}

/** Visible text of a demo post, as the preview rule (requirements R6.4) computes it. */
export function demoPostText(post: DemoPost): string {
  return post.html
    .replace("{{IMAGE}}", "")
    .replace(/<(br|\/p|\/h[12]|\/li|\/blockquote)\b[^>]*>/gi, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** Demo posts of a kind as the site lists them: newest first. */
export function sortedPosts(posts: DemoPost[]): DemoPost[] {
  return [...posts].sort((a, b) => (a.writeDay < b.writeDay ? 1 : a.writeDay > b.writeDay ? -1 : 0));
}

/** Index of the current slide of a react-slick carousel. */
export async function currentSlide(page: Page, carousel: string): Promise<number> {
  return Number(await page.locator(`${carousel} .slick-current`).first().getAttribute("data-index"));
}

/** Presses Tab until the element has focus (keyboard-only navigation); fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`could not reach ${target} with Tab`);
}

/**
 * Puts the page's timers under the test's control. Time runs on by itself while the page loads and
 * hydrates; `pause()` (call it once the page is ready) jumps a minute ahead and stops it, after which
 * only `page.clock.runFor` moves it, however slowly the machine runs.
 */
export async function controlClock(page: Page): Promise<{ pause(): Promise<void> }> {
  const start = Date.now();
  await page.clock.install({ time: start });
  return { pause: () => page.clock.pauseAt(start + 60_000) };
}

/** The axe-core rules every page is held to: WCAG 2.2 A/AA and axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * Runs axe-core on the page (or the part `include` selects) and returns its violations as short lines.
 *
 * A page without frames is checked with one `axe.run` in the page ("legacy mode"): the same rules and
 * results, without the frame-by-frame partial runs and the blank page that axe opens to merge them, which
 * took about as long again as the check itself. A page with frames gets the full cross-frame run.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(page.frames().length === 1);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(" | ")}`);
}

/**
 * axe-core on a page opened without JavaScript, where axe itself cannot run: the same document (the
 * server's HTML as the page shows it now, scripts taken out) in a tab of its own that may run axe, at
 * the same width, with the site's styles.
 */
export async function axeViolationsWithoutJavaScript(page: Page): Promise<string[]> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize()!, javaScriptEnabled: true });
  try {
    const copy = await context.newPage();
    await copy.route(/\.m?js(\?|$)/, (route) => route.abort());
    await copy.route(page.url(), (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html }));
    await copy.goto(page.url());
    return await axeViolations(copy);
  } finally {
    await context.close();
  }
}

/** Fills `{news}`, `{notice}` and `{artist}` in a path with the first such record of the running site. */
export async function resolveDemoPath(request: APIRequestContext, path: string): Promise<string> {
  const first = async <T>(url: string): Promise<T> => ((await (await request.get(url)).json()) as T[])[0]!;
  let resolved = path;
  if (resolved.includes("{news}")) resolved = resolved.replace("{news}", String((await first<{ postId: number }>("/api/we/newslist")).postId));
  if (resolved.includes("{notice}")) resolved = resolved.replace("{notice}", String((await first<{ postId: number }>("/api/we/noticelist")).postId));
  // The administrator's media library (the request must carry the session).
  if (resolved.includes("{media}")) resolved = resolved.replace("{media}", String(((await (await request.get("/admin/media.json")).json()) as { items: { id: number }[] }).items[0]!.id));
  if (resolved.includes("{artist}")) resolved = resolved.replace("{artist}", encodeURIComponent((await first<{ name: string }>("/api/we/actorList")).name));
  return resolved;
}

/** The KO/EN switch in the header (at every width). */
export const headerSwitch = (page: Page) => page.locator(".site-header__language");

/** The page is the given path in the given language, and the switch marks that language. */
export async function expectLanguage(page: Page, lang: "ko" | "en", path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(headerSwitch(page).locator('[aria-current="true"]')).toHaveText(lang === "ko" ? "KO" : "EN");
}
