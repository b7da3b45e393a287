/**
 * `npm run bench:publish`: 200 connections on the public pages while the administrator publishes a
 * news post every 2 s (after a write, no stampede: decision 029). Every publish empties the page cache;
 * concurrent requests for a missing page wait for one render (single flight) and the pages visitors
 * were reading are rendered again in the background (PAGE_CACHE_WARM). Runs on the embedded default and, with
 * TEST_DATABASE_URL, on PostgreSQL; each with background renders on (the default) and off
 * (PAGE_CACHE_WARM=0), and prints p50/p99/max latency, errors and how long until /news shows each post.
 */
import autocannon from "autocannon";
import { DEMO_ARTISTS } from "../../app/server/seed/demo-content.server";
import { signInCookie } from "../../tests/setup/sign-in";
import { postgresServerUrl, rssMb, startBenchServer } from "./server";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 200);
const engines = (postgresServerUrl() ? ["embedded", "postgres"] : ["embedded"]) as ("embedded" | "postgres")[];
const artists = DEMO_ARTISTS.slice(0, 6).map((a) => `/artist/${encodeURIComponent(a.name)}`);
const paths = ["/", "/company", "/artist", "/audition", "/pr", "/news", "/notice", "/news?page=2", ...artists, "/en", "/en/artist", "/en/news", "/api/we/actorList", "/api/we/newslist"];

const rows: string[] = [];
for (const engine of engines) {
  for (const warm of ["50", "0"]) {
    const server = await startBenchServer(engine, { PAGE_CACHE_WARM: warm });
    try {
      for (const path of paths) await fetch(server.baseURL + path);
      const cookie = await signInCookie(server.baseURL);
      const load = autocannon({
        url: server.baseURL,
        connections,
        duration: seconds,
        timeout: 10,
        headers: { "accept-encoding": "br, gzip" },
        requests: paths.map((path) => ({ method: "GET", path })),
      });
      const visible: number[] = [];
      const deadline = Date.now() + (seconds - 3) * 1000;
      for (let i = 0; Date.now() < deadline; i++) {
        const title = `게시 부하 벤치 ${engine} ${warm} ${i} ${Date.now()}`;
        const started = Date.now();
        const created = await fetch(`${server.baseURL}/api/we/writenews`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
          body: JSON.stringify({ title, content: "<p>벤치</p>" }),
        });
        if (created.status !== 201) throw new Error(`publish failed: ${created.status}`);
        // Polling for the condition (a benchmark measurement, not a test).
        while (!(await (await fetch(`${server.baseURL}/news`)).text()).includes(title)) await new Promise((r) => setTimeout(r, 5));
        visible.push(Date.now() - started);
        await new Promise((r) => setTimeout(r, Math.max(0, 2000 - (Date.now() - started))));
      }
      const result = await load;
      visible.sort((x, y) => x - y);
      const failed = result.errors + result.timeouts + result.non2xx;
      rows.push(
        `| ${engine} | ${warm === "0" ? "off" : "on"} | ${Math.round(result.requests.total / seconds)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${failed} | ${visible.length} | ${visible[Math.floor(visible.length / 2)]} | ${rssMb(server.pid)} |`,
      );
    } finally {
      await server.stop();
    }
  }
}
process.stdout.write(
  `\n${connections} connections × ${seconds} s on ${paths.length} public paths while the administrator publishes every 2 s, ${new Date().toISOString()}\n\n`,
);
process.stdout.write("| engine | background renders | req/s | p50 ms | p99 ms | max ms | failed | posts | publish → on /news, median ms | RSS MB after |\n|---|---|---|---|---|---|---|---|---|---|\n");
for (const row of rows) process.stdout.write(`${row}\n`);
