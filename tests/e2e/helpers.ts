import type { Locator, Page } from "@playwright/test";
import { DEMO_ARTISTS, DEMO_NEWS, DEMO_NOTICES, type DemoPost } from "../../app/server/seed/demo-content.server";

export { DEMO_ARTISTS, DEMO_NEWS, DEMO_NOTICES };

export const WIDE = 1000;

export function isWide(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) >= WIDE;
}

/** Visible text of a demo post, as the preview rule (spec §9) computes it. */
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
