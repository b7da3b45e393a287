/**
 * `npm run bench:two-servers`: the production layout in miniature (docs/deploy.md). Two app servers on
 * one PostgreSQL database (TEST_DATABASE_URL or BENCH_DATABASE_URL; a fresh database is created) and one
 * S3-compatible server on loopback, sharing SESSION_SECRET. Prints:
 *  1. throughput of one server, then of both together, on the public pages (autocannon; the same total
 *     number of connections, split between the servers in the second run);
 *  2. while both are loaded, the administrator publishes on A every 2 s: how long until B serves it,
 *     and whether any visitor request failed.
 * On this 2-core machine the servers, PostgreSQL, the S3 server and the load generator share the CPU,
 * so the second figure shows the layout works, not how it scales on separate machines.
 */
import autocannon from "autocannon";
import { DEMO_ARTISTS } from "../../app/server/seed/demo-content.server";
import { startAppServer, type AppServer } from "../../tests/setup/app-server";
import { startS3Server } from "../../tests/setup/s3-server";
import { signInCookie } from "../../tests/setup/sign-in";
import { postgresServerUrl, rssMb } from "./server";

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const serverUrl = postgresServerUrl();
if (!serverUrl) throw new Error("Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server.");

const paths = ["/", "/artist", "/news", "/notice", `/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`, "/api/we/actorList", "/en/company"];
const s3 = await startS3Server({ bucket: "we-bench-bucket" });
const shared = { SEED_DEMO_CONTENT: "true", PAGE_CACHE_WARM: "50", SESSION_SECRET: "bench-two-servers-session-secret-0123456789", ...s3.env };
const servers: AppServer[] = [];
try {
  const a = await startAppServer({ engine: "postgres", postgresServerUrl: serverUrl, fromTemplate: false, stderr: "inherit", env: shared });
  servers.push(a);
  const b = await startAppServer({ engine: "postgres", databaseUrl: a.databaseUrl!, stderr: "inherit", env: shared });
  servers.push(b);
  for (const server of servers) for (const path of paths) await fetch(server.baseURL + path);

  const load = (server: AppServer, conns: number) =>
    autocannon({
      url: server.baseURL,
      connections: conns,
      duration: seconds,
      headers: { "accept-encoding": "br, gzip" },
      requests: paths.map((path) => ({ method: "GET", path })),
    });
  const line = (label: string, results: autocannon.Result[]) => {
    const total = results.reduce((n, r) => n + r.requests.total, 0);
    const failed = results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
    const p99 = Math.max(...results.map((r) => r.latency.p99));
    return `${label}: ${Math.round(total / seconds)} req/s, p99 ${p99} ms, failed ${failed} (errors, timeouts, non-2xx)`;
  };

  const date = new Date().toISOString();
  process.stdout.write(`Two app servers on one PostgreSQL + one S3 server, ${connections} connections × ${seconds} s on ${paths.length} public paths, ${date}\n`);
  process.stdout.write(`${line("one server (A)", [await load(a, connections)])}\n`);
  process.stdout.write(`${line("two servers (A + B)", await Promise.all([load(a, connections / 2), load(b, connections / 2)]))}\n`);

  // Publishing on A every 2 s while both servers are loaded: when does B serve each post?
  const cookie = await signInCookie(a.baseURL);
  const running = Promise.all([load(a, connections / 2), load(b, connections / 2)]);
  const delays: number[] = [];
  const deadline = Date.now() + (seconds - 3) * 1000;
  for (let i = 0; Date.now() < deadline; i++) {
    const title = `두 서버 벤치 ${date} ${i}`;
    const started = Date.now();
    const created = await fetch(`${a.baseURL}/api/we/writenews`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: a.baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({ title, content: "<p>벤치</p>" }),
    });
    if (created.status !== 201) throw new Error(`publish failed: ${created.status}`);
    while (!(await (await fetch(`${b.baseURL}/news`)).text()).includes(title)) await new Promise((r) => setTimeout(r, 5));
    delays.push(Date.now() - started);
    await new Promise((r) => setTimeout(r, Math.max(0, 2000 - (Date.now() - started))));
  }
  const results = await running;
  delays.sort((x, y) => x - y);
  process.stdout.write(`${line("two servers while A publishes every 2 s", results)}\n`);
  process.stdout.write(
    `publish on A → served by B: ${delays.length} posts, median ${delays[Math.floor(delays.length / 2)]} ms, max ${delays[delays.length - 1]} ms (write + NOTIFY + B's render)\n`,
  );
  process.stdout.write(`RSS after the runs: A ${rssMb(a.pid)} MB, B ${rssMb(b.pid)} MB\n`);
} finally {
  for (const server of servers.reverse()) await server.stop();
  await s3.stop();
}
