import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../../setup/app-server";
import { testEngine } from "../../../setup/test-database";
import { call, createToken, postForm, uploadImage } from "../../../setup/site-requests";
import { assertMatchesOpenApi } from "./openapi-validator";

const LIST_FIELDS = ["schoolList", "winList", "hobbyList", "movieList", "dramaList", "playList", "cfList", "bookList"] as const;

describe(`the /api/we contract, replayed as the original client calls it (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });

  /** A call whose answer must match the OpenAPI document. */
  async function checked(template: string, c: Parameters<typeof call>[1], expected: number) {
    const result = await call(server, c);
    expect(result.status, `${c.method} ${c.path}: ${JSON.stringify(result.body)}`).toBe(expected);
    assertMatchesOpenApi(template, c.method, result.status, result.body);
    return result.body as Record<string, unknown>;
  }

  it("artist life cycle: upload images → addactor → actorList → detail → JSON.parse lists → updateactor → deleteactor", async () => {
    const uploads = [];
    for (const color of ["#a33", "#3a3", "#33a"]) {
      const upload = await uploadImage(server, server.cookie, color);
      expect(upload.status).toBe(200);
      assertMatchesOpenApi("/api/img", "POST", 200, upload.body);
      uploads.push((upload.body as { url: string }).url);
    }
    const body = {
      imgList: uploads,
      name: "계약배우",
      ename: "CONTRACT ACTOR",
      birthday: "1999.09.09",
      schoolList: ["한국예술종합학교"],
      winList: ["2026 신인상", ""],
      cm: "177",
      hobbyList: ["검도"],
      insta: "https://www.instagram.com/contract/",
      movieList: ["영화 하나", "영화 둘"],
      dramaList: [],
      playList: ["연극 하나"],
      cfList: ["광고 하나"],
      bookList: ["화보 하나"],
      unexpected: "ignored",
    };
    const created = await checked("/api/we/addactor", { method: "POST", path: "/api/we/addactor", body, cookie: server.cookie }, 201);
    expect(created).not.toHaveProperty("unexpected");

    const list = (await checked("/api/we/actorList", { method: "GET", path: "/api/we/actorList" }, 200)) as unknown as Record<string, string>[];
    expect(list.map((a) => a.name)).toContain("계약배우");

    const path = `/api/we/actorList/${encodeURIComponent("계약배우")}`;
    const detail = (await checked("/api/we/actorList/{name}", { method: "GET", path }, 200)) as Record<string, string>;
    // The original client JSON.parses every list field.
    expect(JSON.parse(detail.imgList!)).toEqual(uploads);
    expect(JSON.parse(detail.schoolList!)).toEqual(["한국예술종합학교"]);
    expect(JSON.parse(detail.winList!)).toEqual(["2026 신인상"]); // empty entries ignored
    expect(JSON.parse(detail.movieList!)).toEqual(["영화 하나", "영화 둘"]);
    for (const field of LIST_FIELDS) expect(Array.isArray(JSON.parse(detail[field]!))).toBe(true);
    expect(detail).toMatchObject({ name: "계약배우", ename: "CONTRACT ACTOR", birthday: "1999.09.09", cm: "177" });

    // Update with lists as JSON-encoded strings (accepted too), main image swapped.
    const update = { ...body, ename: "UPDATED ACTOR", imgList: JSON.stringify([uploads[2], uploads[0]]), dramaList: JSON.stringify(["드라마 하나"]) };
    const updated = (await checked("/api/we/updateactor/{name}", { method: "PUT", path: `/api/we/updateactor/${encodeURIComponent("계약배우")}`, body: update, cookie: server.cookie }, 200)) as Record<string, string>;
    expect(updated.ename).toBe("UPDATED ACTOR");
    expect(JSON.parse(updated.imgList!)).toEqual([uploads[2], uploads[0]]);
    expect(JSON.parse(updated.dramaList!)).toEqual(["드라마 하나"]);

    // A stale version is a conflict.
    await checked("/api/we/updateactor/{name}", { method: "PUT", path: `/api/we/updateactor/${encodeURIComponent("계약배우")}`, body: { ...update, version: 1 }, cookie: server.cookie }, 409);
    // Renaming onto an existing artist is a conflict too.
    await checked("/api/we/addactor", { method: "POST", path: "/api/we/addactor", body: { name: "다른계약배우" }, cookie: server.cookie }, 201);
    const duplicate = await checked("/api/we/updateactor/{name}", { method: "PUT", path: `/api/we/updateactor/${encodeURIComponent("다른계약배우")}`, body: { name: "계약배우" }, cookie: server.cookie }, 409);
    expect((duplicate.error as { code: string }).code).toBe("duplicate_name");

    await checked("/api/we/deleteactor/{name}", { method: "DELETE", path: `/api/we/deleteactor/${encodeURIComponent("계약배우")}`, cookie: server.cookie }, 204);
    await checked("/api/we/actorList/{name}", { method: "GET", path }, 404);
    await checked("/api/we/deleteactor/{name}", { method: "DELETE", path: `/api/we/deleteactor/${encodeURIComponent("계약배우")}`, cookie: server.cookie }, 404);
  });

  for (const kind of ["news", "notice"] as const) {
    it(`${kind} life cycle: write → list → post → get → update → delete`, async () => {
      const write = { title: `${kind} 계약 테스트`, content: '<p>본문 <strong>굵게</strong></p><img src=x onerror="alert(1)"><script>alert(2)</script>' };
      const created = (await checked(`/api/we/write${kind}`, { method: "POST", path: `/api/we/write${kind}`, body: write, cookie: server.cookie }, 201)) as Record<string, unknown>;
      const postId = created.postId as number;
      expect(Number.isInteger(postId)).toBe(true);
      // Sanitized on write exactly as in the admin editor.
      expect(created.content).toBe('<p>본문 <strong>굵게</strong></p><img src="x" />');
      expect(Number.isNaN(new Date(created.writeDay as string).getTime())).toBe(false);

      await checked(`/api/we/write${kind}`, { method: "POST", path: `/api/we/write${kind}`, body: { title: "두 번째", content: "<p>둘</p>" }, cookie: server.cookie }, 201);
      const list = (await checked(`/api/we/${kind}list`, { method: "GET", path: `/api/we/${kind}list` }, 200)) as unknown as { postId: number; writeDay: string }[];
      expect(list.map((p) => p.postId)).toContain(postId);
      // Newest first.
      const days = list.map((p) => p.writeDay);
      expect([...days].sort().reverse()).toEqual(days);

      for (const read of [`/api/we/${kind}post/{postId}`, `/api/we/get${kind}/{postId}`]) {
        const post = (await checked(read, { method: "GET", path: read.replace("{postId}", String(postId)) }, 200)) as Record<string, unknown>;
        expect(post).toMatchObject({ postId, title: write.title });
      }

      const updated = (await checked(`/api/we/update${kind}/{postId}`, { method: "PUT", path: `/api/we/update${kind}/${postId}`, body: { title: "수정됨", content: "<h2>새 본문</h2>" }, cookie: server.cookie }, 200)) as Record<string, unknown>;
      expect(updated).toMatchObject({ postId, title: "수정됨", content: "<h2>새 본문</h2>", version: 2 });
      await checked(`/api/we/update${kind}/{postId}`, { method: "PUT", path: `/api/we/update${kind}/${postId}`, body: { title: "늦음", content: "<p>x</p>", version: 1 }, cookie: server.cookie }, 409);
      await checked(`/api/we/update${kind}/{postId}`, { method: "PUT", path: `/api/we/update${kind}/abc`, body: { title: "x", content: "<p>x</p>" }, cookie: server.cookie }, 400);

      await checked(`/api/we/delete${kind}/{postId}`, { method: "DELETE", path: `/api/we/delete${kind}/${postId}`, cookie: server.cookie }, 204);
      await checked(`/api/we/${kind}post/{postId}`, { method: "GET", path: `/api/we/${kind}post/${postId}` }, 404);
      await checked(`/api/we/${kind}post/{postId}`, { method: "GET", path: `/api/we/${kind}post/1.5` }, 400);
    });
  }

  it("a news id is not a notice", async () => {
    const created = (await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "뉴스", content: "<p>뉴스</p>" }, cookie: server.cookie })).body as { postId: number };
    expect((await call(server, { method: "GET", path: `/api/we/noticepost/${created.postId}` })).status).toBe(404);
  });

  it("writes work with an API token instead of the server.cookie (non-browser clients)", async () => {
    const { token } = await createToken(server, server.cookie, "계약 테스트 도구");
    const result = await call(server, {
      method: "POST",
      path: "/api/we/writenotice",
      body: { title: "토큰으로 쓴 공지", content: "<p>토큰</p>" },
      headers: { Authorization: `Bearer ${token}`, Origin: "" },
    });
    expect(result.status).toBe(201);
  });

  it("hidden artists never appear in public reads", async () => {
    // Hide an artist through the admin form, then read the API.
    await call(server, { method: "POST", path: "/api/we/addactor", body: { name: "숨김배우" }, cookie: server.cookie });
    const form = new URLSearchParams({ name: "숨김배우", version: "1", status: "hidden", intent: "save" });
    const hide = await postForm(server, server.cookie, `/adminActor/${encodeURIComponent("숨김배우")}`, form);
    expect(hide.status).toBe(302);
    const list = (await call(server, { method: "GET", path: "/api/we/actorList" })).body as { name: string }[];
    expect(list.map((a) => a.name)).not.toContain("숨김배우");
    expect((await call(server, { method: "GET", path: `/api/we/actorList/${encodeURIComponent("숨김배우")}` })).status).toBe(404);
  });

  it("answers JSON errors for unknown addresses and wrong methods", async () => {
    const unknown = await call(server, { method: "GET", path: "/api/we/nothing" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { code: "not_found" } });
    const wrong = await call(server, { method: "POST", path: "/api/we/actorList", body: {}, cookie: server.cookie });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET");
  });
});
