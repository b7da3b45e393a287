import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { useAppServer } from "../setup/app-server";
import { sanitizePostHtml } from "../../app/server/platform/sanitize-html.server";
import { BLNS_STRINGS, HANDWRITTEN_VECTORS } from "./xss-corpus";

/**
 * Stored XSS: every vector is saved as post content through the API (and a sample through the admin
 * form), then the detail pages, every list page and the home page are rendered in Chromium with CSP
 * bypassed (so only the sanitizer stands in the way) and a hook that records any execution.
 */
test.describe.configure({ mode: "serial" });

/** The corpus's one image of another site; it does not exist, so saving it is refused (see `save`). */
const UNFETCHABLE_IMAGE = "https://evil.example/x.png";
const withoutUnfetchableImage = (html: string) => html.replaceAll(UNFETCHABLE_IMAGE, "/media/x.png");

const server = useAppServer(test, { engine: "embedded", signIn: true });
const postIds: number[] = [];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const save = async (title: string, vectors: string) => {
    let content = vectors;
    const post = (body: string) =>
      fetch(`${server.baseURL}/api/we/writenews`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: server.cookie, Origin: server.baseURL },
        body: JSON.stringify({ title, content: `<p>본문</p>${body}` }),
      });
    let response = await post(content);
    if (content.includes("\u0000")) {
      // U+0000 is refused in any text (PostgreSQL cannot store it): the vector is saved without it.
      expect(response.status, title).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain("U+0000");
      content = content.replaceAll("\u0000", "");
      response = await post(content);
    }
    if (content.includes(UNFETCHABLE_IMAGE)) {
      // An image of another site is imported on save; one that cannot be fetched refuses the whole post
      // (nothing stored). The other vectors are then saved with a same-site image in its place.
      expect(response.status, title).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(`이미지를 가져오지 못했습니다(${UNFETCHABLE_IMAGE})`);
      response = await post(withoutUnfetchableImage(content));
    }
    expect(response.status, title).toBe(201);
    postIds.push(((await response.json()) as { postId: number }).postId);
  };
  for (const [i, group] of groupVectors(HANDWRITTEN_VECTORS).entries()) await save(`벡터 묶음 ${i}`, group.join(""));
  for (const [i, group] of groupVectors(BLNS_STRINGS.map((s) => `<p>${s}</p>`), 20).entries()) await save(`blns ${i}`, group.join(""));
  // Every vector again through the admin form (multipart, like the no-JS editor).
  for (const [i, group] of groupVectors(HANDWRITTEN_VECTORS).entries()) {
    const form = new FormData();
    form.append("title", `폼 벡터 묶음 ${i}`);
    form.append("content", `<p>본문</p>${withoutUnfetchableImage(group.join("")).replaceAll("\u0000", "")}`);
    // 공개: a new post saved without it stays a draft (decision 067), and the vectors must reach the public pages.
    form.append("publication", "publish");
    const response = await fetch(`${server.baseURL}/adminNewsWrite`, { method: "POST", body: form, headers: { Cookie: server.cookie, Origin: server.baseURL }, redirect: "manual" });
    expect(response.status, `form ${i}`).toBe(302);
  }
  const list = (await (await fetch(`${server.baseURL}/api/we/newslist`)).json()) as { postId: number }[];
  for (const post of list) if (!postIds.includes(post.postId)) postIds.push(post.postId);
});

/**
 * Packs vectors into posts of up to `size`, but only where each vector is sanitized exactly as it would
 * be alone (a vector that swallows what follows it, like an unclosed <textarea>, gets a post of its own),
 * so every vector is rendered as if it were the whole post.
 */
function groupVectors(vectors: string[], size = 10): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const vector of vectors) {
    const candidate = [...current, vector];
    const independent = sanitizePostHtml(candidate.join("")) === candidate.map((v) => sanitizePostHtml(v)).join("");
    if (current.length > 0 && (!independent || current.length >= size)) {
      groups.push(current);
      current = [vector];
    } else {
      current = candidate;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

test.use({ bypassCSP: true });

/** Records any script execution (a dialog or a call of the hook) in any page of the context. */
async function armHook(context: BrowserContext): Promise<string[]> {
  const hits: string[] = [];
  await context.exposeFunction("__xssReport", (what: string) => hits.push(what));
  // Calls to exposed functions reach the test in order: once this one has returned, every report made
  // before it has been counted.
  await context.exposeFunction("__xssFlush", () => undefined);
  await context.addInitScript(() => {
    const report = (name: string) => (...args: unknown[]) => {
      (window as unknown as { __xssReport: (w: string) => void }).__xssReport(`${name}(${args.join(",")}) at ${location.pathname}`);
    };
    for (const name of ["alert", "confirm", "prompt"] as const) (window as unknown as Record<string, unknown>)[name] = report(name);
    (window as unknown as Record<string, unknown>).__xss = report("__xss");
  });
  context.on("dialog", (dialog) => {
    hits.push(`dialog ${dialog.message()} at ${new URL(dialog.page()?.url() ?? "about:blank").pathname}`);
    void dialog.dismiss();
  });
  return hits;
}

/**
 * Opens every path, each in a page of its own as before, but on PAGES_AT_ONCE tabs of one context at a
 * time: one page's server render overlaps another's scripts, instead of the two cores taking turns.
 */
const PAGES_AT_ONCE = 3;
async function visitAll(context: BrowserContext, paths: string[], check: (page: Page, path: string) => Promise<void>): Promise<void> {
  const queue = [...paths];
  const tab = async () => {
    const page = await context.newPage();
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      await page.goto(`${server.baseURL}${path}`, { waitUntil: "load" });
      await check(page, path);
    }
    await page.close();
  };
  await Promise.all(Array.from({ length: PAGES_AT_ONCE }, tab));
}

test("no vector executes on any detail page (all vectors; CSP bypassed)", async ({ context }) => {
  test.setTimeout(600_000);
  const hits = await armHook(context);
  expect(postIds.length).toBeGreaterThan(40);
  const visited: string[] = [];
  await visitAll(context, postIds.map((id) => `/newsDetail/${id}`), async (page, path) => {
    // What survived sanitizing: no handler attributes, no URL (as the browser resolves it) with a
    // script-capable scheme, no styles or frames; and interaction events fired at every element.
    const dangerous = await page.locator(".post-content").evaluate((root) => {
      const found: string[] = [];
      for (const el of Array.from(root.querySelectorAll("*"))) {
        if (/^(script|iframe|object|embed|base|meta|form|style|link|svg|math|template)$/i.test(el.tagName)) found.push(el.tagName);
        for (const attr of Array.from(el.attributes)) {
          // srcset is only ever added by the server, listing our own stored variants.
          const ownSrcset = attr.name === "srcset" && /^\/media\/\S+ \d+w(, \/media\/\S+ \d+w)*$/.test(attr.value);
          if (/^on/i.test(attr.name) || (/^(style|srcdoc|formaction|action|xlink:href|data|srcset|ping)$/i.test(attr.name) && !ownSrcset)) found.push(`${el.tagName}[${attr.name}]`);
          if (/^(href|src)$/i.test(attr.name)) {
            const protocol = new URL(attr.value, document.baseURI).protocol;
            if (protocol !== "http:" && protocol !== "https:" && protocol !== "mailto:" && protocol !== "tel:") found.push(`${el.tagName}[${attr.name}=${attr.value}]`);
          }
        }
        for (const type of ["mouseover", "mouseenter", "focus", "pointerenter", "toggle", "animationstart"]) el.dispatchEvent(new Event(type, { bubbles: true }));
      }
      return found;
    });
    expect(dangerous, path).toEqual([]);
    visited.push(path);
  });
  expect(visited).toHaveLength(postIds.length);
  expect(hits).toEqual([]);
});

test("no vector executes on the list pages or the home page", async ({ context, page }) => {
  test.setTimeout(300_000);
  const hits = await armHook(context);
  const pages = Math.ceil(postIds.length / 5);
  const listPaths = [
    ...Array.from({ length: pages }, (_, i) => `/news?page=${i + 1}`),
    ...Array.from({ length: Math.ceil(pages / 2) }, (_, i) => `/pr?newsPage=${i + 1}`),
  ];
  let visited = 0;
  await visitAll(context, listPaths, async () => void visited++);
  expect(visited).toBe(listPaths.length);
  await page.goto(`${server.baseURL}/`, { waitUntil: "load" });
  // A visitor following the menu to /pr: a full page load of the list page, enhanced like any other.
  await page.getByRole("link", { name: "PR", exact: true }).first().click();
  await expect(page).toHaveURL(/\/pr$/);
  await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
  await page.evaluate(() => (window as unknown as { __xssFlush: () => Promise<void> }).__xssFlush());
  expect(hits).toEqual([]);
});

test("the editor's allowed formatting survives saving", async () => {
  const html =
    '<h1>제목</h1><h2>부제</h2><p class="ql-align-center"><strong>굵게</strong> <em>기울임</em> <u>밑줄</u> <s>취소</s> <span class="ql-size-large">크게</span></p><blockquote>인용</blockquote><ol><li data-list="ordered">하나</li><li data-list="bullet">둘</li></ol><p><a href="https://example.com/" target="_blank">링크</a></p>';
  const response = await fetch(`${server.baseURL}/api/we/writenotice`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: server.cookie, Origin: server.baseURL },
    body: JSON.stringify({ title: "서식", content: html }),
  });
  const saved = (await response.json()) as { content: string };
  expect(saved.content).toBe(html.replace('target="_blank">', 'target="_blank" rel="noopener noreferrer">'));
});
