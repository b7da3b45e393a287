/**
 * `npm run bench:render`: what an uncached render costs (decision 029). A production server with
 * PAGE_CACHE=false per engine (the embedded default; PostgreSQL too with TEST_DATABASE_URL); for each public route,
 * after 100 warm-up requests, 1,000 requests at 10 connections: the server's CPU time per request (all
 * its threads, compression included, from /proc) and, on PostgreSQL, the database's (every `postgres`
 * process on the machine), which unlike req/s hardly depends on what else the machine is doing.
 * BENCH_PROFILE=1 also records a CPU profile (`--cpu-prof`) of 10 s of the home page at 50 connections
 * and prints where the time went by package (startup samples left out).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { DEMO_ARTISTS } from "../../app/server/seed/demo-content.server";
import { postgresServerUrl, startBenchServer } from "./server";

const TICK_MS = 1000 / Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());
const artistPage = `/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`;
const routes = ["/", "/company", "/artist", artistPage, "/audition", "/pr", "/news", "/newsDetail/:id", "/privacy", "/en", "/en/artist", "/api/we/actorList", "/api/we/newslist"];
const engines: ("embedded" | "postgres")[] = ["embedded", ...(postgresServerUrl() ? (["postgres"] as const) : [])];
const profile = process.env.BENCH_PROFILE === "1";

/** CPU time (ms) of a process, all threads. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
/** CPU time (ms) of every PostgreSQL server process on this machine. */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += cpuMs(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

const rows: string[] = [];
for (const engine of engines) {
  const server = await startBenchServer(engine, { PAGE_CACHE: "false" });
  try {
    const postId = /href="\/newsDetail\/(\d+)"/.exec(await (await fetch(`${server.baseURL}/news`)).text())?.[1] ?? "1";
    for (const route of routes.map((r) => r.replace(":id", postId))) {
      const url = server.baseURL + route;
      const options = { url, connections: 10, headers: { "accept-encoding": "br, gzip" } };
      await autocannon({ ...options, amount: 100 });
      const [node0, pg0, started] = [cpuMs(server.pid), engine === "postgres" ? postgresCpuMs() : 0, Date.now()];
      const result = await autocannon({ ...options, amount: 1000 });
      const [node1, pg1, seconds] = [cpuMs(server.pid), engine === "postgres" ? postgresCpuMs() : 0, (Date.now() - started) / 1000];
      const failed = result.errors + result.timeouts + result.non2xx;
      rows.push(`| ${engine} | ${decodeURIComponent(route)} | ${((node1 - node0) / 1000).toFixed(2)} | ${engine === "postgres" ? ((pg1 - pg0) / 1000).toFixed(2) : "–"} | ${Math.round(1000 / seconds)} | ${failed} |`);
      process.stdout.write(`${rows[rows.length - 1]}\n`);
    }
  } finally {
    await server.stop();
  }
}

process.stdout.write(`\nUncached renders (PAGE_CACHE=false), 1,000 requests at 10 connections per route, ${new Date().toISOString()}\n\n`);
process.stdout.write("| engine | route | server CPU ms/request | PostgreSQL CPU ms/request | req/s (10 conns) | failed |\n|---|---|---|---|---|---|\n");
for (const row of rows) process.stdout.write(`${row}\n`);

if (profile) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "we-render-profile-"));
  const spawned = Date.now();
  const server = await startBenchServer(engines[engines.length - 1]!, { PAGE_CACHE: "false", NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}` });
  let loadStart: number;
  try {
    const options = { url: `${server.baseURL}/`, connections: 50, headers: { "accept-encoding": "br, gzip" } };
    await autocannon({ ...options, duration: 2 });
    loadStart = Date.now();
    await autocannon({ ...options, duration: 10 });
  } finally {
    await server.stop();
  }
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("no CPU profile was written");
  printBreakdown(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")), (loadStart - spawned) * 1000);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time by package over the samples after `skipMicros` (the start and warm-up). */
function printBreakdown(p: CpuProfile, skipMicros: number) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const groups = new Map<string, number>();
  let t = 0;
  let total = 0;
  const groupOf = (url: string, name: string) => {
    if (name === "(garbage collector)") return "garbage collection";
    if (name === "(idle)" || name === "(program)") return "idle / waiting";
    const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (pkg === "react-dom" || pkg === "react") return "React (render to HTML)";
    if (pkg === "react-router" || pkg === "@react-router/node" || pkg === "@react-router/express") return "React Router (matching, loaders, data)";
    if (pkg === "drizzle-orm" || pkg === "pg" || pkg === "pg-protocol" || pkg === "pg-pool") return "database client (drizzle, pg)";
    if (pkg === "express" || pkg === "router" || pkg === "send" || pkg === "compression" || pkg === "serve-static") return "Express and middleware";
    if (url.includes("/build/server/") || url.includes("/app/")) return "the app's own code";
    if (/node:zlib/.test(url)) return "compression (zlib)";
    if (/undici|webstreams|encoding/.test(url)) return "web Request/Response, streams, text encoding";
    if (url.startsWith("node:")) return "Node (HTTP, streams, timers)";
    return "native / other";
  };
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i] ?? 0;
    if (t < skipMicros) continue;
    const node = byId.get(p.samples[i]!)!;
    const group = groupOf(node.callFrame.url, node.callFrame.functionName);
    const delta = p.timeDeltas[i] ?? 0;
    groups.set(group, (groups.get(group) ?? 0) + delta);
    total += delta;
  }
  process.stdout.write(`\nCPU profile of GET / at 50 connections for 10 s (${engines[engines.length - 1]}), self time by part:\n\n| part | share |\n|---|---|\n`);
  for (const [group, micros] of [...groups].sort((a, b) => b[1] - a[1])) process.stdout.write(`| ${group} | ${((100 * micros) / total).toFixed(1)} % |\n`);
}
