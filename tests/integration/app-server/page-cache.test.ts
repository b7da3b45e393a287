import { createHash } from "node:crypto";
import http from "node:http";
import sharp from "sharp";
import { WEB_FONT_SCRIPT } from "../../../app/lib/web-font";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call } from "../../setup/site-requests";

async function get(server: { baseURL: string }, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.baseURL + path, { headers });
  return { status: response.status, cache: response.headers.get("x-cache"), csp: response.headers.get("content-security-policy"), etag: response.headers.get("etag"), text: await response.text() };
}

describe(`page cache (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });

  it("serves anonymous pages from memory, and a write is visible on the very next request", async () => {
    expect((await get(server, "/news")).cache).toBe("MISS");
    const cached = await get(server, "/news");
    expect(cached.cache).toBe("HIT");
    expect(cached.text).not.toContain("캐시 확인용 새 소식");

    const write = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "캐시 확인용 새 소식", content: "<p>바로 보여야 합니다</p>" }, cookie: server.cookie });
    expect(write.status).toBe(201);
    const after = await get(server, "/news");
    expect(after.cache).toBe("MISS");
    expect(after.text).toContain("캐시 확인용 새 소식");
    const postId = (write.body as { postId: number }).postId;
    expect((await get(server, `/newsDetail/${postId}`)).text).toContain("바로 보여야 합니다");

    // The same holds for the API reads and for admin form writes.
    expect((await get(server, "/api/we/newslist")).cache).toBe("MISS");
    expect((await get(server, "/api/we/newslist")).cache).toBe("HIT");
    const form = new FormData();
    form.append("title", "폼으로 고친 제목");
    form.append("content", "<p>폼</p>");
    form.append("version", "1");
    form.append("intent", "save");
    const edited = await fetch(`${server.baseURL}/adminNewsWrite/${postId}`, { method: "POST", body: form, headers: { Cookie: server.cookie, Origin: server.baseURL }, redirect: "manual" });
    expect(edited.status).toBe(302);
    const list = await get(server, "/api/we/newslist");
    expect(list.cache).toBe("MISS");
    expect(list.text).toContain("폼으로 고친 제목");
  });

  it("never caches for signed-in administrators, unknown query parameters, or errors", async () => {
    const admin = await get(server, "/pr", { Cookie: server.cookie });
    expect(admin.cache).toBeNull();
    expect(admin.text).toContain("관리자 로그아웃");
    expect((await get(server, "/pr")).text).not.toContain("관리자 로그아웃");
    await get(server, "/news?utm=1");
    expect((await get(server, "/news?utm=1")).cache).toBeNull();
    await get(server, "/nowhere");
    expect((await get(server, "/nowhere")).cache).toBeNull();
  });

  it("cached documents carry a CSP without a nonce (none reused) and answer 304 to a matching ETag", async () => {
    await get(server, "/company");
    const hit = await get(server, "/company");
    expect(hit.cache).toBe("HIT");
    // A visitor's page has one inline script, the web font's flag (decision 048), allowed by its hash;
    // every other script comes from the site. A cached page has no nonce.
    expect(hit.csp).toContain(`script-src 'self' 'sha256-${createHash("sha256").update(WEB_FONT_SCRIPT).digest("base64")}';`);
    expect(hit.text).toMatch(/<script type="module" src="\/assets\/enhance-[\w-]+\.js">/);
    expect(hit.csp).not.toContain("nonce-");
    // Styles may be inline (react-slick positions slides with style attributes); scripts never.
    expect(hit.csp!.split(";").find((d) => d.trim().startsWith("script-src"))).not.toContain("unsafe-inline");
    const notModified = await fetch(`${server.baseURL}/company`, { headers: { "If-None-Match": hit.etag! } });
    expect(notModified.status).toBe(304);
  });

  it("answers from the cache keep the connection open for the next request (keep-alive)", async () => {
    // A hit is answered before Node has marked the bodiless request complete: it must not be taken for
    // an answer sent before an unread body (which closes the connection).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<unknown>();
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
          const request = http.get(`${server.baseURL}/company`, { agent }, resolve);
          request.on("socket", (socket) => sockets.add(socket));
          request.on("error", reject);
        });
        answer.resume();
        await new Promise((resolve) => answer.on("end", resolve));
        expect(answer.headers.connection).toBe("keep-alive");
        if (i > 0) expect(answer.headers["x-cache"]).toBe("HIT");
      }
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});

describe(`overload (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true, env: { MAX_CONCURRENT_REQUESTS: "1", PAGE_CACHE: "false" } });
  let photo: Buffer;
  beforeAll(async () => {
    photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg({ quality: 90 }).toBuffer();
  });
  /** A large photo upload by the administrator: a second or more of work, holding the one render slot. */
  const upload = () => {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "big.jpg");
    return fetch(`${server.baseURL}/api/img`, { method: "POST", body: form, headers: { Cookie: server.cookie, Origin: server.baseURL } });
  };

  it("beyond capacity answers 503 with Retry-After and a Korean message instead of queueing without bound", async () => {
    let done = false;
    const busy = upload().finally(() => (done = true));
    // Visitors while the server is busy, with and without a made-up session cookie: told to come back.
    const responses: Response[] = [];
    const forged: number[] = [];
    while (!done) {
      const [plain, withForgedCookie] = await Promise.all([
        fetch(`${server.baseURL}/api/we/newslist`),
        fetch(`${server.baseURL}/api/we/newslist`, { headers: { Cookie: "we_session=forged-token-0123456789abcdef0123456789" } }),
      ]);
      responses.push(plain);
      forged.push(withForgedCookie.status);
    }
    expect(forged).toContain(503);
    const refused = responses.find((r) => r.status === 503)!;
    expect(refused.headers.get("retry-after")).toBe("1");
    expect((await refused.json()).error.message).toContain("잠시 후 다시 시도해 주세요");
    expect((await busy).status).toBe(200);
    expect((await fetch(`${server.baseURL}/healthz`)).status).toBe(200);
  }, 60_000);

  it("the signed-in administrator gets through an overload (four uploads at once, one render slot)", async () => {
    const responses = await Promise.all(Array.from({ length: 4 }, upload));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  }, 60_000);
});
