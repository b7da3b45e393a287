/**
 * Caching for a CDN (decision 026): public reads carry s-maxage, stale-while-revalidate and an ETag and
 * answer 304; anything personal is private, no-store; content changes call CDN_PURGE_URL (retried).
 * Also the operations side: /metrics behind METRICS_TOKEN, and the request id on a use case's log line.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollUntil, useAppServer } from "../../setup/app-server";
import { call } from "../../setup/site-requests";

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const METRICS_TOKEN = "metrics-token-for-tests-0123";

/** A stand-in for the CDN's purge endpoint: records every call; the first one fails. */
const purges: { body: { paths: string[]; urls: string[]; all: boolean; entity: string }; authorization: string | undefined }[] = [];
let purgeCalls = 0;
const purgeEndpoint = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    purgeCalls++;
    if (purgeCalls === 1) return void res.writeHead(503).end();
    purges.push({ body: JSON.parse(body), authorization: req.headers.authorization });
    res.writeHead(200).end("{}");
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => purgeEndpoint.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => purgeEndpoint.close(resolve));
});

describe("HTTP caching, CDN purge, metrics and request ids", () => {
  const server = useAppServer({ beforeAll, afterAll }, () => ({
    signIn: true,
    captureStdout: true,
    env: {
      LOG_LEVEL: "info",
      METRICS_TOKEN,
      CDN_PURGE_URL: `http://127.0.0.1:${(purgeEndpoint.address() as AddressInfo).port}/purge`,
      CDN_PURGE_TOKEN: "purge-secret",
      PUBLIC_ORIGIN: "https://www.example.test",
    },
  }));
  const get = (path: string, headers: Record<string, string> = {}) => fetch(server.baseURL + path, { headers, redirect: "manual" });

  it("public pages, navigation data and API reads are CDN-cacheable with an ETag, and revalidate to 304", async () => {
    for (const path of ["/news", "/news.data", "/en/company", "/api/we/actorList", "/news/rss.xml"]) {
      const first = await get(path);
      expect(first.status, path).toBe(200);
      // Client-side navigations get no stale-while-revalidate: browsers would show a stale list once.
      const policy = path.endsWith(".data") ? "public, max-age=0, s-maxage=60" : PUBLIC;
      expect(first.headers.get("cache-control"), path).toBe(policy);
      const etag = first.headers.get("etag")!;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
        const again = await get(path, { "If-None-Match": ifNoneMatch });
        expect(again.status, `${path} ${ifNoneMatch}`).toBe(304);
        expect(again.headers.get("etag")).toBe(etag);
        expect(again.headers.get("cache-control")).toBe(policy);
        expect(await again.text()).toBe("");
      }
      expect((await get(path, { "If-None-Match": '"something-else"' })).status, path).toBe(200);
    }
  });

  it("anything personal is private, no-store: the signed-in administrator, a flash notice, a token, the admin area", async () => {
    const cases: [string, Record<string, string>][] = [
      ["/news", { Cookie: server.cookie }],
      ["/api/we/actorList", { Cookie: server.cookie }],
      ["/news", { Cookie: "we_flash=x" }],
      ["/api/we/actorList", { Authorization: "Bearer we_not-a-real-token" }],
      ["/admin", { Cookie: server.cookie }],
      ["/admin/posts", {}],
      ["/adminLogin", {}],
    ];
    for (const [path, headers] of cases) {
      const response = await get(path, headers);
      // The route's own no-store (the API's) is kept; anything else becomes private, no-store.
      expect(response.headers.get("cache-control"), `${path} ${Object.keys(headers).join()}`).toMatch(/^(private, )?no-store$/);
      if (!path.startsWith("/api/")) expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      expect(response.headers.get("x-cache"), path).toBeNull();
    }
    // A page that is not there is revalidated every time: it must not linger once it exists.
    const missing = await get("/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-cache");
  });

  it("a content change calls CDN_PURGE_URL with the changed paths (retried after a failure), without holding the write", async () => {
    const created = await call(server, {
      method: "POST",
      path: "/api/we/writenews",
      body: { title: "퍼지 확인 뉴스", content: "<p>본문</p>" },
      cookie: server.cookie,
      headers: { "X-Request-Id": "purge-check-request-1" },
    });
    expect(created.status).toBe(201);
    const postId = (created.body as { postId: number }).postId;
    // The first call is answered 503; the write did not wait for it, and the retry gets through.
    await pollUntil(() => purges.some((p) => p.body.entity === "post"), { timeoutMs: 15_000, what: () => `a purge call (calls so far: ${purgeCalls})` });
    expect(purgeCalls).toBeGreaterThanOrEqual(2);
    const purge = purges.find((p) => p.body.entity === "post")!;
    expect(purge.authorization).toBe("Bearer purge-secret");
    expect(purge.body.all).toBe(false);
    expect(purge.body.paths).toEqual(expect.arrayContaining(["/news", "/news.data", `/newsDetail/${postId}`, `/newsDetail/${postId}.data`, "/api/we/newslist", "/en/news", "/sitemap.xml"]));
    expect(purge.body.urls).toContain(`https://www.example.test/newsDetail/${postId}`);

    // Every log line of that request's work carries its id, the use case's own included.
    await pollUntil(() => server.server.output().includes('"msg":"post created"'), { timeoutMs: 5_000, what: () => "the use case's log line" });
    const line = server.server.output().split("\n").find((l) => l.includes('"msg":"post created"'))!;
    expect(JSON.parse(line)).toMatchObject({ reqId: "purge-check-request-1", postId });
  });

  it("after a change, concurrent visitors of a page wait for one render (single flight) and all get it", async () => {
    const cookie = server.cookie;
    expect((await call(server, { method: "POST", path: "/api/we/writenotice", body: { title: "한 번만 그리기", content: "<p>x</p>" }, cookie })).status).toBe(201);
    const responses = await Promise.all(Array.from({ length: 20 }, () => get("/notice")));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(responses.filter((r) => r.headers.get("x-cache") === "MISS")).toHaveLength(1);
    expect(new Set(responses.map((r) => r.headers.get("etag"))).size).toBe(1);
    expect(await responses[19]!.text()).toContain("한 번만 그리기");
  });

  it("/metrics answers only with METRICS_TOKEN, in Prometheus format, counting routes, the page cache and scheduled jobs", async () => {
    await get("/company");
    await get("/company");
    expect((await get("/metrics")).status).toBe(401);
    expect((await get("/metrics", { Authorization: "Bearer wrong-token-0123456789" })).status).toBe(401);
    const response = await get("/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
    expect(value(/^http_requests_total\{route="\/company",method="GET",status="200"\} (\d+)$/m)).toBeGreaterThanOrEqual(2);
    expect(value(/^http_requests_total\{route="\/newsDetail\/:postId",method="GET",status="200"\} (\d+)$/m)).toBeNaN();
    expect(value(/^http_request_duration_seconds_count\{route="\/company",method="GET"\} (\d+)$/m)).toBeGreaterThanOrEqual(2);
    expect(value(/^page_cache_hits_total (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^page_cache_misses_total (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^scheduled_job_runs_total\{job="due-jobs",result="ok"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^cdn_purge_requests_total\{result="ok"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^cdn_purge_requests_total\{result="retry"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toContain("# TYPE http_requests_shed_total counter");
    expect(text).toContain("# TYPE storage_errors_total counter");
    if (server.server.engine === "postgres") expect(value(/^database_pool_connections\{state="total"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    else expect(text).not.toMatch(/^database_pool_connections\{/m);
    // Raw addresses never become labels.
    await get("/artist/%EC%97%86%EB%8A%94%EB%B0%B0%EC%9A%B0");
    const after = await (await get("/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` })).text();
    expect(after).toMatch(/^http_requests_total\{route="\/artist\/:name",method="GET",status="404"\} 1$/m);
  });
});

describe("without METRICS_TOKEN and with PAGE_CACHE=false", () => {
  const server = useAppServer({ beforeAll, afterAll }, { env: { PAGE_CACHE: "false" } });

  it("/metrics does not exist, and rendered public reads still carry the CDN policy, an ETag and 304", async () => {
    expect((await fetch(`${server.baseURL}/metrics`)).status).toBe(404);
    const first = await fetch(`${server.baseURL}/company`);
    expect(first.headers.get("x-cache")).toBeNull();
    expect(first.headers.get("cache-control")).toBe(PUBLIC);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${server.baseURL}/company`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });
});
