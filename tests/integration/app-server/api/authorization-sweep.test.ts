import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../../setup/app-server";
import { testEngine } from "../../../setup/test-database";
import { call, createToken, revokeToken } from "../../../setup/site-requests";

describe(`every API write refuses every kind of missing or forged authority (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  let revokedToken: string;
  let newsId: number;
  let noticeId: number;
  const artist = "권한테스트배우";

  beforeAll(async () => {
    expect((await call(server, { method: "POST", path: "/api/we/addactor", body: { name: artist, ename: "ORIGINAL" }, cookie: server.cookie })).status).toBe(201);
    newsId = ((await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "원래 뉴스", content: "<p>원래</p>" }, cookie: server.cookie })).body as { postId: number }).postId;
    noticeId = ((await call(server, { method: "POST", path: "/api/we/writenotice", body: { title: "원래 공지", content: "<p>원래</p>" }, cookie: server.cookie })).body as { postId: number }).postId;
    revokedToken = (await createToken(server, server.cookie, "폐기될 토큰")).token;
    await revokeToken(server, server.cookie, "폐기될 토큰");
  });

  const snapshot = async () => ({
    artists: (await call(server, { method: "GET", path: "/api/we/actorList" })).body,
    news: (await call(server, { method: "GET", path: "/api/we/newslist" })).body,
    notices: (await call(server, { method: "GET", path: "/api/we/noticelist" })).body,
    media: fs.existsSync(path.join(server.dataDir, "media")) ? fs.readdirSync(path.join(server.dataDir, "media"), { recursive: true }).length : 0,
  });

  it("walks every write route × {no cookie, Cookie: id=admin, forged token, foreign Origin, revoked token}", async () => {
    const photo = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).png().toBuffer();
    const name = encodeURIComponent(artist);
    const writes = [
      { method: "POST", path: "/api/we/addactor", body: { name: "침입배우" } },
      { method: "PUT", path: `/api/we/updateactor/${name}`, body: { name: artist, ename: "HACKED" } },
      { method: "DELETE", path: `/api/we/deleteactor/${name}` },
      { method: "POST", path: "/api/we/writenews", body: { title: "침입", content: "<p>x</p>" } },
      { method: "POST", path: "/api/we/writenotice", body: { title: "침입", content: "<p>x</p>" } },
      { method: "PUT", path: `/api/we/updatenews/${newsId}`, body: { title: "변조", content: "<p>x</p>" } },
      { method: "PUT", path: `/api/we/updatenotice/${noticeId}`, body: { title: "변조", content: "<p>x</p>" } },
      { method: "DELETE", path: `/api/we/deletenews/${newsId}` },
      { method: "DELETE", path: `/api/we/deletenotice/${noticeId}` },
      { method: "POST", path: "/api/img", multipart: true },
    ];
    const credentials: { label: string; headers: Record<string, string>; cookie?: string; status: number; code: string }[] = [
      { label: "no cookie", headers: {}, status: 401, code: "unauthorized" },
      { label: "Cookie: id=admin", headers: {}, cookie: "id=admin; isLoggedIn=true", status: 401, code: "unauthorized" },
      { label: "forged token", headers: { Authorization: `Bearer we_${"A".repeat(43)}`, Origin: "" }, status: 401, code: "invalid_token" },
      { label: "foreign Origin with a valid session", headers: { Origin: "https://evil.example" }, cookie: server.cookie, status: 403, code: "forbidden_origin" },
      { label: "revoked token", headers: { Authorization: `Bearer ${revokedToken}`, Origin: "" }, status: 401, code: "invalid_token" },
    ];
    const before = await snapshot();
    for (const credential of credentials) {
      for (const write of writes) {
        let rawBody: BodyInit | undefined;
        if (write.multipart) {
          const form = new FormData();
          form.append("image", new Blob([new Uint8Array(photo)], { type: "image/png" }), "p.png");
          rawBody = form;
        }
        const result = await call(server, { method: write.method, path: write.path, body: write.body, rawBody, cookie: credential.cookie, headers: credential.headers });
        const label = `${write.method} ${write.path} with ${credential.label}`;
        expect(result.status, label).toBe(credential.status);
        expect((result.body as { error: { code: string; message: string } }).error.code, label).toBe(credential.code);
        expect((result.body as { error: { message: string } }).error.message, label).toMatch(/[가-힣]/);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a valid token or session still works afterwards (the sweep was refused for the right reasons)", async () => {
    const { token } = await createToken(server, server.cookie, "유효한 토큰");
    const viaToken = await call(server, { method: "PUT", path: `/api/we/updatenews/${newsId}`, body: { title: "정상 수정", content: "<p>ok</p>" }, headers: { Authorization: `Bearer ${token}`, Origin: "" } });
    expect(viaToken.status).toBe(200);
    const viaSession = await call(server, { method: "DELETE", path: `/api/we/deletenotice/${noticeId}`, cookie: server.cookie });
    expect(viaSession.status).toBe(204);
  });

  it("CORS is off by default: no Access-Control headers for any origin", async () => {
    const preflight = await fetch(`${server.baseURL}/api/we/writenews`, {
      method: "OPTIONS",
      headers: { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const read = await fetch(`${server.baseURL}/api/we/newslist`, { headers: { Origin: "https://evil.example" } });
    expect(read.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe(`CORS allowlist (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { env: { CORS_ORIGINS: "https://front.example" } });

  it("echoes only an allowlisted origin, never a wildcard or a reflected stranger", async () => {
    const allowed = await fetch(`${server.baseURL}/api/we/writenews`, {
      method: "OPTIONS",
      headers: { Origin: "https://front.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type" },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://front.example");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("Authorization");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();

    const stranger = await fetch(`${server.baseURL}/api/we/newslist`, { headers: { Origin: "https://evil.example" } });
    expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    expect(stranger.headers.get("vary")).toContain("Origin");

    // The allowlisted front end may write with a token; an unlisted one is still refused.
    const refused = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "x", content: "<p>x</p>" }, headers: { Origin: "https://evil.example" } });
    expect(refused.status).toBe(403);
    const listed = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "x", content: "<p>x</p>" }, headers: { Origin: "https://front.example" } });
    expect(listed.status).toBe(401);
  });
});
