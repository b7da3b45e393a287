import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call, getPage, postForm, uploadImage } from "../../setup/site-requests";

/** The content of a page's `<meta property=…>` (or name=…) tag. */
function metaOf(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return match ? match[1]!.replaceAll("&amp;", "&") : null;
}

describe(`share images over HTTP (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  const artistName = "공유사진배우";
  let mediaId: number;

  beforeAll(async () => {
    const uploaded = (await uploadImage(server, server.cookie, "#468")).body as { url: string };
    const list = (await call(server, { method: "GET", path: "/admin/media.json", cookie: server.cookie })).body as { items: { id: number; url: string }[] };
    mediaId = list.items.find((i) => i.url === uploaded.url)!.id;
    const created = await call(server, { method: "POST", path: "/api/we/addactor", body: { name: artistName, ename: "SHARE PHOTO", imgList: [uploaded.url] }, cookie: server.cookie });
    expect(created.status).toBe(201);
  });

  const artistPage = async () => (await fetch(`${server.baseURL}/artist/${encodeURIComponent(artistName)}`)).text();

  it("the artist page names its share image with size, type, alt and locale; the image is a year-long immutable 1200×630 JPEG", async () => {
    const html = await artistPage();
    const image = metaOf(html, "og:image")!;
    expect(image).toMatch(new RegExp(`^${server.baseURL}/share/artist/\\d+\\.jpg\\?v=[0-9a-f]{16}$`));
    expect(metaOf(html, "twitter:image")).toBe(image);
    expect(metaOf(html, "og:image:width")).toBe("1200");
    expect(metaOf(html, "og:image:height")).toBe("630");
    expect(metaOf(html, "og:image:type")).toBe("image/jpeg");
    expect(metaOf(html, "og:image:alt")).toBe(`WE ENTERTAINMENT 소속 배우 ${artistName}`);
    expect(metaOf(html, "og:locale")).toBe("ko_KR");

    const response = await fetch(image);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(bytes.byteLength).toBe(Number(response.headers.get("content-length")));

    // Asked again with its ETag: not modified.
    const again = await fetch(image, { headers: { "If-None-Match": response.headers.get("etag")! } });
    expect(again.status).toBe(304);
    // Without a version: the current image, cached briefly. An unknown version: a redirect to the current one.
    const bare = await fetch(image.replace(/\?v=.*$/, ""));
    expect(bare.status).toBe(200);
    expect(bare.headers.get("cache-control")).toBe("public, max-age=300");
    const stale = await fetch(image.replace(/v=.*$/, "v=0123456789abcdef"), { redirect: "manual" });
    expect(stale.status).toBe(302);
    expect(new URL(stale.headers.get("location")!, server.baseURL).toString()).toBe(image);
  });

  it("a click on the photo (no JavaScript) saves the focal point: the page names a new image, the old URL leads to it", async () => {
    const before = metaOf(await artistPage(), "og:image")!;
    const response = await postForm(server, server.cookie, `/admin/media/${mediaId}`, { intent: "focal", boxWidth: "300", boxHeight: "400", "focal.x": "150", "focal.y": "100" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/media/${mediaId}`);
    const page = (await getPage(server, `/admin/media/${mediaId}`, server.cookie)).html;
    expect(page).toMatch(/name="focalX"[^>]*value="50"/);
    expect(page).toMatch(/name="focalY"[^>]*value="25"/);

    const after = metaOf(await artistPage(), "og:image")!;
    expect(after).not.toBe(before);
    const old = await fetch(before, { redirect: "manual" });
    expect(old.status).toBe(302);
    expect(new URL(old.headers.get("location")!, server.baseURL).toString()).toBe(after);
    expect((await fetch(after)).status).toBe(200);

    // Typed percentages out of range: a 400 with the message next to the field; nothing changes.
    const refused = await postForm(server, server.cookie, `/admin/media/${mediaId}`, { intent: "focal", focalX: "150", focalY: "10" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("가로 위치는 0에서 100 사이의 숫자로 입력해 주세요.");
    expect(metaOf(await artistPage(), "og:image")).toBe(after);
  });

  it("a post page names its share image; unknown, unpublished and malformed ones are 404", async () => {
    const written = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "공유 이미지 소식", content: "<p>사진 없는 소식</p>" }, cookie: server.cookie });
    expect(written.status).toBe(201);
    const { postId } = written.body as { postId: number };
    const html = await (await fetch(`${server.baseURL}/newsDetail/${postId}`)).text();
    const image = metaOf(html, "og:image")!;
    expect(image).toMatch(new RegExp(`/share/news/${postId}\\.jpg\\?v=[0-9a-f]{16}$`));
    const response = await fetch(image);
    expect(response.status).toBe(200);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect((await fetch(`${server.baseURL}/share/news/${postId}-en.jpg`)).status).toBe(200);

    const draft = await call(server, { method: "POST", path: "/api/we/writenews", body: { title: "비공개 소식", content: "<p>초안</p>", status: "draft" }, cookie: server.cookie });
    const draftId = (draft.body as { postId: number }).postId;
    for (const path of [`/share/news/${draftId}.jpg`, `/share/notice/${postId}.jpg`, "/share/artist/999999.jpg", "/share/people/1.jpg", "/share/artist/01.jpg", "/share/artist/1.png"]) {
      expect((await fetch(server.baseURL + path)).status, path).toBe(404);
    }
  });
});
