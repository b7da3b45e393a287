/**
 * `npm run bench:load`: does the server hold? (1) 500 connections for 60 s (BENCH_LOAD_SECONDS) on
 * cached pages: errors and memory over time, on the embedded default and (with TEST_DATABASE_URL) a PostgreSQL server; (2) beyond capacity: a server without its page cache,
 * flooded with renders, answers 503 with Retry-After instead of falling over (no timeouts, no errors).
 */
import autocannon from "autocannon";
import { DEMO_ARTISTS } from "../../app/server/seed/demo-content.server";
import { peakMb, postgresServerUrl, rssMb, startBenchServer } from "./server";

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const METRICS_TOKEN = "bench-load-metrics-token-0123456789";

/** The server's V8 heap and external memory (WebAssembly memory, buffers) in MB, from its /metrics. */
async function heapMb(baseURL: string): Promise<string> {
  const text = await (await fetch(`${baseURL}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN) / 1048576);
  return `V8 heap used ${mb("nodejs_heap_size_used_bytes")} of ${mb("nodejs_heap_size_total_bytes")} MB, external ${mb("nodejs_external_memory_bytes")} MB`;
}

// The embedded default, and PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) names a server.
for (const engine of postgresServerUrl() ? (["embedded", "postgres"] as const) : (["embedded"] as const)) {
  // As after any start but the very first: the database was prepared (created, seeded) by another process.
  const server = await startBenchServer(engine, { METRICS_TOKEN }, { prepared: true });
  try {
    const paths = ["/", "/artist", "/news", `/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`, "/api/we/actorList"];
    for (const p of paths) await fetch(server.baseURL + p);
    const memory: number[] = [rssMb(server.pid)];
    const sampler = setInterval(() => memory.push(rssMb(server.pid)), 5000);
    const result = await autocannon({
      url: server.baseURL,
      connections: 500,
      duration: seconds,
      headers: { "accept-encoding": "br, gzip" },
      requests: paths.map((path) => ({ method: "GET", path })),
    });
    clearInterval(sampler);
    memory.push(rssMb(server.pid));
    const firstHalf = memory.slice(1, Math.ceil(memory.length / 2));
    const secondHalf = memory.slice(Math.ceil(memory.length / 2));
    const avg = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
    process.stdout.write(
      `${engine}: 500 connections × ${seconds} s on cached pages, ${new Date().toISOString()}\n` +
        `requests: ${result.requests.total} (${Math.round(result.requests.average)} req/s), p99 ${result.latency.p99} ms, errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}\n` +
        `RSS MB every 5 s: ${memory.join(" ")}\n` +
        `RSS first half avg ${avg(firstHalf)} MB, second half avg ${avg(secondHalf)} MB; after: ${memory.at(-1)} MB (${await heapMb(server.baseURL)}), peak ${peakMb(server.pid)} MB\n\n`,
    );
    if (result.errors + result.timeouts + result.non2xx > 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

// Beyond capacity: page cache off, renders limited to 4 at a time (and, by default, an event loop at
// most 100 ms behind), 200 connections asking for pages that must be rendered.
const small = await startBenchServer("embedded", { MAX_CONCURRENT_REQUESTS: "4", PAGE_CACHE: "false" });
try {
  let retryAfter = 0;
  const run = autocannon({ url: `${small.baseURL}/news`, connections: 200, duration: 10 });
  // A visitor arriving mid-flood: refused at once with Retry-After, or served.
  await new Promise((r) => setTimeout(r, 3000));
  const probes = await Promise.all(Array.from({ length: 20 }, () => fetch(`${small.baseURL}/news`)));
  const refused = probes.find((p) => p.status === 503);
  if (refused) retryAfter = Number(refused.headers.get("retry-after"));
  const result = await run;
  const codes = new Map(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [Number(code), stat.count ?? 0]));
  const health = await fetch(`${small.baseURL}/healthz`);
  process.stdout.write(
    `\nOverload: 200 connections × 10 s, page cache off, MAX_CONCURRENT_REQUESTS=4\n` +
      `status codes: ${[...codes.entries()].map(([c, n]) => `${c}×${n}`).join(", ")}; errors ${result.errors}; p99 ${result.latency.p99} ms\n` +
      `server alive afterwards: /healthz ${health.status}${retryAfter ? `; 503 carried Retry-After: ${retryAfter}` : ""}\n`,
  );
  if (!codes.has(503) || !retryAfter || health.status !== 200 || result.errors > 0) process.exitCode = 1;
} finally {
  await small.stop();
}
