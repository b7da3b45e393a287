import { test as base, expect } from "@playwright/test";
import { browserCookie, signInCookie } from "../setup/sign-in";

/**
 * `test.use({ signedIn: true })`: the browser context starts with the administrator's session, signed in
 * over HTTP like the login form's POST (the form itself is tested in admin/auth.spec.ts).
 *
 * Every page fails its test on a browser console error or an uncaught exception. The Kakao Maps SDK
 * (the only third-party script) is answered locally with an empty script: there is no network here,
 * and the site must work without the map service. Tests that need the SDK route it themselves.
 */
export const test = base.extend<{ consoleErrors: string[]; kakaoOffline: void; signedIn: boolean }>({
  signedIn: [false, { option: true }],
  context: async ({ context, signedIn, baseURL }, use) => {
    if (signedIn) await context.addCookies([browserCookie(await signInCookie(baseURL!), baseURL!)]);
    await use(context);
  },
  kakaoOffline: [
    async ({ context }, use) => {
      await context.route("https://dapi.kakao.com/**", (route) =>
        route.fulfill({ status: 200, contentType: "application/javascript", body: "/* offline */" }),
      );
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
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
          if (url.pathname.endsWith(".data") || url.pathname === "/api/img" || url.pathname === "/audition/apply/submit" || url.pathname === pageUrl.pathname) return;
        }
        errors.push(`${text} (${message.location().url})`);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, "browser console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
