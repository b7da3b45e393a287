/**
 * Investigation aid for the bimodal first paint (docs/benchmarks.md): runs Lighthouse LH_RUNS times on one
 * route and prints, per run, the simulated and observed FCP and every request that finished before the
 * observed first paint, with its connection (id, reused or new), priority and timing from the DevTools log.
 *
 *   npm ci --prefix scripts/bench/lighthouse && tsx scripts/bench/lighthouse/fcp-probe.ts /company
 */
import lighthouse from "lighthouse";
import { FIRST_VISIT_STORAGE, launchBenchChrome } from "./chrome";
import { startBenchServer } from "../server";

const route = process.argv[2] ?? "/company";
const RUNS = Number(process.env.LH_RUNS ?? 8);
const server = await startBenchServer("embedded");
const chrome = await launchBenchChrome();
// The DevTools protocol events read here, loosely typed (only the fields used).
type Entry = {
  method: string;
  params: {
    requestId: string;
    timestamp: number;
    request: { url: string; initialPriority: string };
    response: { connectionId: number; connectionReused: boolean; protocol: string };
  };
};
try {
  await fetch(server.baseURL + route);
  await lighthouse(server.baseURL + route, { port: chrome.port, output: "json", logLevel: "error", clearStorageTypes: FIRST_VISIT_STORAGE, onlyCategories: ["performance"] });
  for (let run = 0; run < RUNS; run++) {
    const result = (await lighthouse(server.baseURL + route, { port: chrome.port, output: "json", logLevel: "error", clearStorageTypes: FIRST_VISIT_STORAGE, onlyCategories: ["performance"] }))!;
    const lhr = result.lhr;
    const metrics = (lhr.audits.metrics?.details as { items: Record<string, number>[] } | undefined)?.items[0] ?? {};
    const log = ((result.artifacts as unknown as { DevtoolsLog: Entry[] }).DevtoolsLog ?? []) as Entry[];
    const sent = new Map<string, { url: string; start: number; priority: string }>();
    const responses = new Map<string, { connectionId: number; reused: boolean; protocol: string }>();
    const finished = new Map<string, number>();
    for (const entry of log) {
      const p = entry.params;
      if (entry.method === "Network.requestWillBeSent") sent.set(p.requestId, { url: p.request.url, start: p.timestamp, priority: p.request.initialPriority });
      if (entry.method === "Network.responseReceived") responses.set(p.requestId, { connectionId: p.response.connectionId, reused: p.response.connectionReused, protocol: p.response.protocol });
      if (entry.method === "Network.loadingFinished") finished.set(p.requestId, p.timestamp);
    }
    const first = Math.min(...[...sent.values()].map((s) => s.start));
    process.stdout.write(
      `run ${run + 1}: perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, FCP simulated ${Math.round(metrics.firstContentfulPaint ?? 0)} ms, observed ${Math.round(metrics.observedFirstContentfulPaint ?? 0)} ms, LCP ${Math.round(metrics.largestContentfulPaint ?? 0)} ms\n`,
    );
    for (const [id, s] of sent) {
      const r = responses.get(id);
      const end = finished.get(id);
      const ms = (t: number) => Math.round((t - first) * 1000);
      process.stdout.write(
        `   ${String(ms(s.start)).padStart(5)}-${end ? String(ms(end)).padStart(5) : "    ?"} ms  conn ${r?.connectionId ?? "?"}${r?.reused ? " (reused)" : " (new)"} ${s.priority.padEnd(8)} ${s.url.replace(server.baseURL, "").slice(0, 90)}\n`,
      );
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
