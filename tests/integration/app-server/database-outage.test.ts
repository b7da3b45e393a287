import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { freePort } from "../../setup/free-port";
import { useTestDatabase } from "../../setup/test-database";
import { call } from "../../setup/site-requests";

/** A TCP proxy in front of PostgreSQL that the test can cut and restore, like stopping the database. */
class CuttableProxy {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  constructor(
    /** A TCP address, or a Unix socket's path (the tests' own PostgreSQL listens on one only). */
    private readonly target: { host: string; port: number } | { path: string },
    readonly port: number,
  ) {}
  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = "path" in this.target ? net.connect(this.target.path) : net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
  }
  async cut(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

describe("a PostgreSQL outage", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  let proxy: CuttableProxy;
  let viaProxy: URL;
  beforeAll(async () => {
    const target = new URL(database.url);
    // `?host=/dir` names a Unix socket's directory (pg's connection strings), which wins over the URL's host.
    const socketDir = target.searchParams.get("host");
    const port = Number(target.searchParams.get("port") || target.port || 5432);
    proxy = new CuttableProxy(socketDir?.startsWith("/") ? { path: `${socketDir}/.s.PGSQL.${port}` } : { host: target.hostname, port }, await freePort());
    await proxy.open();
    viaProxy = new URL(database.url);
    viaProxy.searchParams.delete("host");
    viaProxy.searchParams.delete("port");
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
  });
  afterAll(() => proxy?.cut());
  const server = useAppServer({ beforeAll, afterAll }, () => ({ databaseUrl: viaProxy.toString(), signIn: true }));

  it("pages answer a Korean 503 while the database is away, and the site recovers by itself", async () => {
    await call(server, { method: "POST", path: "/api/we/writenotice", body: { title: "장애 전 공지", content: "<p>전</p>" }, cookie: server.cookie });
    // A page already in the cache keeps being served during the outage.
    await fetch(`${server.baseURL}/notice`);
    await proxy.cut();

    // A page whose data nothing in memory holds asks the database and finds it gone; from then on every
    // page that is not in the page cache answers 503, also one whose data is in the read cache (decision 029).
    const needsDatabase = () => fetch(`${server.baseURL}/notice?page=2`, { headers: { Accept: "text/html" } });
    await expect.poll(async () => (await needsDatabase()).status, { timeout: 20_000 }).toBe(503);
    const company = () => fetch(`${server.baseURL}/company?page=1`, { headers: { Accept: "text/html" } });
    const response = await company();
    const page = { status: response.status, retry: response.headers.get("retry-after"), text: await response.text() };
    expect(page.status).toBe(503);
    expect(page.retry).toBe("5");
    expect(page.text).toContain("일시적으로 서비스를 이용할 수 없습니다");
    expect(page.text).toContain('<html lang="ko">');
    // The English pages say it in English.
    const english = await fetch(`${server.baseURL}/en/company?page=1`, { headers: { Accept: "text/html" } });
    expect(english.status).toBe(503);
    const englishText = await english.text();
    expect(englishText).toContain('<html lang="en">');
    expect(englishText).toContain("The site is temporarily unavailable. Please try again in a moment.");
    const api = await fetch(`${server.baseURL}/api/we/actorList/x`);
    expect(api.status).toBe(503);
    expect((await api.json()).error.message).toMatch(/[가-힣]/);
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(503);
    const cached = await fetch(`${server.baseURL}/notice`);
    expect(cached.status).toBe(200);
    expect(await cached.text()).toContain("장애 전 공지");

    await proxy.open();
    await expect.poll(async () => (await company()).status, { timeout: 20_000 }).toBe(200);
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
    const write = await call(server, { method: "POST", path: "/api/we/writenotice", body: { title: "복구 후 공지", content: "<p>후</p>" }, cookie: server.cookie });
    expect(write.status).toBe(201);
  }, 60_000);
});

describe("several app servers on one PostgreSQL database", () => {
  const a = useAppServer({ beforeAll, afterAll }, { signIn: true });
  const b = useAppServer({ beforeAll, afterAll }, () => ({ databaseUrl: a.server.databaseUrl! }));

  it("a write on one server empties the other servers' caches (LISTEN/NOTIFY)", async () => {
    await fetch(`${b.baseURL}/news`);
    expect((await fetch(`${b.baseURL}/news`)).headers.get("x-cache")).toBe("HIT");
    expect((await call(a, { method: "POST", path: "/api/we/writenews", body: { title: "다른 서버에서 쓴 소식", content: "<p>x</p>" }, cookie: a.cookie })).status).toBe(201);
    await expect.poll(() => fetch(`${b.baseURL}/news`).then((r) => r.text()), { timeout: 5_000 }).toContain("다른 서버에서 쓴 소식");
  }, 30_000);
});
