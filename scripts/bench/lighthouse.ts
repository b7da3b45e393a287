/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, default throttling) on every public route, with
 * Debian's Chromium (CHROME_PATH). Targets: Performance ≥ 98, Accessibility 100, Best Practices 100, SEO 100.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { DEMO_ARTISTS } from "../../app/server/seed/demo-content.server";
import { startBenchServer } from "./server";

const TARGETS = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 } as const;
const server = await startBenchServer("pglite", { PUBLIC_ORIGIN: "" });
const newsId = /href="\/newsDetail\/(\d+)"/.exec(await (await fetch(`${server.baseURL}/news`)).text())?.[1];
const only = process.argv.slice(2);
const routes = only.length > 0 ? only : ["/", "/company", "/artist", `/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`, "/audition", "/pr", "/news", "/notice", `/newsDetail/${newsId}`];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const rows: string[] = [];
let failed = false;
try {
  for (const route of routes) {
    // Warm the page cache first: Lighthouse measures what visitors get.
    await fetch(server.baseURL + route);
    const result = await lighthouse(server.baseURL + route, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(TARGETS),
    });
    const categories = result!.lhr.categories;
    const scores = Object.fromEntries(Object.keys(TARGETS).map((k) => [k, Math.round((categories[k]?.score ?? 0) * 100)])) as Record<keyof typeof TARGETS, number>;
    for (const [key, target] of Object.entries(TARGETS)) if (scores[key as keyof typeof TARGETS] < target) failed = true;
    const audits = result!.lhr.audits;
    const metric = (id: string) => audits[id]?.displayValue ?? "-";
    rows.push(
      `| ${decodeURIComponent(route)} | ${scores.performance} | ${scores.accessibility} | ${scores["best-practices"]} | ${scores.seo} | ${metric("first-contentful-paint")} | ${metric("largest-contentful-paint")} | ${metric("total-blocking-time")} | ${metric("cumulative-layout-shift")} |`,
    );
    process.stdout.write(`${rows[rows.length - 1]}\n`);
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "manual" && a.scoreDisplayMode !== "notApplicable")
      .map((a) => `${a.id} (${a.score})`);
    if (process.env.LH_VERBOSE) process.stdout.write(`  not perfect: ${failing.join(", ")}\n`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
process.stdout.write(`\nLighthouse mobile, ${new Date().toISOString()}\n| route | Perf | A11y | BP | SEO | FCP | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|---|\n${rows.join("\n")}\n`);
if (failed) process.exit(1);
