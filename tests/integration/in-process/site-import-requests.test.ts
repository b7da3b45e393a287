import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { count } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { artists } from "../../../drizzle/schema";
import { runSiteImport, type SiteImportOptions } from "../../../app/server/import/site-import.server";
import { systemActor } from "../../../app/server/platform/services.server";
import { startOldSite, type OldSite } from "../../fixtures/old-site";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { testEngine } from "../../setup/test-database";

/**
 * Every request of the site import goes through the guarded fetcher (decision 052): the old site the
 * owner typed is trusted even on loopback, but where it redirects is checked like any other address,
 * redirects are few, an answer is read up to a size limit and within time limits, and the report says
 * what happened in staff's words without anything another service answered.
 */
describe(`the site import's requests to the old site (${testEngine()})`, () => {
  let app: InProcessApp;
  let old: OldSite;
  /** A service on this machine the old site must not be able to reach through us (another port on loopback). */
  let internal: Server;
  let internalOrigin: string;
  let internalConnections = 0;
  /** The hostile answers of the old site, by path, set by each test. */
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const actor = systemActor("사이트 가져오기 (test)");
  const run = (options: Partial<SiteImportOptions>) => runSiteImport(app.runtime, { from: old.origin, actor, ...options });

  beforeAll(async () => {
    app = await startInProcessApp("import-requests");
    old = await startOldSite({
      artists: 2,
      news: 2,
      notices: 2,
      photoSize: [40, 60],
      answer: (path, req, res) => {
        const route = routes.get(path) ?? (path.startsWith("/hop/") ? routes.get("/hop/*") : undefined);
        route?.(req, res);
        return route !== undefined;
      },
    });
    internal = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify([{ name: "내부비밀배우", ename: "INTERNAL-SECRET-7f3a" }]));
    });
    internal.on("connection", () => internalConnections++);
    await new Promise<void>((resolve) => internal.listen(0, "127.0.0.1", resolve));
    internalOrigin = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  }, 120_000);
  afterEach(() => {
    routes.clear();
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await old?.close();
    internal?.closeAllConnections();
    await new Promise((resolve) => internal?.close(resolve));
    await app?.stop();
  });

  const redirect = (location: string, status = 302) => (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(status, { location }).end();

  it("refuses a redirect to another service on this machine, and nothing it would answer reaches the report or the database", async () => {
    const where = new URL(internalOrigin).host;
    routes.set("/api/we/actorList", redirect(`${internalOrigin}/api/we/actorList`));
    const listed = await run({ only: ["artists"] });
    expect(listed.error).toBe(`예전 사이트가 배우 목록을 다른 곳(${where})으로 넘겼는데, 그곳은 내부망(사설·로컬) 주소라 보안상 가져오지 않았습니다.`);

    // A detail redirected there: the artist comes from the list's own fields, and the report says why.
    const first = old.artists[0]!.name;
    routes.delete("/api/we/actorList");
    routes.set(`/api/we/actorList/${first}`, redirect(`${internalOrigin}/secret`, 307));
    const detailed = await run({ only: ["artists"] });
    expect(detailed.error).toBeNull();
    expect(detailed.counts.artists.created).toBe(2);
    expect(detailed.repaired).toContainEqual({
      kind: "artists",
      record: first,
      reason: `상세 정보를 읽지 못해 목록의 내용으로 가져왔습니다: 예전 사이트가 배우 ‘${first}’ 정보를 다른 곳(${where})으로 넘겼는데, 그곳은 내부망(사설·로컬) 주소라 보안상 가져오지 않았습니다.`,
    });

    expect(internalConnections).toBe(0);
    for (const report of [listed, detailed]) {
      expect(JSON.stringify(report)).not.toMatch(/INTERNAL-SECRET|내부비밀배우/);
    }
    expect(await app.runtime.db.select({ n: count() }).from(artists)).toEqual([{ n: 2 }]);
  }, 60_000);

  it("refuses a redirect to the cloud metadata address without connecting to it, and says nothing of its answer", async () => {
    const requested: string[] = [];
    const request = http.request.bind(http);
    vi.spyOn(http, "request").mockImplementation(((options: http.RequestOptions, callback?: (res: IncomingMessage) => void) => {
      requested.push(`${options.hostname}:${options.port}`);
      return request(options, callback);
    }) as typeof http.request);
    routes.set("/api/we/newslist", redirect("http://169.254.169.254/latest/meta-data/iam/security-credentials/"));
    const report = await run({ only: ["news"], dryRun: true });
    expect(report.error).toBe("예전 사이트가 뉴스 목록을 다른 곳(169.254.169.254)으로 넘겼는데, 그곳은 내부망(사설·로컬) 주소라 보안상 가져오지 않았습니다.");
    // Only the old site was asked anything.
    expect(requested).toEqual([`127.0.0.1:${new URL(old.origin).port}`]);
  });

  it("follows at most 3 redirects", async () => {
    const notices = [{ postId: 5001, title: "돌아서 온 공지", writeDay: "2026-10-01" }];
    routes.set("/hop/*", (req, res) => {
      const left = Number(req.url!.split("/").pop());
      if (left > 0) return void res.writeHead(301, { location: `/hop/${left - 1}` }).end();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(notices));
    });
    routes.set("/api/we/noticelist", redirect("/hop/2"));
    const within = await run({ only: ["notices"], dryRun: true });
    expect(within.error).toBeNull();
    expect(within.progress.total).toBe(1);

    routes.set("/api/we/noticelist", redirect("/hop/3"));
    const beyond = await run({ only: ["notices"], dryRun: true });
    expect(beyond.error).toBe("예전 사이트가 공지사항 목록을 다른 주소로 너무 여러 번 넘겨서(최대 3번) 가져오지 않았습니다.");
  });

  it("stops reading an answer as soon as it passes 5 MB, instead of holding it all", async () => {
    const total = 100 * 1024 * 1024;
    let sent = 0;
    let cut = false;
    routes.set("/api/we/newslist", (_req, res) => {
      // One valid JSON list of 100 MB, written as fast as the reader takes it.
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"list":["');
      const chunk = Buffer.alloc(64 * 1024, "x");
      res.once("close", () => (cut = !res.writableFinished));
      const pump = () => {
        while (!res.destroyed && sent < total) {
          sent += chunk.byteLength;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        if (!res.destroyed) res.end('"]}');
      };
      pump();
    });
    const report = await run({ only: ["news"], dryRun: true });
    expect(report.error).toBe("예전 사이트에서 받은 뉴스 목록이 5.0MB를 넘어 읽기를 멈췄습니다.");
    await vi.waitFor(() => expect(cut).toBe(true));
    // The reader hung up near the limit: what was sent is the 5 MB read plus what the sockets' buffers held.
    expect(sent).toBeLessThan(40 * 1024 * 1024);
  }, 60_000);

  it("gives up on an old site that does not answer in time, or whose answer never ends", async () => {
    const closed: string[] = [];
    routes.set("/api/we/noticelist", (req) => void req.socket.once("close", () => closed.push("head")));
    const silent = await run({ only: ["notices"], dryRun: true, requestLimits: { headersTimeoutMs: 300, timeoutMs: 10_000 } });
    expect(silent.error).toBe("예전 사이트가 0.3초 넘게 답하지 않아 공지사항 목록을 읽지 못했습니다. 주소를 바르게 입력했는지(예: https://old.we-ent.co.kr), 예전 사이트가 지금 열려 있는지 확인해 주세요.");

    routes.set("/api/we/newslist", (req, res) => {
      req.socket.once("close", () => closed.push("body"));
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[");
    });
    const endless = await run({ only: ["news"], dryRun: true, requestLimits: { headersTimeoutMs: 10_000, timeoutMs: 2000 } });
    expect(endless.error).toBe("예전 사이트에서 뉴스 목록을 2초 안에 다 받지 못해 읽기를 멈췄습니다.");
    // Both connections were closed by the import, not left open.
    await vi.waitFor(() => expect(closed.sort()).toEqual(["body", "head"]));
  }, 60_000);
});
