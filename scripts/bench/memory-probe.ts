/**
 * Where the app process's memory goes under the memory benchmark's load: `npm start` (one process) on a
 * fresh DATA_DIR, 500 connections × BENCH_LOAD_SECONDS over the public routes, and every few seconds the
 * process's PSS beside V8's heap figures from /metrics. Node flags: PROBE_NODE_OPTIONS (default: npm start's).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import { appProcessEnv } from "../../tests/setup/app-process-env";
import { enterableTempDir, pollUntil, TEST_ADMIN_ENV } from "../../tests/setup/app-server";
import { freePort } from "../../tests/setup/free-port";

const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const token = "probe-metrics-token-0123456789";
const port = await freePort();
const dataDir = enterableTempDir("we-memprobe-");
const baseURL = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ["main.ts"], {
  env: { ...process.env, ...appProcessEnv(), ...TEST_ADMIN_ENV, NODE_ENV: "production", ...(process.env.PROBE_NODE_OPTIONS === undefined ? {} : { NODE_OPTIONS: process.env.PROBE_NODE_OPTIONS }), PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_ORIGIN: baseURL, LOG_LEVEL: "error", WEB_CONCURRENCY: "1", METRICS_TOKEN: token },
  stdio: ["ignore", "ignore", "inherit"],
});
const pss = (pid: number) => Math.round(Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0) / 1024);
async function report(label: string) {
  const text = await (await fetch(`${baseURL}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const m = (name: string) => Math.round(Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, "m").exec(text)?.[1] ?? NaN) / 1024 / 1024);
  const spaces = [...text.matchAll(/^nodejs_heap_space_size_used_bytes\{space="(\w+)"[^}]*\} (\S+)/gm)].map(([, s, v]) => `${s} ${Math.round(Number(v) / 1048576)}`).join(", ");
  console.log(`${label}: PSS ${pss(child.pid!)} MB; rss ${m("process_resident_memory_bytes")}, heap total ${m("nodejs_heap_size_total_bytes")}, used ${m("nodejs_heap_size_used_bytes")}, external ${m("nodejs_external_memory_bytes")} MB; spaces used: ${spaces}`);
}
try {
  await pollUntil(async () => (await fetch(`${baseURL}/healthz`).catch(() => null))?.ok === true, { timeoutMs: 120_000, what: () => "start" });
  await report("started");
  const routes = ["/", "/company", "/artist", "/audition", "/pr", "/news", "/notice", "/privacy", "/en", "/en/company", "/en/artist", "/en/news", "/api/we/actorList", "/api/we/newslist", "/sitemap.xml", "/rss.xml"];
  const timer = setInterval(() => void report("load").catch(() => undefined), 5000);
  const result = await autocannon({ url: baseURL, connections: 500, duration: loadSeconds, headers: { "accept-encoding": "br, gzip" }, requests: routes.map((path) => ({ method: "GET", path })) });
  clearInterval(timer);
  console.log(`requests ${result.requests.total}, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`);
  for (let i = 0; i < 3; i++) {
    await new Promise((r) => setTimeout(r, 5000));
    await report(`after +${(i + 1) * 5}s`);
  }
} finally {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
