/**
 * `npm run bench:size`: gzip bytes of the JavaScript and CSS each public route really loads (measured in
 * Chromium, including chunks fetched after hydration such as the carousel), and a check that no public
 * route loads the editor (Quill) or admin code. Budgets (decision 027): ≤ 70 KB of JS (gzip) on
 * the pages with a carousel (/ and an artist's profile, both languages), ≤ 15 KB on every other public page; over
 * budget, the command fails.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { DEMO_ARTISTS } from "../../app/server/seed/demo-content.server";
import { browserCookie, signInCookie } from "../../tests/setup/sign-in";
import { startBenchServer } from "./server";

const CAROUSEL_JS_BUDGET_KB = 70;
const JS_BUDGET_KB = 15;
const profile = `/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`;
// The home page's carousel, and each artist's on their profile (decision 042; the roster has none).
const CAROUSEL_PAGES = new Set(["/", profile, "/en", `/en${profile}`]);
const korean = ["/", "/company", "/artist", profile, "/audition", "/pr", "/news", "/notice", "/newsDetail/13"];
const routes = [
  ...korean,
  "/audition/apply",
  "/privacy",
  ...korean.map((r) => (r === "/" ? "/en" : `/en${r}`)),
  // The English application form and policy (decision 065).
  "/en/audition/apply",
  "/en/privacy",
];
const clientDir = path.resolve("build/client");
const gz = (file: string) => gzipSync(fs.readFileSync(file), { level: 9 }).byteLength;

const server = await startBenchServer("embedded");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
let failed = false;
const rows: string[] = [];
try {
  const newsId = /href="\/newsDetail\/(\d+)"/.exec(await (await fetch(`${server.baseURL}/news`)).text())?.[1];
  for (const route of routes.map((r) => (r.endsWith("/newsDetail/13") && newsId ? r.replace(/\/13$/, `/${newsId}`) : r))) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const files = new Set<string>();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin === server.baseURL && /\.(js|css)$/.test(url.pathname)) files.add(url.pathname);
    });
    await page.goto(server.baseURL + route, { waitUntil: "networkidle" });
    // A measurement window, not a synchronization: chunks a page loads after hydration (the carousel) count too.
    await page.waitForTimeout(1000);
    await page.close();
    let js = 0;
    let css = 0;
    for (const file of files) {
      const size = gz(path.join(clientDir, file));
      if (file.endsWith(".js")) js += size;
      else css += size;
    }
    // Editor and admin-page modules (the small edit/delete links shown to a signed-in admin on public
    // pages are part of those pages, requirements R8.2).
    const forbidden = [...files].filter((f) => /quill|rich-text|admin-(post|artist)-editor|admin-login|admin-api-tokens|image-slots|list-field|use-editor-draft|schemas/i.test(f));
    if (forbidden.length > 0) {
      failed = true;
      process.stdout.write(`✗ ${route} loads editor/admin code: ${forbidden.join(", ")}\n`);
    }
    const budget = CAROUSEL_PAGES.has(route) ? CAROUSEL_JS_BUDGET_KB : JS_BUDGET_KB;
    rows.push(`| ${decodeURIComponent(route)} | ${(js / 1024).toFixed(1)} | ${budget} | ${(css / 1024).toFixed(1)} | ${files.size} |`);
    if (js / 1024 > budget) {
      failed = true;
      process.stdout.write(`✗ ${decodeURIComponent(route)} loads ${(js / 1024).toFixed(1)} KB of JS (gzip), over its ${budget} KB budget\n`);
    }
  }
  // The editor's route does load Quill (the check above would be meaningless otherwise).
  const admin = await browser.newPage();
  const adminFiles: string[] = [];
  admin.on("response", (r) => adminFiles.push(new URL(r.url()).pathname));
  await admin.context().addCookies([browserCookie(await signInCookie(server.baseURL), server.baseURL)]);
  await admin.goto(`${server.baseURL}/adminNewsWrite`, { waitUntil: "networkidle" });
  await admin.waitForSelector(".ql-editor");
  const quill = adminFiles.filter((f) => /quill/i.test(f));
  process.stdout.write(`editor route loads Quill: ${quill.length > 0 ? quill.join(", ") : "NO"}\n`);
} finally {
  await browser.close();
  await server.stop();
}
process.stdout.write(`\nMeasured ${new Date().toISOString()} (gzip -9 of the files each route fetched, 390 px viewport)\n`);
process.stdout.write("| route | JS KB (gzip) | JS budget KB | CSS KB (gzip) | files |\n|---|---|---|---|---|\n");
for (const row of rows) process.stdout.write(`${row}\n`);
if (failed) process.exit(1);
