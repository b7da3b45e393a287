import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call } from "../../setup/site-requests";

/** Another web site, on loopback: the tests' stand-in for a news portal whose images get pasted into posts. */
async function startOtherSite() {
  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a6ea5" } }).jpeg().toBuffer();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/photo.jpg" || req.url === "/second.jpg") {
      res.writeHead(200, { "Content-Type": "image/jpeg", "Content-Length": jpeg.length }).end(jpeg);
    } else if (req.url === "/page.html") {
      res.writeHead(200, { "Content-Type": "text/html" }).end("<html></html>");
    } else {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The other site for the enclosing suite; its fields are readable inside tests. */
function useOtherSite() {
  let site: Awaited<ReturnType<typeof startOtherSite>> | undefined;
  beforeAll(async () => {
    site = await startOtherSite();
  });
  afterAll(() => site?.close());
  return {
    get origin() {
      return site!.origin;
    },
    get requests() {
      return site!.requests;
    },
  };
}

describe(`images of other sites in post content are imported when the post is saved (${testEngine()})`, () => {
  // Tests only: the "other site" runs on loopback, which a real server refuses to fetch (SSRF).
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true, env: { REMOTE_IMAGES_ALLOW_PRIVATE_HOSTS: "true" } });
  const other = useOtherSite();

  it("an API client's post: the image is fetched, re-encoded, stored, and the src points at our copy", async () => {
    const content = `<p>기사 사진</p><p><img src="${other.origin}/photo.jpg" alt="현장"></p><p><img src="${other.origin}/photo.jpg"></p>`;
    const result = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "외부 사진 기사", content }, cookie: server.cookie });
    expect(result.status).toBe(201);
    const saved = result.body as { postId: number; content: string };
    expect(saved.content).not.toContain(other.origin);
    const sources = [...saved.content.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources).toHaveLength(2);
    for (const src of sources) expect(src).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    // The same image twice is fetched once.
    expect(other.requests.filter((r) => r === "/photo.jpg")).toHaveLength(1);

    const stored = await fetch(server.baseURL + sources[0]);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-type")).toBe("image/jpeg");
    const page = await (await fetch(`${server.baseURL}/newsDetail/${saved.postId}`)).text();
    expect(page).toMatch(new RegExp(`<img src="${sources[0]}" alt="현장" width="640" height="480" srcset="`));
    expect(page).not.toContain(other.origin);
  });

  it("an image that cannot be fetched is named in a clear Korean message, and nothing is saved", async () => {
    const before = ((await call(server, { method: "GET", path: "/api/we/noticelist" })).body as unknown[]).length;
    const content = `<p>두 장</p><p><img src="${other.origin}/second.jpg"></p><p><img src="${other.origin}/gone.jpg"></p><p><img src="${other.origin}/page.html"></p>`;
    const result = await call(server, { method: "POST", path: "/api/we/writenotice", body: { title: "실패", content }, cookie: server.cookie });
    expect(result.status).toBe(400);
    const message = (result.body as { error: { code: string; message: string } }).error.message;
    expect(message).toContain(`이미지를 가져오지 못했습니다(${other.origin}/gone.jpg): 해당 주소에 이미지가 없습니다(HTTP 404).`);
    expect(message).toContain(`${other.origin}/page.html`);
    expect(message).toContain("이미지가 아닌 파일입니다");
    expect(message).not.toContain("second.jpg");
    expect(((await call(server, { method: "GET", path: "/api/we/noticelist" })).body as unknown[]).length).toBe(before);
  });

  it("the admin editor without JavaScript says which image failed and keeps everything typed", async () => {
    const form = new FormData();
    form.append("title", "폼에서 붙인 외부 사진");
    form.append("content", `<p>본문 그대로</p><p><img src="${other.origin}/missing.png"></p>`);
    form.append("intent", "save");
    const response = await fetch(`${server.baseURL}/adminNewsWrite`, { method: "POST", body: form, headers: { Cookie: server.cookie, Origin: server.baseURL }, redirect: "manual" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`이미지를 가져오지 못했습니다(${other.origin}/missing.png)`);
    expect(html).toContain('value="폼에서 붙인 외부 사진"');
    expect(html).toContain("본문 그대로");
  });
});

describe(`a real server never fetches private or loopback addresses (SSRF) (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  const other = useOtherSite();

  it("refuses loopback, private and metadata addresses without connecting, and says why", async () => {
    for (const src of [`${other.origin}/photo.jpg`, "http://localhost/x.jpg", "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/a.png", "http://[::1]/b.png"]) {
      const result = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "SSRF", content: `<p>x</p><img src="${src}">` }, cookie: server.cookie });
      expect(result.status, src).toBe(400);
      expect((result.body as { error: { message: string } }).error.message, src).toMatch(/내부망\(사설·로컬\) 주소/);
    }
    expect(other.requests).toEqual([]);
  });
});
