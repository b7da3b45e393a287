import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollUntil, useAppServer } from "../../setup/app-server";
import { uniqueClientIp } from "../../setup/sign-in";
import { call } from "../../setup/site-requests";

/**
 * On PostgreSQL, a request whose database is locked or whose connection is cut under it gives
 * up with a 503 and Retry-After, in the site's words, instead of waiting without end or answering 500;
 * and a flood of those 503s is logged once a second with a count.
 */
describe("a locked table and a connection cut under a request", () => {
  const server = useAppServer({ beforeAll, afterAll }, {
    signIn: true,
    captureStdout: true,
    env: { PAGE_CACHE: "false", DATABASE_LOCK_TIMEOUT_MS: "1000", LOG_LEVEL: "warn", MAX_EVENT_LOOP_DELAY_MS: "60000" },
  });
  let locker: pg.Client;
  beforeAll(async () => {
    await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "잠금 전 소식", content: "<p>x</p>" }, cookie: server.cookie });
    locker = new pg.Client({ connectionString: server.server.databaseUrl! });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
  });

  /** A write: its change event empties the read cache, so the next page asks the database again. */
  const emptyReadCache = async () => {
    const written = await call(server, { method: "POST", path: "/api/we/writenotice", body: { title: "캐시 비우기", content: "<p>x</p>" }, cookie: server.cookie });
    expect(written.status).toBe(201);
  };

  /** Holds an exclusive lock on `table` while `run` runs. */
  async function whileLocked<T>(table: string, run: () => Promise<T>): Promise<T> {
    await locker.query("begin");
    await locker.query(`lock table ${table} in access exclusive mode`);
    try {
      return await run();
    } finally {
      await locker.query("rollback");
    }
  }

  it("pages, the API and the audition form answer 503 with Retry-After when their table stays locked, then recover by themselves", async () => {
    await whileLocked("posts", async () => {
      const started = Date.now();
      const page = await fetch(`${server.baseURL}/news?v=locked`, { headers: { Accept: "text/html" } });
      expect(page.status).toBe(503);
      expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await page.text()).toContain("잠시 후 다시 시도해 주세요");
      // It gave up at the lock timeout, long before a browser or a proxy would have.
      expect(Date.now() - started).toBeLessThan(10_000);

      const api = await fetch(`${server.baseURL}/api/we/newslist`);
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).not.toBeNull();
      expect((await api.json()).error.message).toMatch(/[가-힣]/);
    });
    await whileLocked("rate_limit_hits", async () => {
      const form = new FormData();
      form.append("name", "잠금시험");
      const apply = await fetch(`${server.baseURL}/audition/apply/submit`, { method: "POST", headers: { Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp() }, body: form });
      expect(apply.status).toBe(503);
      const text = await apply.text();
      expect(text).toMatch(/[가-힣]/);
      expect(text).not.toContain("Unexpected Server Error");
    });
    // The lock gone, the same addresses answer again (nothing stayed marked as down).
    await pollUntil(async () => (await fetch(`${server.baseURL}/news?v=after`)).status === 200, { timeoutMs: 10_000, what: () => "/news to answer again" });
    expect((await fetch(`${server.baseURL}/api/we/newslist`)).status).toBe(200);
  });

  it("a connection terminated under a request answers 503 with Retry-After, and the site recovers", async () => {
    await emptyReadCache();
    await locker.query("begin");
    await locker.query("lock table posts in access exclusive mode");
    // The request waits on the lock; its backend is found and terminated, as an operator or a failover would.
    const pending = fetch(`${server.baseURL}/news?v=terminated`, { headers: { Accept: "text/html" } });
    const database = new URL(server.server.databaseUrl!).pathname.slice(1);
    let terminated = 0;
    await pollUntil(
      async () => {
        const { rows } = await locker.query<{ n: number }>(
          "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          [database],
        );
        terminated += rows[0]!.n;
        return terminated > 0;
      },
      { timeoutMs: 5_000, intervalMs: 20, what: () => "a backend waiting on the lock" },
    );
    const response = await pending;
    await locker.query("rollback");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await response.text()).toContain("잠시 후 다시 시도해 주세요");
    await pollUntil(async () => (await fetch(`${server.baseURL}/news?v=recovered`)).status === 200, { timeoutMs: 15_000, what: () => "the site to recover" });
  });

  it("a flood of 503s is logged once a second with a count, not once per request", async () => {
    await emptyReadCache();
    const before = server.server.output().split("\n").filter((line) => line.includes('"answering 503"')).length;
    const started = Date.now();
    await whileLocked("posts", async () => {
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`${server.baseURL}/news?v=flood${i}`).then((r) => r.status)));
      expect(answers.every((status) => status === 503)).toBe(true);
    });
    const floodLines = () =>
      server.server
        .output()
        .split("\n")
        .filter((line) => line.includes('"answering 503"'))
        .slice(before)
        .map((line) => JSON.parse(line) as { answered503SinceLastLog: number });
    const counted = () => floodLines().reduce((sum, line) => sum + line.answered503SinceLastLog, 0);
    // Every one of the 30 is counted, the last burst too (a line at the end of its second).
    await pollUntil(() => counted() >= 30, { timeoutMs: 5_000, what: () => `30 503s counted in the log, ${counted()} so far` });
    const seconds = Math.ceil((Date.now() - started) / 1000);
    const lines = floodLines();
    expect(lines.length).toBeLessThanOrEqual(seconds + 1);
    // Each line says how many it stands for.
    for (const line of lines) expect(line.answered503SinceLastLog).toBeGreaterThan(0);
  });
});
