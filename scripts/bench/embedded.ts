/**
 * `npm run bench:embedded`: the targets of issue 38 for the embedded default (PostgreSQL under DATA_DIR),
 * each printed with its figures. Sections (BENCH_ONLY=memory,speed,durability to pick):
 *
 * - memory: `npm start` on a fresh DATA_DIR (initdb, migrations, demo content), then 500 connections ×
 *   BENCH_LOAD_SECONDS (60) over every public route. The proportional set size (PSS, /proc/<pid>/smaps_rollup)
 *   of the whole site, every app process and every PostgreSQL process (npm's own wrapper process is left
 *   out), sampled every 250 ms from the spawn: peak, during the load, and after it. Once with one app
 *   process and once with WEB_CONCURRENCY=2.
 * - speed: side by side in one run, 50 connections × BENCH_DURATION (10) s each on the home page: a bare
 *   `node:http` server sending the same bytes (the limit), the site uncached (PAGE_CACHE=false) with one
 *   app process and with two, and the site cached with one.
 * - durability: kill -9 of the PostgreSQL server during writes, of the app, and of both, 10 rounds each
 *   (BENCH_ROUNDS): every acknowledged write (a 201) is looked up in the database afterwards, and the time
 *   from the kill until the site serves again is measured.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { embeddedConnectionUrl, embeddedPostgresPaths } from "../../app/server/platform/embedded-postgres-paths.server";
import { DEMO_ARTISTS } from "../../app/server/seed/demo-content.server";
import { enterableTempDir, pollUntil, startAppServer, TEST_ADMIN_ENV, type AppServer } from "../../tests/setup/app-server";
import { freePort } from "../../tests/setup/free-port";
import { signInCookie } from "../../tests/setup/sign-in";

const only = new Set((process.env.BENCH_ONLY ?? "memory,speed,durability").split(","));
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const say = (text: string) => process.stdout.write(`${text}\n`);

// ---------------------------------------------------------------------------------------------------
// Processes and their memory

/** Every descendant of `root` (children first found by their parent pid in /proc/<pid>/stat). */
function descendants(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    for (const child of parents.get(pid) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    return "";
  }
}

/** PSS in MB of the site's processes under `root` (node and postgres; npm and sh wrappers left out). */
function sitePssMb(root: number): { total: number; app: number; postgres: number; processes: number } {
  let app = 0;
  let postgres = 0;
  let processes = 0;
  for (const pid of [root, ...descendants(root)]) {
    const command = commandOf(pid);
    const isPostgres = /(^|\/)postgres( |$)|^postgres:/.test(command);
    const isApp = !isPostgres && /\bnode\b/.test(command) && !/\bnpm\b/.test(command);
    if (!isPostgres && !isApp) continue;
    try {
      const kb = Number(/^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
      if (isPostgres) postgres += kb;
      else app += kb;
      processes++;
    } catch {
      // Gone meanwhile.
    }
  }
  return { total: Math.round((app + postgres) / 1024), app: Math.round(app / 1024), postgres: Math.round(postgres / 1024), processes };
}

/** The public routes with real ids and names of the demo content. */
async function publicRoutes(baseURL: string): Promise<string[]> {
  const firstId = async (list: string, detail: string) => new RegExp(`href="/${detail}/(\\d+)"`).exec(await (await fetch(baseURL + list)).text())?.[1] ?? "1";
  const artist = `/artist/${encodeURIComponent(DEMO_ARTISTS[0]!.name)}`;
  return [
    "/", "/company", "/artist", artist, "/audition", "/pr", "/news", "/notice",
    `/newsDetail/${await firstId("/news", "newsDetail")}`, `/noticeDetail/${await firstId("/notice", "noticeDetail")}`,
    "/privacy", "/en", "/en/company", "/en/artist", `/en${artist}`, "/en/news", "/en/audition",
    "/api/we/actorList", "/api/we/newslist", "/api/we/noticelist", "/sitemap.xml", "/rss.xml",
  ];
}

// ---------------------------------------------------------------------------------------------------
// memory

/** `npm start` as an operator runs it, on a fresh DATA_DIR, on a free port. */
async function npmStart(extraEnv: Record<string, string>): Promise<{ child: ChildProcess; baseURL: string; dataDir: string; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = enterableTempDir("we-bench-embedded-");
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn("npm", ["start"], {
    env: { ...process.env, ...TEST_ADMIN_ENV, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", PUBLIC_ORIGIN: baseURL, LOG_LEVEL: "error", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    child,
    baseURL,
    dataDir,
    async stop() {
      // npm passes SIGTERM on to the server (`exec node main.ts`).
      for (const pid of descendants(child.pid!)) if (/main\.ts/.test(commandOf(pid))) process.kill(pid, "SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function memory(webConcurrency: number) {
  const samples: { at: number; phase: "start" | "load" | "after"; mb: ReturnType<typeof sitePssMb> }[] = [];
  let phase: "start" | "load" | "after" = "start";
  const started = Date.now();
  const site = await npmStart({ WEB_CONCURRENCY: String(webConcurrency) });
  const sampler = setInterval(() => samples.push({ at: Date.now() - started, phase, mb: sitePssMb(site.child.pid!) }), 250);
  try {
    await pollUntil(async () => (await fetch(`${site.baseURL}/healthz`).catch(() => null))?.ok === true, { timeoutMs: 300_000, what: () => "npm start to serve" });
    const firstServed = Date.now() - started;
    const routes = await publicRoutes(site.baseURL);
    phase = "load";
    const result = await autocannon({
      url: site.baseURL,
      connections: 500,
      duration: loadSeconds,
      headers: { "accept-encoding": "br, gzip" },
      requests: routes.map((route) => ({ method: "GET", path: route })),
    });
    phase = "after";
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    clearInterval(sampler);
    const of = (p: string) => samples.filter((s) => s.phase === p).map((s) => s.mb.total);
    const load = of("load");
    const after = of("after");
    const peak = samples.reduce((best, s) => (s.mb.total > best.mb.total ? s : best), samples[0]!);
    const avg = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length));
    const last = samples.at(-1)!.mb;
    say(
      `memory, WEB_CONCURRENCY=${webConcurrency}: npm start → first 200 in ${(firstServed / 1000).toFixed(1)} s; 500 connections × ${loadSeconds} s over ${routes.length} public routes\n` +
        `  requests ${result.requests.total} (${Math.round(result.requests.average)} req/s), p99 ${result.latency.p99} ms, errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}\n` +
        `  PSS of the whole site (MB): peak ${peak.mb.total} (${peak.phase}, ${(peak.at / 1000).toFixed(1)} s; app ${peak.mb.app} + PostgreSQL ${peak.mb.postgres})\n` +
        `  during the load: first half avg ${avg(load.slice(0, load.length >> 1))}, second half avg ${avg(load.slice(load.length >> 1))}, max ${Math.max(...load)}\n` +
        `  after: ${last.total} (app ${last.app} + PostgreSQL ${last.postgres}, ${last.processes} processes), 10 s after: min ${Math.min(...after)} max ${Math.max(...after)}`,
    );
  } finally {
    clearInterval(sampler);
    await site.stop();
  }
}

// ---------------------------------------------------------------------------------------------------
// speed

async function bareServer(body: Buffer, headers: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const port = await freePort();
  // A process of its own, as the site is: the load generator's CPU is not shared with it.
  const source = `
    const http = require("node:http");
    const body = Buffer.from(${JSON.stringify(body.toString("base64"))}, "base64");
    const headers = ${JSON.stringify(headers)};
    http.createServer((req, res) => { res.writeHead(200, { ...headers, "content-length": body.length }); res.end(body); }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => (child.once("exit", resolve), child.kill("SIGTERM"))),
  };
}

/** CPU time (ms) of each kind of thread of a process (the main thread, V8's helpers, libuv's pool), from /proc. */
function threadCpuMs(pid: number): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8");
      const kind = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")).replace(/\d+$/, "");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      kinds.set(kind, (kinds.get(kind) ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The thread ended meanwhile.
    }
  }
  return kinds;
}

/** "MainThread 83 %, V8Worker 32 %, …": each kind's CPU over `wallMs` as a share of one core. */
function threadShares(before: Map<string, number>, after: Map<string, number>, wallMs: number): string {
  return [...after]
    .map(([kind, ms]) => [kind, (100 * (ms - (before.get(kind) ?? 0))) / wallMs] as const)
    .filter(([, share]) => share >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, share]) => `${kind} ${share.toFixed(0)} %`)
    .join(", ");
}

async function measure(url: string): Promise<number> {
  const headers = { "accept-encoding": "br, gzip" };
  await autocannon({ url, connections: 10, duration: 3, headers });
  const result = await autocannon({ url, connections: 50, duration, headers });
  if (result.errors + result.timeouts + result.non2xx > 0) say(`  (${url}: errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`);
  return Math.round(result.requests.average);
}

async function speed() {
  const servers: AppServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startAppServer({ engine: "embedded", stderr: "inherit", env: { SEED_DEMO_CONTENT: "true", ...env } });
    servers.push(server);
    return server;
  };
  try {
    const cached = await start({ WEB_CONCURRENCY: "1" });
    const home = await fetch(cached.baseURL, { headers: { "accept-encoding": "br, gzip" } });
    const bytes = Buffer.from(await new Response(home.body).arrayBuffer());
    // fetch decodes the body: the bare server sends the encoded bytes the site sends, taken raw.
    const raw = await new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
      http.get(cached.baseURL, { headers: { "accept-encoding": "br, gzip" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ body: Buffer.concat(chunks), headers: Object.fromEntries(["content-type", "content-encoding", "cache-control", "vary"].flatMap((h) => (res.headers[h] ? [[h, String(res.headers[h])]] : []))) }));
      }).on("error", reject);
    });
    const bare = await bareServer(raw.body, raw.headers);
    const limit = await measure(bare.url);
    await bare.close();
    const cachedRate = await measure(cached.baseURL);
    await cached.stop();
    const uncached1 = await start({ WEB_CONCURRENCY: "1", PAGE_CACHE: "false" });
    const threadsBefore = threadCpuMs(uncached1.pid);
    const one = await measure(uncached1.baseURL);
    const threads = threadShares(threadsBefore, threadCpuMs(uncached1.pid), (3 + duration) * 1000);
    await uncached1.stop();
    const uncached2 = await start({ WEB_CONCURRENCY: "2", PAGE_CACHE: "false" });
    const two = await measure(uncached2.baseURL);
    await uncached2.stop();
    const ratio = (n: number) => (n / limit).toFixed(3);
    say(
      `speed, home page, 50 connections × ${duration} s each, ${os.availableParallelism()} cores (${bytes.length} bytes decoded, ${raw.body.length} sent, ${raw.headers["content-encoding"] ?? "identity"}):\n` +
        `  bare node:http (the limit): ${limit} req/s\n` +
        `  cached, one app process:    ${cachedRate} req/s = ${ratio(cachedRate)}× the limit (target ≥ 0.45×)\n` +
        `  uncached, one app process:  ${one} req/s = ${ratio(one)}× the limit (target ≥ 0.03×)\n` +
        `  uncached, two app processes: ${two} req/s = ${(two / one).toFixed(2)}× one process (target ≥ 1.7×)\n` +
        `  one uncached process's CPU by thread (share of one core): ${threads}`,
    );
  } finally {
    for (const server of servers) await server.stop().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------
// durability

type Kill = "postgres" | "app" | "both";

async function postmasterPid(dataDir: string): Promise<number> {
  const file = path.join(embeddedPostgresPaths(dataDir).clusterDir, "postmaster.pid");
  return Number(fs.readFileSync(file, "utf8").split("\n")[0]);
}

async function durability(kind: Kill) {
  let server = await startAppServer({ engine: "embedded", stderr: "inherit" });
  const dataDir = server.dataDir;
  const acknowledged: string[] = [];
  const backAfterMs: number[] = [];
  let failed = 0;
  try {
    for (let round = 1; round <= rounds; round++) {
      const cookie = await signInCookie(server.baseURL);
      let stop = false;
      let killedAt = 0;
      const writer = async (w: number) => {
        for (let n = 0; !stop; n++) {
          const title = `${kind} round ${round} writer ${w} #${n}`;
          try {
            const response = await fetch(`${server.baseURL}/api/we/writenews`, {
              method: "POST",
              headers: { Cookie: cookie, Origin: server.origin, "Content-Type": "application/json" },
              body: JSON.stringify({ title, content: `<p>${title}</p>` }),
            });
            await response.arrayBuffer().catch(() => undefined);
            if (response.status === 201) acknowledged.push(title);
            else if (response.status !== 503) failed++;
          } catch {
            // The app is gone: not acknowledged.
            if (kind !== "postgres") return;
          }
        }
      };
      const writers = Array.from({ length: 4 }, (_, w) => writer(w));
      await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1500));
      killedAt = Date.now();
      if (kind !== "app") process.kill(await postmasterPid(dataDir), "SIGKILL");
      if (kind !== "postgres") server.kill("SIGKILL");
      if (kind === "postgres") {
        // The app stays; it serves again once a write goes through (503 meanwhile). Cached pages are
        // served all along, so a page is no sign of the database being back.
        let probe = 0;
        await pollUntil(
          async () => {
            const title = `${kind} round ${round} probe ${probe++}`;
            const response = await fetch(`${server.baseURL}/api/we/writenews`, {
              method: "POST",
              headers: { Cookie: cookie, Origin: server.origin, "Content-Type": "application/json" },
              body: JSON.stringify({ title, content: `<p>${title}</p>` }),
            }).catch(() => null);
            if (response?.status === 201) acknowledged.push(title);
            return response?.status === 201;
          },
          { timeoutMs: 30_000, intervalMs: 50, what: () => "a write to go through again" },
        );
        backAfterMs.push(Date.now() - killedAt);
        stop = true;
        await Promise.all(writers);
      } else {
        await server.exited;
        stop = true;
        await Promise.all(writers);
        server = await startAppServer({ engine: "embedded", dataDir, stderr: "inherit" });
        backAfterMs.push(Date.now() - killedAt);
      }
    }
    // Every acknowledged write, looked up in the database itself.
    const client = new pg.Client({ connectionString: embeddedConnectionUrl(dataDir) });
    await client.connect();
    const { rows } = await client.query<{ title: string }>("select title from posts where title = any($1)", [acknowledged]);
    await client.end();
    const found = new Set(rows.map((r) => r.title));
    const lost = acknowledged.filter((t) => !found.has(t));
    say(
      `durability, kill -9 of ${kind === "both" ? "the app and PostgreSQL" : kind === "app" ? "the app" : "PostgreSQL"} during writes, ${rounds} rounds: ` +
        `${acknowledged.length} writes acknowledged, ${lost.length} lost, ${failed} answered other than 201/503; ` +
        `serving again after ${backAfterMs.map((ms) => (ms / 1000).toFixed(1)).join(" ")} s (max ${(Math.max(...backAfterMs) / 1000).toFixed(1)} s, target ≤ 10 s)`,
    );
    if (lost.length > 0) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

say(`bench:embedded, ${new Date().toISOString()}, ${os.availableParallelism()} cores, ${Math.round(os.totalmem() / 1024 ** 3)} GiB, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
if (only.has("memory")) {
  await memory(1);
  await memory(2);
}
if (only.has("speed")) await speed();
if (only.has("durability")) for (const kind of ["postgres", "app", "both"] as const) await durability(kind);
