import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gifJsPolyglot, pngBomb, pngWithHtmlTail } from "../fixtures/hostile-images";
import { useAppServer } from "../setup/app-server";
import { TEST_ADMIN } from "../setup/sign-in";
import { uploadFile } from "../setup/site-requests";

/** The production server with its defaults: proxies are NOT trusted. */
const server = useAppServer({ beforeAll, afterAll }, { signIn: true, env: { TRUST_PROXY: "" } });

const mediaFiles = () => {
  const root = path.join(server.dataDir, "media");
  return fs.existsSync(root) ? (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile()) : [];
};

async function upload(name: string, type: string, bytes: Buffer) {
  const { status, body } = await uploadFile(server, server.cookie, { name, type, bytes });
  return { status, body: body as { url?: string; error?: { message: string } } };
}

describe("hostile uploads and file names", () => {
  it("refuses hostile files with 4xx and stores nothing", async () => {
    const before = mediaFiles().length;
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).png().toBuffer();
    const cases: [string, string, Buffer, number][] = [
      ["x.svg", "image/svg+xml", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 415],
      ["photo.png", "image/png", Buffer.from("<html><script>alert(1)</script></html>"), 415],
      ["anim.gif", "image/gif", gifJsPolyglot(), 415],
      ["tail.png", "image/png", pngWithHtmlTail(png), 415],
      ["bomb.png", "image/png", pngBomb(30_000, 30_000), 413],
      ["big.jpg", "image/jpeg", Buffer.alloc(30 * 1024 * 1024, 0xab), 413],
      ["empty.jpg", "image/jpeg", Buffer.alloc(0), 400],
    ];
    for (const [name, type, bytes, status] of cases) {
      const result = await upload(name, type, bytes);
      expect(result.status, name).toBe(status);
      expect(result.body.error?.message, name).toMatch(/[가-힣]/);
    }
    expect(mediaFiles().length).toBe(before);
  }, 60_000);

  it("never uses the client's file name: path traversal and markup in names end up as server-generated names", async () => {
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#123" } }).jpeg().toBuffer();
    // A control character (U+0000) in a part's header is no header busboy reads: refused, nothing stored (decision 059).
    const before = mediaFiles().length;
    const nul = await upload("x.jpg\u0000.html", "image/jpeg", jpeg);
    expect(nul.status).toBe(400);
    expect(nul.body.error?.message).toMatch(/[가-힣]/);
    expect(mediaFiles().length).toBe(before);
    for (const name of ["../../../../etc/passwd.jpg", "<script>alert(1)</script>.jpg", "x.php.jpg", "..\\..\\win.ini.jpg", "한글 이름.jpg"]) {
      const result = await upload(name, "image/jpeg", jpeg);
      expect(result.status, name).toBe(200);
      expect(result.body.url, name).toMatch(/^\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
      const served = await fetch(server.baseURL + result.body.url);
      expect(served.headers.get("content-type")).toBe("image/jpeg");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    }
    for (const file of mediaFiles()) expect(file).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}(-\d+)?\.(jpg|png|webp|gif|avif)$/);
    // Traversal through the media URL itself finds nothing outside the store.
    for (const probe of ["/media/../../main.ts", "/media/%2e%2e/%2e%2e/package.json", "/media/..%2f..%2fpackage.json"]) {
      const response = await fetch(server.baseURL + probe);
      expect(response.status, probe).toBeGreaterThanOrEqual(400);
      expect(await response.text(), probe).not.toContain("we-entertainment");
    }
  });
});

describe("brute force and limiter evasion (proxies not trusted)", () => {
  const attempt = (id: string, password: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseURL}/adminLogin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, ...headers },
      body: new URLSearchParams({ id, password }),
      redirect: "manual",
    });

  it("a forged X-Forwarded-For does not give an attacker fresh addresses", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await attempt("admin", "wrong", { "X-Forwarded-For": `203.0.113.${i + 1}` })).status).toBe(401);
    }
    const blocked = await attempt(TEST_ADMIN.id, TEST_ADMIN.password, { "X-Forwarded-For": "198.51.100.77" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("sessions", () => {
  it("a session server.cookie replayed after logout is refused everywhere", async () => {
    // The session from before the brute-force test (this address is throttled now).
    const own = server.cookie;
    const logout = await fetch(`${server.baseURL}/adminLogout`, { method: "POST", headers: { Cookie: own, Origin: server.baseURL }, redirect: "manual" });
    expect(logout.status).toBe(302);
    expect(logout.headers.getSetCookie().some((c) => /^we_session=;/.test(c))).toBe(true);
    const page = await fetch(`${server.baseURL}/adminNewsWrite`, { headers: { Cookie: own }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/adminLogin/);
    const write = await fetch(`${server.baseURL}/api/we/writenews`, {
      method: "POST",
      headers: { Cookie: own, Origin: server.baseURL, "Content-Type": "application/json" },
      body: JSON.stringify({ title: "재사용", content: "<p>x</p>" }),
    });
    expect(write.status).toBe(401);
  });
});
