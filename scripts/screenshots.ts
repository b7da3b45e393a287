/**
 * Full-page screenshots of pages at 1280 px and 390 px, for looking at the UI:
 *   npm run screenshots -- http://127.0.0.1:3000 / /artist /pr
 * Writes PNGs to ./screenshots (ignored by git).
 */
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/", "/company", "/artist", "/audition", "/pr", "/news", "/notice"];
const outDir = path.resolve("screenshots");
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  for (const width of [1280, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 }, reducedMotion: "reduce", locale: "ko-KR" });
    const page = await context.newPage();
    for (const p of pages) {
      await page.goto(new URL(p, base).toString(), { waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      const name = `${width}-${p.replace(/[^a-zA-Z0-9가-힣]+/g, "_").replace(/^_|_$/g, "") || "home"}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: true });
      process.stdout.write(`${path.join("screenshots", name)}\n`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
