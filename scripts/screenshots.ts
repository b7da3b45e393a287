/**
 * Full-page screenshots of pages at 1280 px and 390 px, for looking at the UI:
 *   npm run screenshots -- http://127.0.0.1:3000 / /artist /pr
 *   npm run screenshots -- --admin admin:the-password --no-js http://127.0.0.1:3000 /admin /admin/posts
 * `--admin id:password` signs in first (as the login form does; `--totp BASE32` gives the account's
 * TOTP secret for the second step, e.g. the server's ADMIN_TOTP_SECRET); `--no-js` renders with JavaScript
 * disabled. Writes PNGs to ./screenshots (ignored by git).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { browserCookie, signInCookie } from "../tests/setup/sign-in";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  if (i === -1) return null;
  const [, value] = args.splice(i, name === "--no-js" ? 1 : 2);
  return value ?? "";
};
const admin = flag("--admin");
const totpSecret = flag("--totp") ?? undefined;
const noJs = flag("--no-js") !== null;
const [base = "http://127.0.0.1:3000", ...paths] = args;
const pages = paths.length > 0 ? paths : ["/", "/company", "/artist", "/audition", "/pr", "/news", "/notice"];
const outDir = path.resolve("screenshots");
fs.mkdirSync(outDir, { recursive: true });

const cookie = admin ? await signInCookie(base, { id: admin.slice(0, admin.indexOf(":")), password: admin.slice(admin.indexOf(":") + 1), totpSecret }) : null;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({
      viewport: { width, height: width === 390 ? 844 : 800 },
      reducedMotion: "reduce",
      locale: "ko-KR",
      timezoneId: "Asia/Seoul",
      javaScriptEnabled: !noJs,
    });
    if (cookie) await context.addCookies([browserCookie(cookie, base)]);
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(new URL(p, base).toString(), { waitUntil: "networkidle" });
      // Fonts and images settle before the picture is taken.
      await page.evaluate(() => document.fonts.ready);
      const name = `${width}-${noJs ? "nojs" : "js"}-${p.replace(/[^a-zA-Z0-9가-힣]+/g, "_").replace(/^_|_$/g, "") || "home"}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      process.stdout.write(`${path.join("screenshots", name)}\n`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
