import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGLISH_ROUTES, SITE_ROUTES, type SiteRoute } from "../../../app/domain/site-routes";
import { PATHS } from "../../../app/domain/paths";
import { useAppServer } from "../../setup/app-server";
import { TEST_ADMIN, uniqueClientIp } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";
import { call, createToken, getPage } from "../../setup/site-requests";

/**
 * Hostile and broken input never answers 5xx (decision 036). First the cases the review found, verbatim;
 * then fast-check sends every route of the route table (both languages) hostile parameters, methods
 * and bodies, anonymously and signed in, and every answer must be below 500 and, when refused, say why
 * in Korean (or English on the English pages) without internals.
 */

const NUL = "\u0000";

/** Looks like a stack trace, SQL or a library's message: nothing of that may reach a client. */
const INTERNALS = /\bat .+:\d+:\d+|node_modules|\bSELECT\b|\bINSERT\b|Unexpected Server Error|invalid byte sequence|Invalid input|Invalid request method/;

describe(`hostile requests never answer 5xx (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  let token: string;
  let postId: number;
  let mediaId: number;

  beforeAll(async () => {
    token = (await createToken(server, server.cookie, "공격 시험")).token;
    await call(server, { method: "POST", path: "/api/we/addactor", body: { name: "기존배우" }, cookie: server.cookie });
    postId = ((await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "기존 소식", content: "<p>x</p>" }, cookie: server.cookie })).body as { postId: number }).postId;
    const library = (await call(server, { method: "GET", path: "/admin/media.json", cookie: server.cookie })).body as { items: { id: number }[] };
    mediaId = library.items[0]?.id ?? 1;
  });

  const refusedClearly = (status: number, text: string, what: string) => {
    expect(status, `${what}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
    expect(text, what).toMatch(/[가-힣]/);
    expect(text, what).not.toMatch(INTERNALS);
  };

  it("U+0000 in addresses is refused at the door with a Korean message", async () => {
    for (const path of ["/artist/%00", "/api/we/actorList/%00", "/newsDetail/1%00", `/adminActor/%00`, "/news?page=%00", "/artist/%ff", "/artist/%", "/api/we/newspost/%c0%ae"]) {
      for (const cookie of [undefined, server.cookie]) {
        const response = await getPage(server, path, cookie);
        refusedClearly(response.status, response.html, `${path}${cookie ? " (signed in)" : ""}`);
      }
    }
  });

  it("U+0000 in the sign-in form, titles, contents, lists, settings, alt texts, token names and the audition form is refused with a Korean message", async () => {
    const signIn = await fetch(`${server.baseURL}/adminLogin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp() },
      body: `id=a%00b&password=${encodeURIComponent(TEST_ADMIN.password)}`,
    });
    refusedClearly(signIn.status, await signIn.text(), "sign-in id");

    const json: [string, string, Record<string, unknown>][] = [
      ["POST", "/api/we/writenews", { title: `제목${NUL}`, content: "<p>x</p>" }],
      ["POST", "/api/we/writenotice", { title: "제목", content: `<p>본문${NUL}</p>` }],
      ["POST", "/api/we/addactor", { name: `배우${NUL}` }],
      ["POST", "/api/we/addactor", { name: "목록배우", schoolList: [`학교${NUL}`] }],
      ["PUT", `/api/we/updatenews/${postId}`, { title: "제목", content: "<p>x</p>", titleEn: `Title${NUL}` }],
    ];
    for (const [method, path, body] of json) {
      for (const auth of [{ cookie: server.cookie }, { headers: { Authorization: `Bearer ${token}` } }]) {
        const result = await call(server, { method, path, body, ...auth });
        refusedClearly(result.status, JSON.stringify(result.body), `${method} ${path} ${JSON.stringify(body)}`);
      }
    }

    const form = async (path: string, fields: Record<string, string>, encoding: "urlencoded" | "multipart") => {
      let body: BodyInit;
      const headers: Record<string, string> = { Cookie: server.cookie, Origin: server.baseURL };
      if (encoding === "urlencoded") {
        body = new URLSearchParams(fields);
        headers["Content-Type"] = "application/x-www-form-urlencoded";
      } else {
        const data = new FormData();
        for (const [k, v] of Object.entries(fields)) data.append(k, v);
        body = data;
      }
      const response = await fetch(server.baseURL + path, { method: "POST", headers, body, redirect: "manual" });
      return { status: response.status, text: await response.text() };
    };
    const forms: [string, Record<string, string>][] = [
      ["/adminNewsWrite", { title: `제목${NUL}`, content: "<p>x</p>", intent: "save" }],
      ["/adminNoticeWrite", { title: "제목", content: `<p>${NUL}</p>`, intent: "save" }],
      ["/adminActor", { name: `이름${NUL}`, intent: "save" }],
      ["/adminActor", { name: "목록", education: `학교${NUL}`, intent: "save" }],
      ["/admin/settings", { companyName: `회사${NUL}` }],
      [`/admin/media/${mediaId}`, { intent: "alt", alt: `설명${NUL}` }],
      [PATHS.adminApiTokens, { intent: "create", name: `토큰${NUL}` }],
    ];
    for (const [path, fields] of forms) {
      for (const encoding of ["urlencoded", "multipart"] as const) {
        const result = await form(path, fields, encoding);
        refusedClearly(result.status, result.text, `${encoding} ${path} ${JSON.stringify(fields)}`);
      }
    }

    const audition = new FormData();
    audition.append("name", `지원자${NUL}`);
    audition.append("phone", "010-1234-5678");
    const apply = await fetch(`${server.baseURL}/audition/apply/submit`, { method: "POST", headers: { Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp() }, body: audition });
    refusedClearly(apply.status, await apply.text(), "audition form");
  });

  it("the sign-in form refuses JSON, text and boundary-less multipart bodies, and /api/img a 200 KB part header, with 4xx and a message", async () => {
    const bodies: [string, string][] = [
      ["application/json", JSON.stringify({ id: TEST_ADMIN.id, password: TEST_ADMIN.password })],
      ["text/plain", `id=${TEST_ADMIN.id}&password=x`],
      ["multipart/form-data", `--x\r\nContent-Disposition: form-data; name="id"\r\n\r\nadmin\r\n--x--\r\n`],
      ["Multipart/Form-Data; boundary=x", `--x\r\nContent-Disposition: form-data; name="id"\r\n\r\nadmin\r\n--x--\r\n`],
      ["application/x-www-form-urlencoded", "a=".repeat(200_000)],
    ];
    for (const [type, body] of bodies) {
      const response = await fetch(`${server.baseURL}/adminLogin`, { method: "POST", headers: { "Content-Type": type, Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp() }, body });
      refusedClearly(response.status, await response.text(), `sign-in as ${type}`);
    }
    const header = `--b\r\nContent-Disposition: form-data; name="image"; filename="${"a".repeat(200 * 1024)}.jpg"\r\nContent-Type: image/jpeg\r\n\r\nxxxx\r\n--b--\r\n`;
    const upload = await fetch(`${server.baseURL}/api/img`, { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=b", Authorization: `Bearer ${token}` }, body: header });
    refusedClearly(upload.status, await upload.text(), "a 200 KB part header");
  });

  it("bytes that are not UTF-8 in a form, odd methods and request targets that are not a path: 4xx with a Korean message", async () => {
    const notUtf8 = Buffer.concat([Buffer.from('--bb\r\nContent-Disposition: form-data; name="id"\r\n\r\n'), Buffer.from([0xff, 0xfe]), Buffer.from("\r\n--bb--\r\n")]);
    for (const path of ["/adminLogin", "/adminLogin.data", `/adminNewsWrite/${postId}`]) {
      const response = await fetch(server.baseURL + path, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=bb", Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp(), Cookie: path.startsWith("/adminNews") ? server.cookie : "" },
        body: notUtf8,
      });
      refusedClearly(response.status, await response.text(), `bytes that are not UTF-8 to ${path}`);
    }
    for (const [method, path] of [["TRACE", "/api/we/newslist"], ["TRACE", "/company"], ["PROPFIND", "/admin/auditions"], ["OPTIONS", "/admin/auditions/1.data"], ["OPTIONS", "/company"]]) {
      const answer = await rawRequest(`${method} ${path} HTTP/1.1`);
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.text, `${method} ${path}`).toMatch(/Allow: GET, HEAD, POST/i);
      expect(answer.text, `${method} ${path}`).toMatch(/[가-힣]/);
    }
    for (const target of ["*", `${server.baseURL}/admin/auditions`, `${server.baseURL}/company`]) {
      for (const method of ["GET", "POST", "OPTIONS"]) {
        const answer = await rawRequest(`${method} ${target} HTTP/1.1`);
        expect(answer.status, `${method} ${target}`).toBe(400);
        expect(answer.text, `${method} ${target}`).toMatch(/[가-힣]/);
      }
    }
  });

  /** One request written by hand (fetch cannot send other targets or methods like TRACE), its status and raw answer. */
  async function rawRequest(requestLine: string): Promise<{ status: number; text: string }> {
    const { port } = new URL(server.baseURL);
    const socket = net.connect(Number(port), "127.0.0.1");
    socket.end(`${requestLine}\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    const chunks: Buffer[] = [];
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text };
  }

  /** The route's address with hostile parameter values. */
  const addressOf = (route: SiteRoute, value: string) => route.pattern.replace(/:(\w+)\??/g, () => encodeURIComponent(value)).replace(/\*$/, encodeURIComponent(value));

  const hostileText = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.constantFrom(NUL, "..", ".", "%", "%00", "\u202e", "\u200b", "-1", "0", "1e9", "99999999999999999999", "2147483648", "NaN", "<script>", "a/b", " ", "\r\n", "😀", "가".repeat(500), "__proto__"),
  );
  const methods = fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND");
  const encodings = fc.constantFrom("none", "urlencoded", "multipart", "json", "text", "garbage", "odd-multipart", "multipart-not-utf8");
  const fieldValues = fc.dictionary(fc.constantFrom("intent", "title", "content", "name", "id", "status", "version", "page", "alt", "notes", "q", "x", NUL), hostileText, { maxKeys: 6 });

  function bodyOf(encoding: string, fields: Record<string, string>): { body?: BodyInit; type?: string } {
    switch (encoding) {
      case "urlencoded":
        return { body: new URLSearchParams(fields).toString(), type: "application/x-www-form-urlencoded" };
      case "multipart": {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        return { body: form };
      }
      case "odd-multipart":
        return {
          body: Object.entries(fields)
            .map(([k, v]) => `--z\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
            .join("")
            .concat("--z--\r\n"),
          type: "MULTIPART/FORM-DATA; boundary=z",
        };
      case "json":
        return { body: JSON.stringify(fields), type: "application/json" };
      case "text":
        return { body: Object.values(fields).join("\n"), type: "text/plain" };
      case "multipart-not-utf8": {
        const parts = Object.keys(fields).map((k) => Buffer.concat([Buffer.from(`--z\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n`), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from("\r\n")]));
        return { body: new Uint8Array(Buffer.concat([...parts, Buffer.from("--z--\r\n")])), type: "multipart/form-data; boundary=z" };
      }
      case "garbage":
        return { body: new Uint8Array([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x80]), type: "application/octet-stream" };
      default:
        return {};
    }
  }

  it("fast-check: every route of the table, hostile parameters, methods and bodies, anonymous and signed in: never 5xx", async () => {
    // Signing out is left out of the signed-in runs: the session must survive for the others.
    const routes = [...SITE_ROUTES, ...ENGLISH_ROUTES];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), hostileText, methods, encodings, fieldValues, fc.boolean(), fc.boolean(), async (route, value, method, encoding, fields, signedIn, dataRequest) => {
        if (signedIn && route.pattern === PATHS.adminLogout) return;
        const path = addressOf(route, value) + (dataRequest && !route.pattern.startsWith("/api/") ? ".data" : "");
        const query = Object.keys(fields).length > 0 ? `?${new URLSearchParams(fields)}` : "";
        const { body, type } = method === "GET" || method === "HEAD" ? {} : bodyOf(encoding, fields);
        const headers: Record<string, string> = { Origin: server.baseURL, "X-Forwarded-For": uniqueClientIp() };
        if (type) headers["Content-Type"] = type;
        if (signedIn) headers.Cookie = server.cookie;
        const response = await fetch(server.baseURL + path + query, { method, headers, body, redirect: "manual" });
        const text = await response.text();
        const what = `${signedIn ? "signed in" : "anonymous"} ${method} ${path}${query} ${encoding}`;
        expect(response.status, `${what}: ${text.slice(0, 300)}`).toBeLessThan(500);
        if (response.status >= 400 && method !== "HEAD" && text.length > 0) expect(text, what).not.toMatch(INTERNALS);
      }),
      { numRuns: 2000 },
    );
    // The administrator's session survived all of it.
    expect((await fetch(`${server.baseURL}/admin`, { headers: { Cookie: server.cookie }, redirect: "manual" })).status).toBe(200);
  }, 300_000);
});
