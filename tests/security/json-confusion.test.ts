import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HANGUL, ZOD_ENGLISH } from "../fixtures/korean-messages";
import { useAppServer } from "../setup/app-server";

const server = useAppServer({ beforeAll, afterAll }, { signIn: true });

const send = (method: string, path: string, raw: string) =>
  fetch(server.baseURL + path, { method, headers: { Cookie: server.cookie, Origin: server.baseURL, "Content-Type": "application/json" }, body: raw });

describe("JSON type confusion and prototype pollution", () => {
  it("refuses mistyped and hostile bodies with 400 and stores nothing", async () => {
    const cases: [string, string, string][] = [
      ["POST", "/api/we/writenews", JSON.stringify({ title: ["배열"], content: "<p>x</p>" })],
      ["POST", "/api/we/writenews", JSON.stringify({ title: { toString: "x" }, content: "<p>x</p>" })],
      ["POST", "/api/we/writenews", JSON.stringify({ title: 1, content: "<p>x</p>" })],
      ["POST", "/api/we/writenews", JSON.stringify({ title: "제목", content: { $gt: "" } })],
      ["PUT", "/api/we/updatenews/999", JSON.stringify({ title: "제목", content: "<p>x</p>", version: "1" })],
      ["PUT", "/api/we/updatenews/999", JSON.stringify({ title: "제목", content: "<p>x</p>", version: 1.5 })],
      ["POST", "/api/we/writenews", JSON.stringify([{ title: "제목", content: "<p>x</p>" }])],
      ["POST", "/api/we/writenews", "null"],
      ["POST", "/api/we/writenews", '"문자열"'],
      ["POST", "/api/we/writenews", "{bad json"],
      ["POST", "/api/we/addactor", JSON.stringify({ name: { length: 3 } })],
      ["POST", "/api/we/addactor", JSON.stringify({ name: "x", en: "x" })],
      ["POST", "/api/we/addactor", JSON.stringify({ name: "x", en: { birthday: [], schoolList: { a: 1 } } })],
      ["POST", "/api/we/writenews", JSON.stringify({ title: "제목", content: "<p>x</p>", status: 1, publishAt: [] })],
      ["POST", "/api/we/addactor", JSON.stringify({ name: "배우", schoolList: "not a list" })],
      ["POST", "/api/we/addactor", JSON.stringify({ name: "배우", schoolList: [1, 2] })],
      ["POST", "/api/we/addactor", JSON.stringify({ name: "배우", imgList: ["/media/../../etc/passwd"] })],
      ["POST", "/api/we/addactor", JSON.stringify({ name: "배우", schoolList: '{"__proto__":[]}' })],
      ["POST", "/api/we/addactor", '{"name":"오염","__proto__":{"isVisible":false,"polluted":true},"constructor":{"prototype":{"polluted":true}},"schoolList":{"__proto__":["x"]}}'],
      ["PUT", "/api/we/updatenews/1e0", JSON.stringify({ title: "제목", content: "<p>x</p>" })],
      ["PUT", "/api/we/updatenews/0x1", JSON.stringify({ title: "제목", content: "<p>x</p>" })],
    ];
    const before = await (await fetch(`${server.baseURL}/api/we/newslist`)).text();
    for (const [method, path, raw] of cases) {
      const response = await send(method, path, raw);
      expect(response.status, `${method} ${path} ${raw}`).toBe(400);
      const body = (await response.json()) as { error: { message: string } };
      // Korean, never zod's English ("Invalid input: expected object, received string").
      expect(body.error.message, raw).toMatch(HANGUL);
      expect(body.error.message, raw).not.toMatch(ZOD_ENGLISH);
    }
    expect(await (await fetch(`${server.baseURL}/api/we/newslist`)).text()).toBe(before);
    const artists = (await (await fetch(`${server.baseURL}/api/we/actorList`)).json()) as Record<string, unknown>[];
    expect(artists.filter((a) => a.name === "배우" || a.name === "오염")).toEqual([]);
  });

  it("prototype keys in an otherwise valid body are ignored, never stored, and pollute nothing", async () => {
    const response = await send(
      "POST",
      "/api/we/addactor",
      '{"name":"안전한배우","__proto__":{"isVisible":false,"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"unknownField":"x"}',
    );
    expect(response.status).toBe(201);
    const artist = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(artist)).not.toContain("polluted");
    expect(Object.keys(artist)).not.toContain("unknownField");
    const listed = (await (await fetch(`${server.baseURL}/api/we/actorList`)).json()) as Record<string, unknown>[];
    const stored = listed.find((a) => a.name === "안전한배우")!;
    expect(stored).toBeDefined();
    expect(Object.keys(stored).sort()).toEqual(Object.keys(artist).sort());
    // Later objects on the server are clean too.
    const other = (await (await send("POST", "/api/we/writenotice", JSON.stringify({ title: "정상", content: "<p>ok</p>" }))).json()) as Record<string, unknown>;
    expect(other).not.toHaveProperty("polluted");
    expect(Object.keys(other).sort()).toEqual(["content", "postId", "publishAt", "status", "title", "version", "writeDay"]);
  });
});
