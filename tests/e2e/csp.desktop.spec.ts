import { resolveDemoPath } from "./helpers";
import { expect, test } from "./fixtures";

/**
 * The Content-Security-Policy forbids eval. A library that probes for it (zod does, when a schema is built
 * in the browser) trips a violation that browsers report as an issue, and Lighthouse's Best Practices
 * counts it. No public page, in either language, may cause one.
 */
const PAGES = ["/", "/company", "/artist", "/artist/{artist}", "/audition", "/pr", "/news", "/newsDetail/{news}", "/notice", "/privacy"];

test("no public page trips the Content-Security-Policy (no eval probes, no blocked resources)", async ({ page, request }) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  for (const type of PAGES) {
    for (const path of [await resolveDemoPath(request, type), ...(type === "/privacy" ? [] : [await resolveDemoPath(request, type === "/" ? "/en" : `/en${type}`)])]) {
      // Loaded (`goto` waits for the load event), and every island fetched and set up (`data-enhanced`):
      // whatever could trip the policy has run.
      await page.goto(path);
      await expect(page.locator("html[data-enhanced]")).toHaveCount(1);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
  }
});
