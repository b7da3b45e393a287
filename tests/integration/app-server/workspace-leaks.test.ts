import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call, createToken, postForm } from "../../setup/site-requests";

async function get(baseURL: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(baseURL + path, { headers });
  return { status: response.status, cache: response.headers.get("x-cache"), text: await response.text() };
}

describe(`drafts, schedules and the trash never leak through pages, the sitemap, the API or the page cache (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  let token: string;
  beforeAll(async () => {
    token = (await createToken(server, server.cookie, "초안 도구")).token;
  });

  /** Every public place a news post can show up, as an anonymous visitor (and the cache) sees it. */
  const traces = async (postId: number, title: string) => {
    const { baseURL } = server;
    return {
      list: (await get(baseURL, "/news")).text.includes(title),
      pr: (await get(baseURL, "/pr")).text.includes(title),
      page: (await get(baseURL, `/newsDetail/${postId}`)).status,
      apiList: (await get(baseURL, "/api/we/newslist")).text.includes(title),
      apiRead: (await get(baseURL, `/api/we/newspost/${postId}`)).status,
      sitemap: (await get(baseURL, "/sitemap.xml")).text.includes(`/newsDetail/${postId}<`),
    };
  };
  const hidden = { list: false, pr: false, page: 404, apiList: false, apiRead: 404, sitemap: false };
  const shown = { list: true, pr: true, page: 200, apiList: true, apiRead: 200, sitemap: true };

  it("an API draft stays out of every public place, cached or not; its writer can read it; publishing shows it everywhere", async () => {
    // Warm the cache first: a draft must not empty it, and must not appear in it.
    await get(server.baseURL, "/news");
    expect((await get(server.baseURL, "/news")).cache).toBe("HIT");
    const created = await call(server, {
      method: "POST",
      path: "/api/we/writenews",
      body: { title: "API 초안 소식", content: "<p>초안</p>", status: "draft" },
      headers: { Authorization: `Bearer ${token}`, Origin: "" },
    });
    expect(created.status).toBe(201);
    const draft = created.body as { postId: number; status: string; publishAt: string | null };
    expect(draft).toMatchObject({ status: "draft", publishAt: null });
    expect((await get(server.baseURL, "/news")).cache).toBe("HIT");
    expect(await traces(draft.postId, "API 초안 소식")).toEqual(hidden);

    // The writer (token or session) reads it for editing, never from or into the cache.
    const asWriter = await get(server.baseURL, `/api/we/getnews/${draft.postId}`, { Authorization: `Bearer ${token}` });
    expect(asWriter.status).toBe(200);
    expect(asWriter.cache).not.toBe("HIT");
    expect(JSON.parse(asWriter.text)).toMatchObject({ status: "draft", title: "API 초안 소식" });
    expect((await get(server.baseURL, `/api/we/getnews/${draft.postId}`)).status).toBe(404);
    expect((await get(server.baseURL, `/api/we/getnews/${draft.postId}`, { Authorization: "Bearer we_forged_forged_forged_forged_forged_forged_for" })).status).toBe(404);
    // The administrator's preview shows it; anonymous visitors are sent to sign in.
    const preview = await get(server.baseURL, `/admin/preview/news/${draft.postId}`, { Cookie: server.cookie });
    expect(preview.status).toBe(200);
    expect(preview.text).toContain("API 초안 소식");
    expect(preview.text).toContain("미리보기");
    expect((await fetch(`${server.baseURL}/admin/preview/news/${draft.postId}`, { redirect: "manual" })).status).toBe(302);

    const updated = await call(server, {
      method: "PUT",
      path: `/api/we/updatenews/${draft.postId}`,
      body: { title: "API 초안 소식", content: "<p>공개</p>", publishAt: new Date(Date.now() - 60_000).toISOString() },
      headers: { Authorization: `Bearer ${token}`, Origin: "" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ status: "published" });
    expect(await traces(draft.postId, "API 초안 소식")).toEqual(shown);
  });

  it("a deleted post is in the trash: gone from every public place at once; restoring brings it back", async () => {
    const created = (await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "휴지통 갈 소식", content: "<p>x</p>" }, cookie: server.cookie })).body as { postId: number };
    expect(await traces(created.postId, "휴지통 갈 소식")).toEqual(shown);
    expect((await call(server, { method: "DELETE", path: `/api/we/deletenews/${created.postId}`, cookie: server.cookie })).status).toBe(204);
    expect(await traces(created.postId, "휴지통 갈 소식")).toEqual(hidden);
    expect((await get(server.baseURL, `/api/we/getnews/${created.postId}`, { Cookie: server.cookie })).status).toBe(404);

    const trash = await get(server.baseURL, "/admin/trash", { Cookie: server.cookie });
    expect(trash.text).toContain("휴지통 갈 소식");
    const restore = await postForm(server, server.cookie, "/admin/trash", { key: `post-${created.postId}`, intent: "restore" });
    expect(restore.status).toBe(302);
    expect(await traces(created.postId, "휴지통 갈 소식")).toEqual(shown);
  });

  it("status and publishAt take exactly what the OpenAPI document says; anything else is a 400 with a Korean message", async () => {
    const write = (body: Record<string, unknown>) => call(server, { method: "POST", path: "/api/we/writenotice", body: { title: "검사", content: "<p>x</p>", ...body }, cookie: server.cookie });
    for (const body of [
      { status: "published" },
      { status: "DRAFT" },
      { status: null },
      { publishAt: "2026-12-01T09:00:00" },
      { publishAt: "내일 아침" },
      { publishAt: 1764547200000 },
      { status: "draft", publishAt: "2030-01-01T09:00:00+09:00" },
    ]) {
      const result = await write(body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect((result.body as { error: { message: string } }).error.message, JSON.stringify(body)).toMatch(/[가-힣]/);
    }
    const scheduled = await write({ publishAt: "2030-01-01T09:00:00+09:00" });
    expect(scheduled.status).toBe(201);
    expect(scheduled.body).toMatchObject({ status: "scheduled", publishAt: "2030-01-01T00:00:00.000Z" });
    const notices = (await call(server, { method: "GET", path: "/api/we/noticelist" })).body as { postId: number }[];
    expect(notices.map((n) => n.postId)).not.toContain((scheduled.body as { postId: number }).postId);
  });

  it("a scheduled post appears by itself at its time, with no request or write to trigger it", async () => {
    const at = new Date(Date.now() + 3000);
    const created = await call(server, {
      method: "POST",
      path: "/api/we/writenews",
      body: { title: "저절로 뜨는 소식", content: "<p>예약</p>", publishAt: at.toISOString() },
      cookie: server.cookie,
    });
    expect(created.body).toMatchObject({ status: "scheduled" });
    const { postId } = created.body as { postId: number };
    // Cached before its time...
    await get(server.baseURL, "/news");
    const cached = await get(server.baseURL, "/news");
    expect(cached.cache).toBe("HIT");
    expect(cached.text).not.toContain("저절로 뜨는 소식");
    // ...and on the page once its time has come: only reading, polling for it.
    await expect.poll(async () => (await get(server.baseURL, "/news")).text.includes("저절로 뜨는 소식"), { timeout: 20_000, interval: 250 }).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(await traces(postId, "저절로 뜨는 소식")).toEqual(shown);
  });
});
