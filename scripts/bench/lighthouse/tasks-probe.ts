/**
 * Investigation aid for blocking time (docs/benchmarks.md, "The warm-up and the carousel in their own idle
 * moments"): runs Lighthouse LH_RUNS times on one route and prints, per run, the score and blocking time,
 * then every main-thread task of 10 ms or more (unthrottled, as observed; Lighthouse's simulation
 * multiplies them by 4) with the trace events inside it by total time and the scripts it ran.
 *
 *   npm run build && npm ci --prefix scripts/bench/lighthouse && tsx scripts/bench/lighthouse/tasks-probe.ts /news
 */
import lighthouse from "lighthouse";
import { FIRST_VISIT_STORAGE, launchBenchChrome } from "./chrome";
import { startBenchServer } from "../server";

/** A trace event, loosely typed (only the fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; isLoadingMainFrame?: boolean; stackTrace?: { url: string }[] } };
}

const route = process.argv[2] ?? "/";
const RUNS = Number(process.env.LH_RUNS ?? 3);
const server = await startBenchServer("embedded");
const chrome = await launchBenchChrome();
const ms = (micro: number) => (micro / 1000).toFixed(1);
try {
  await fetch(server.baseURL + route);
  for (let run = 0; run < RUNS; run++) {
    const result = await lighthouse(server.baseURL + route, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      clearStorageTypes: FIRST_VISIT_STORAGE,
      onlyCategories: ["performance"],
    });
    const { lhr, artifacts } = result!;
    process.stdout.write(`run ${run}: performance ${Math.round(lhr.categories.performance!.score! * 100)}, blocking time ${Math.round(lhr.audits["total-blocking-time"]!.numericValue!)} ms\n`);
    const events = (artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents;
    const paint = events.find((e) => e.name === "firstContentfulPaint");
    const start = events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame) ?? events.find((e) => e.name === "navigationStart");
    if (!paint || !start) continue;
    process.stdout.write(`  first paint at ${ms(paint.ts - start.ts)} ms (observed)\n`);
    const main = events.filter((e) => e.pid === paint.pid && e.tid === paint.tid && e.ph === "X");
    for (const task of main.filter((e) => e.name === "RunTask" && (e.dur ?? 0) >= 10_000)) {
      const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur!);
      const byName = new Map<string, number>();
      for (const event of inside) byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0));
      const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, total]) => `${name} ${ms(total)}`);
      const scripts = [...new Set(inside.map((e) => e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url).filter((url): url is string => Boolean(url)))].map((url) => url.replace(server.baseURL, ""));
      process.stdout.write(`  task at ${ms(task.ts - start.ts)} ms, ${ms(task.dur!)} ms: ${top.join(", ")}${scripts.length ? ` · ${scripts.slice(0, 3).join(" ")}` : ""}\n`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
