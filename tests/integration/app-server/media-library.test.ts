import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call, uploadImage } from "../../setup/site-requests";

/** A native form post to an admin page, as a browser without JavaScript sends it. */
async function postForm(baseURL: string, path: string, cookie: string, fields: Record<string, string>) {
  const response = await fetch(baseURL + path, { method: "POST", headers: { Cookie: cookie, Origin: baseURL }, body: new URLSearchParams(fields), redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
}

describe(`the media library over HTTP (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  let image: { id: number; url: string };

  beforeAll(async () => {
    const uploaded = (await uploadImage(server, server.cookie, "#4a8")).body as { url: string };
    const list = (await call(server, { method: "GET", path: "/admin/media.json", cookie: server.cookie })).body as { items: { id: number; url: string }[] };
    image = list.items.find((i) => i.url === uploaded.url)!;
    expect(image).toBeDefined();
  });

  it("/admin/media.json answers the administrator only, never cached", async () => {
    const anonymous = await call(server, { method: "GET", path: "/admin/media.json" });
    expect(anonymous.status).toBe(401);
    const signedIn = await call(server, { method: "GET", path: "/admin/media.json?page=1", cookie: server.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toContain("no-store");
    expect(signedIn.body).toMatchObject({ page: 1, items: expect.arrayContaining([expect.objectContaining({ id: image.id, url: image.url, width: 600, height: 800 })]) });
    expect((await fetch(`${server.baseURL}/admin/media`, { redirect: "manual" })).status).toBe(302);
  });

  it("too long alt text is a 400 with the Korean message next to the field and the text kept", async () => {
    const tooLong = "가".repeat(201);
    const refused = await postForm(server.baseURL, `/admin/media/${image.id}`, server.cookie, { intent: "alt", alt: tooLong });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("대체 텍스트는 200자 이하로 입력해 주세요.");
    expect(refused.text).toContain(tooLong);
    const saved = await postForm(server.baseURL, `/admin/media/${image.id}`, server.cookie, { intent: "alt", alt: "무대 사진" });
    expect(saved).toMatchObject({ status: 302, location: `/admin/media/${image.id}` });
  });

  it("deleting an image in use without the confirmation is refused with a 409 naming its uses", async () => {
    expect((await call(server, { method: "POST", path: "/api/we/addactor", body: { name: "사용배우", imgList: [image.url] }, cookie: server.cookie })).status).toBe(201);
    const refused = await postForm(server.baseURL, `/admin/media/${image.id}`, server.cookie, { intent: "delete" });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("이 이미지는 배우 ‘사용배우’에서 쓰고 있습니다.");
    expect((await fetch(server.baseURL + image.url)).status).toBe(200);

    const deleted = await postForm(server.baseURL, `/admin/media/${image.id}`, server.cookie, { intent: "delete", confirmed: "1" });
    expect(deleted).toMatchObject({ status: 302, location: "/admin/media" });
    expect((await fetch(server.baseURL + image.url)).status).toBe(404);
    const artist = (await call(server, { method: "GET", path: `/api/we/actorList/${encodeURIComponent("사용배우")}` })).body as { imgList: string };
    expect(JSON.parse(artist.imgList)).toEqual([]);
  });
});
