/**
 * `npm run bench:http`: autocannon on loopback against the production server, on the embedded default and (when
 * TEST_DATABASE_URL or BENCH_DATABASE_URL is set) on PostgreSQL. 50 connections, 10 s per route
 * (BENCH_DURATION to change). Prints req/s and latency percentiles. BENCH_ROUTES=all: every public
 * route (both languages, a post page of each kind, the API reads); with PAGE_CACHE=false it measures
 * uncached renders (decision 029).
 */
import autocannon from "autocannon";
import { DEMO_ARTISTS } from "../../app/server/seed/demo-content.server";
import { postgresServerUrl, startBenchServer } from "./server";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const artistPage = `/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`;
const allRoutes = process.env.BENCH_ROUTES === "all";
const routes = allRoutes
  ? ["/", "/company", "/artist", artistPage, "/audition", "/pr", "/news", "/notice", "/newsDetail/:id", "/noticeDetail/:id", "/privacy", "/en", "/en/artist", `/en${artistPage}`, "/en/news", "/api/we/actorList", "/api/we/newslist"]
  : ["/", "/artist", "/news", artistPage, "/api/we/actorList"];
const engines: ("embedded" | "postgres")[] = ["embedded", ...(postgresServerUrl() ? (["postgres"] as const) : [])];

interface Row {
  engine: string;
  route: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

const rows: Row[] = [];
for (const engine of engines) {
  const server = await startBenchServer(engine);
  try {
    // A real post of each kind for the detail routes.
    const firstId = async (list: string, detail: string) => new RegExp(`href="/${detail}/(\\d+)"`).exec(await (await fetch(server.baseURL + list)).text())?.[1] ?? "1";
    const ids = { newsDetail: await firstId("/news", "newsDetail"), noticeDetail: await firstId("/notice", "noticeDetail") };
    for (const route of routes.map((r) => r.replace(/^\/(newsDetail|noticeDetail)\/:id$/, (_, kind: keyof typeof ids) => `/${kind}/${ids[kind]}`))) {
      const url = server.baseURL + route;
      // Warm up (fills the page cache, JIT).
      await autocannon({ url, connections: 10, duration: 2, headers: { "accept-encoding": "br, gzip" } });
      const result = await autocannon({ url, connections, duration, headers: { "accept-encoding": "br, gzip" } });
      rows.push({
        engine,
        route: decodeURIComponent(route),
        reqPerSec: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
      process.stdout.write(`${engine} ${decodeURIComponent(route)}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms\n`);
    }
  } finally {
    await server.stop();
  }
}

process.stdout.write(`\n${connections} connections, ${duration} s per route, page cache ${process.env.PAGE_CACHE === "false" ? "off" : "on"}, ${new Date().toISOString()}\n`);
process.stdout.write("| engine | route | req/s | p50 ms | p99 ms | errors | non-2xx |\n|---|---|---|---|---|---|---|\n");
for (const r of rows) process.stdout.write(`| ${r.engine} | ${r.route} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |\n`);
