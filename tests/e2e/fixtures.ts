import { test as base, devices, expect, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { isAdminPath } from "../../app/domain/site-routes";
import { basePathOf } from "../../app/domain/locale";
import { browserCookie, signInCookie } from "../setup/sign-in";

/** The mobile project's device (playwright.config.ts), for a test that checks both widths itself. */
export const MOBILE_DEVICE: BrowserContextOptions = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } };

/** The Kakao Maps SDK (the only third-party script) answered locally with an empty script. */
async function answerKakaoOffline(context: BrowserContext): Promise<void> {
  await context.route("https://dapi.kakao.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: "/* offline */" }),
  );
}

/** Collects the page's browser console errors and uncaught exceptions (see the `consoleErrors` fixture). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // A page or a form submission answering 4xx on purpose (404 page, validation error, 401, 409,
    // 413, 415, 429) is reported by the browser as a failed load of that document, data request or
    // upload; that is what those tests check. Any other failed resource is an error.
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) {
      const url = new URL(message.location().url || "http://x/");
      const pageUrl = new URL(page.url() || "http://x/");
      if (url.pathname.endsWith(".data") || url.pathname === "/api/img" || basePathOf(url.pathname) === "/audition/apply/submit" || url.pathname === pageUrl.pathname) return;
      // The workspace's media pickers show the library's newest images, which other admin stories
      // running at the same time upload and delete: on an admin page an image deleted meanwhile is a 404
      // like any staff member would get. On visitors' pages a missing image stays an error.
      if (url.pathname.startsWith("/media/") && isAdminPath(pageUrl.pathname)) return;
    }
    errors.push(`${text} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * `test.use({ signedIn: true })`: the browser context starts with the administrator's session, signed in
 * over HTTP like the login form's POSTs, password and second step (the form itself is tested in
 * admin/auth.spec.ts); the session of an earlier test of the worker is reused while it is valid (a
 * server takes each TOTP code once, decision 040). `test.use({ signedIn: "fresh" })`: a session of the
 * test's own, for a test that signs out.
 * `test.use({ signedIn: "per-worker" })`: one such session per worker, signed in when its first test
 * starts and shared by the worker's later tests; only for tests that never sign out (the accessibility
 * checks, which sign in for dozens of pages).
 *
 * `mobilePage`: a page in a context of its own at the mobile project's device (Pixel 7 at 390 px: touch,
 * mobile viewport), for tests that check both widths in one test: same locale, time zone, storage state
 * and guards as `page`, but not the cookies `signedIn` adds to `page`'s context.
 *
 * Every page fails its test on a browser console error or an uncaught exception. The Kakao Maps SDK
 * (the only third-party script) is answered locally with an empty script: there is no network here,
 * and the site must work without the map service. Tests that need the SDK route it themselves.
 */
export const test = base.extend<
  { consoleErrors: string[]; kakaoOffline: void; signedIn: boolean | "per-worker" | "fresh"; mobilePage: Page },
  { workerSession: (baseURL: string) => Promise<string> }
>({
  signedIn: [false, { option: true }],
  workerSession: [
    // A getter, so that only the tests that use the shared session sign in (once per worker).
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      let cookie: Promise<string> | undefined;
      await use((baseURL) => (cookie ??= signInCookie(baseURL)));
    },
    { scope: "worker" },
  ],
  context: async ({ context, signedIn, baseURL, workerSession }, use) => {
    if (signedIn) {
      const cookie =
        signedIn === "per-worker" ? await workerSession(baseURL!) : await signInCookie(baseURL!, undefined, undefined, { fresh: signedIn === "fresh" });
      await context.addCookies([browserCookie(cookie, baseURL!)]);
    }
    await use(context);
  },
  kakaoOffline: [
    async ({ context }, use) => {
      await answerKakaoOffline(context);
      await use();
    },
    { auto: true },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      // A page React runs (the workspace, or a page as the administrator sees it) is complete before it is
      // hydrated, and a link clicked before then does what it does without JavaScript: `goto` returns
      // once the app runs (`<html data-hydrated>`, app/root.tsx). Visitors' pages have no React.
      // `reload` and `goBack` load a document too, and wait the same way (a CI run failed once in
      // casting-packages with JavaScript on, where a click follows each; its error was not kept).
      const untilHydrated = async <T,>(response: T): Promise<T> => {
        if (await page.evaluate(() => "__reactRouterContext" in window).catch(() => false)) {
          await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        }
        return response;
      };
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      const goBack = page.goBack.bind(page);
      page.goto = async (url, options) => untilHydrated(await goto(url, options));
      page.reload = async (options) => untilHydrated(await reload(options));
      page.goBack = async (options) => untilHydrated(await goBack(options));
    }
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors = watchConsole(page);
      await use(errors);
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
  mobilePage: async ({ browser, baseURL, locale, timezoneId, storageState }, use) => {
    const mobile = await browser.newContext({ ...MOBILE_DEVICE, baseURL, locale, timezoneId, storageState });
    await answerKakaoOffline(mobile);
    const page = await mobile.newPage();
    const errors = watchConsole(page);
    await use(page);
    await mobile.close();
    expect(errors, "browser console errors (mobile)").toEqual([]);
  },
});

export { expect };
