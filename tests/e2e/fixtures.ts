import { test as base, expect } from "@playwright/test";

/** Every page fails its test on a browser console error or an uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
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
          if (url.pathname.endsWith(".data") || url.pathname === "/api/img" || url.pathname === pageUrl.pathname) return;
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
