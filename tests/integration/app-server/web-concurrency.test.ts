/**
 * WEB_CONCURRENCY=2 on the embedded default (decision 056): a cluster primary that runs PostgreSQL and
 * serves nothing, and two worker processes sharing the port. Whatever one process does, the other sees
 * on the next request; a worker that dies is replaced; SIGTERM to the primary stops everything in order.
 *
 * Which process answered is told by /metrics' `process_pid` (each scrape is answered by one process). The
 * requests go on connections of their own (`agent: false`): the primary hands each new connection to
 * the next worker in turn.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../../drizzle/schema";
import { openDatabase, type DatabaseHandle } from "../../../app/server/platform/db.server";
import { embeddedConnectionUrl, embeddedPostgresPaths } from "../../../app/server/platform/embedded-postgres-paths.server";
import { pollUntil, startAppServer, type AppServer } from "../../setup/app-server";
import { signInCookie, uniqueClientIp } from "../../setup/sign-in";
import { call } from "../../setup/site-requests";

const METRICS_TOKEN = "web-concurrency-metrics-token-0123";

/** One request on a connection of its own. */
function request(
  server: AppServer,
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(urlPath, server.baseURL), { method: options.method ?? "GET", headers: options.headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.once("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      res.once("error", reject);
    });
    req.once("error", reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer to ${urlPath} in 10 s`)));
    req.end(options.body);
  });
}

/** The pid of the process that answered a /metrics scrape, and the scrape. */
async function scrape(server: AppServer): Promise<{ pid: number; text: string }> {
  const res = await request(server, "/metrics", { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  const pid = Number(/^process_pid (\d+)$/m.exec(res.body)?.[1]);
  expect(pid).toBeGreaterThan(0);
  return { pid, text: res.body };
}

/** The primary's worker processes (its children running main.ts; the postmaster is a child too). */
function workerPids(primary: number): number[] {
  let children: string;
  try {
    children = fs.readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8");
  } catch {
    return [];
  }
  return children
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").some((arg) => arg.endsWith("main.ts"));
      } catch {
        return false;
      }
    })
    .sort((a, b) => a - b);
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));

/** Scrapes until every one of `pids` has answered once (the primary deals connections out in turn). */
async function everyProcessAnswers(server: AppServer, pids: number[]): Promise<Map<number, string>> {
  const seen = new Map<number, string>();
  await pollUntil(
    async () => {
      const { pid, text } = await scrape(server);
      seen.set(pid, text);
      return pids.every((p) => seen.has(p));
    },
    { timeoutMs: 20_000, intervalMs: 10, what: () => `scrapes answered by ${pids.join(", ")} (seen: ${[...seen.keys()].join(", ")})` },
  );
  return seen;
}

describe("WEB_CONCURRENCY=2 on the embedded default", () => {
  let server: AppServer;
  let database: DatabaseHandle;
  let workers: number[];

  beforeAll(async () => {
    server = await startAppServer({ engine: "embedded", env: { WEB_CONCURRENCY: "2", METRICS_TOKEN } });
    // The second worker starts once the first serves.
    await pollUntil(() => workerPids(server.pid).length === 2, { timeoutMs: 60_000, what: () => `two workers (${workerPids(server.pid).join(", ")})` });
    workers = workerPids(server.pid);
    database = await openDatabase({ kind: "postgres", url: embeddedConnectionUrl(server.dataDir), poolMax: 2 });
  }, 180_000);

  afterAll(async () => {
    await database?.close().catch(() => undefined);
    await server?.stop();
  });

  it("two worker processes serve the requests; the primary serves none and runs PostgreSQL", async () => {
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server.pid);
    const answered = await everyProcessAnswers(server, workers);
    expect([...answered.keys()].sort((a, b) => a - b)).toEqual(workers);
    // The postmaster is the primary's child (the workers only connect to it).
    const postmaster = Number(fs.readFileSync(path.join(embeddedPostgresPaths(server.dataDir).clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
    expect(fs.readFileSync(`/proc/${postmaster}/stat`, "utf8").split(") ")[1]!.split(" ")[1]).toBe(String(server.pid));
  });

  it("a post published through one process is on the list of every process at the next request", async () => {
    // Both processes have the list cached: two answers in a row (one from each) from their caches.
    let hitsInARow = 0;
    await pollUntil(
      async () => {
        hitsInARow = (await request(server, "/news")).headers["x-cache"] === "HIT" ? hitsInARow + 1 : 0;
        return hitsInARow >= 2;
      },
      { timeoutMs: 20_000, intervalMs: 10, what: () => "the news list cached by both processes" },
    );
    const cookie = await signInCookie(server.baseURL);
    const created = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "두 프로세스 소식", content: "<p>어느 쪽에서나</p>" }, cookie });
    expect(created.status).toBe(201);
    for (let i = 0; i < 10; i++) {
      const res = await request(server, "/news");
      expect(res.status).toBe(200);
      expect(res.body, `request ${i + 1}`).toContain("두 프로세스 소식");
    }
  });

  it("the sign-in throttle counts the attempts made on both processes", async () => {
    const ip = uniqueClientIp();
    const attempt = (password: string) =>
      request(server, "/adminLogin", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": ip },
        body: new URLSearchParams({ id: "admin", password }).toString(),
      });
    const before = await everyProcessAnswers(server, workers);
    // Five failures (LOGIN_IP_LIMIT), dealt out to both processes in turn...
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-password-${i}`)).status).toBe(401);
    // ...and the address is throttled on both, the right password included.
    expect((await attempt("integration-password-1")).status).toBe(429);
    expect((await attempt("integration-password-1")).status).toBe(429);
    // Both processes answered some of those attempts.
    const after = await everyProcessAnswers(server, workers);
    const loginPosts = (text: string) =>
      [...text.matchAll(/^http_requests_total\{route="\/adminLogin",method="POST",status="\d+"\} (\d+)$/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
    for (const pid of workers) expect(loginPosts(after.get(pid)!) - loginPosts(before.get(pid)!), `attempts on ${pid}`).toBeGreaterThan(0);
  });

  it("a scheduled publish runs once, with both processes' schedulers awake", async () => {
    const cookie = await signInCookie(server.baseURL);
    const at = new Date(Date.now() + 1500);
    const scheduled = await call(server, {
      method: "POST",
      path: "/api/we/writenews",
      body: { title: "한 번만 예약 공개", content: "<p>예약</p>", publishAt: at.toISOString() },
      cookie,
    });
    expect(scheduled.body).toMatchObject({ status: "scheduled" });
    const { postId } = scheduled.body as { postId: number };
    await pollUntil(async () => (await request(server, "/news")).body.includes("한 번만 예약 공개"), { timeoutMs: 20_000, what: () => "the scheduled post on the list" });
    // Every process shows it.
    for (let i = 0; i < 4; i++) expect((await request(server, "/news")).body).toContain("한 번만 예약 공개");
    const published = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "scheduled-publish"), eq(auditLog.entityId, String(postId))));
    expect(published).toHaveLength(1);
  });

  it("a worker killed with -9 is replaced, and the site serves meanwhile", async () => {
    const [victim, survivor] = workers as [number, number];
    process.kill(victim, "SIGKILL");
    // Reaped: the primary has taken note and deals no connection to it any more. (A connection dealt
    // out in the moment between the kill and that note is lost with the process: decision 056.)
    await pollUntil(() => !fs.existsSync(`/proc/${victim}`), { timeoutMs: 10_000, what: () => `worker ${victim} to be reaped` });
    // The other process answers every request at once.
    for (let i = 0; i < 4; i++) expect((await request(server, "/healthz")).status).toBe(200);
    await pollUntil(() => workerPids(server.pid).length === 2, { timeoutMs: 30_000, what: () => `a new worker (${workerPids(server.pid).join(", ")})` });
    workers = workerPids(server.pid);
    expect(workers).toContain(survivor);
    expect(workers).not.toContain(victim);
    // The new one serves too.
    await everyProcessAnswers(server, workers);
  });

  it("a worker stopped alone with SIGTERM (an orchestrator's) finishes and is replaced; the site stays up", async () => {
    const [victim] = workers as [number, number];
    process.kill(victim, "SIGTERM");
    await pollUntil(() => !alive(victim), { timeoutMs: 20_000, what: () => `worker ${victim} to stop` });
    expect((await request(server, "/healthz")).status).toBe(200);
    await pollUntil(() => workerPids(server.pid).length === 2 && !workerPids(server.pid).includes(victim), {
      timeoutMs: 30_000,
      what: () => `a new worker (${workerPids(server.pid).join(", ")})`,
    });
    workers = workerPids(server.pid);
    await everyProcessAnswers(server, workers);
    expect(server.pid).toSatisfy(alive);
  });

  it("SIGTERM to the primary: the workers stop, then PostgreSQL; exit 0 and nothing left", async () => {
    await database.close();
    const pidFile = path.join(embeddedPostgresPaths(server.dataDir).clusterDir, "postmaster.pid");
    const postmaster = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
    server.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(alive(pid), `worker ${pid}`).toBe(false);
    expect(alive(postmaster)).toBe(false);
    expect(fs.existsSync(pidFile)).toBe(false);
    expect(fs.existsSync(path.join(server.dataDir, "pglite.lock"))).toBe(false);
  });
});
