import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artistImages, artists, auditLog, posts } from "../../../drizzle/schema";
import { emptyArtistFields, type ArtistFields } from "../../../app/domain/artist-fields";
import { getArtist } from "../../../app/server/artists/artist-queries.server";
import { deleteArtist, saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { uploadImage } from "../../../app/server/media/upload-image.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { getPost, getPostForPage } from "../../../app/server/posts/post-queries.server";
import { deletePost, savePost } from "../../../app/server/posts/post-use-cases.server";
import { useTestDatabase } from "../../setup/test-database";

const ADMIN: Actor = { staffId: null, via: "system" };
const fields = (name: string, nameEn = "E"): ArtistFields => ({ ...emptyArtistFields(), name, nameEn, height: "170", education: ["학교"], films: ["영화"] });
const artistInput = (f: ArtistFields, imageUrls: string[] = []) => ({ ...f, imageUrls });

describe("the write use cases (save and delete artists and posts)", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const photo = async (c: string) =>
    (await uploadImage(database.services, ADMIN, await sharp({ create: { width: 300, height: 400, channels: 3, background: c } }).jpeg().toBuffer())).url;
  const auditRows = async (entity: string) => database.db.select().from(auditLog).where(eq(auditLog.entity, entity));

  it("saves an artist with its images in order, and updates them together", async () => {
    const urls = [await photo("#100"), await photo("#200"), await photo("#300")];
    const created = await saveArtist(database.services, ADMIN, { existingName: null, input: artistInput(fields("저장배우"), urls), status: "public", displayOrder: null, expectedVersion: null });
    expect(created).toMatchObject({ status: "saved", version: 1, created: true });
    expect((await getArtist(database.db, "저장배우"))!.images.map((i) => i.url)).toEqual(urls);

    const updated = await saveArtist(database.services, ADMIN, {
      existingName: "저장배우",
      input: artistInput(fields("저장배우", "UPDATED"), [urls[2]!, urls[0]!]),
      status: "hidden",
      displayOrder: 7,
      expectedVersion: 1,
    });
    expect(updated).toMatchObject({ status: "saved", version: 2, created: false });
    const artist = await getArtist(database.db, "저장배우", "workspace");
    expect(artist).toMatchObject({ nameEn: "UPDATED", status: "hidden", displayOrder: 7, version: 2 });
    expect(artist!.images.map((i) => i.url)).toEqual([urls[2], urls[0]]);
    // Hidden now: not on the public roster.
    expect(await getArtist(database.db, "저장배우")).toBeNull();
  });

  it("a stale version is a conflict and changes nothing", async () => {
    const result = await saveArtist(database.services, ADMIN, { existingName: "저장배우", input: artistInput(fields("저장배우", "STALE")), status: "public", displayOrder: null, expectedVersion: 1 });
    expect(result).toEqual({ status: "conflict", version: 2 });
    const artist = await getArtist(database.db, "저장배우", "workspace");
    expect(artist!.nameEn).toBe("UPDATED");
    expect(artist!.images).toHaveLength(2);
  });

  it("refuses invalid input, a duplicate name (hidden artists included) and unknown image URLs, leaving no half-saved artist", async () => {
    const invalid = await saveArtist(database.services, ADMIN, { existingName: null, input: { name: "", socialLink: "javascript:alert(1)" }, status: "public", displayOrder: -1, expectedVersion: null });
    expect(invalid).toEqual({
      status: "invalid",
      errors: { name: "이름을 입력해 주세요.", socialLink: "SNS 주소는 http:// 또는 https://로 시작하는 주소여야 합니다.", displayOrder: "표시 순서는 0 이상의 정수로 입력해 주세요." },
    });
    expect(await saveArtist(database.services, ADMIN, { existingName: null, input: artistInput(fields("저장배우")), status: "public", displayOrder: null, expectedVersion: null })).toEqual({
      status: "duplicate-name",
      inTrash: false,
    });
    const unknown = await saveArtist(database.services, ADMIN, {
      existingName: null,
      input: artistInput(fields("이미지없음"), ["https://evil.example/x.jpg"]),
      status: "public",
      displayOrder: null,
      expectedVersion: null,
    });
    expect(unknown).toEqual({ status: "unknown-image", url: "https://evil.example/x.jpg" });
    expect(await database.db.select().from(artists).where(eq(artists.name, "이미지없음"))).toHaveLength(0);
  });

  it("renaming onto another artist's name is refused and the images stay as they were (one transaction)", async () => {
    const url = await photo("#400");
    await saveArtist(database.services, ADMIN, { existingName: null, input: artistInput(fields("다른배우"), [url]), status: "public", displayOrder: null, expectedVersion: null });
    const before = (await database.db.select({ n: count() }).from(artistImages))[0]!.n;
    const auditsBefore = (await auditRows("artist")).length;
    const result = await saveArtist(database.services, ADMIN, { existingName: "다른배우", input: artistInput(fields("저장배우")), status: "public", displayOrder: null, expectedVersion: 1 });
    expect(result).toEqual({ status: "duplicate-name", inTrash: false });
    expect((await database.db.select({ n: count() }).from(artistImages))[0]!.n).toBe(before);
    expect((await getArtist(database.db, "다른배우"))!.images.map((i) => i.url)).toEqual([url]);
    // The audit entry was part of the rolled-back transaction.
    expect(await auditRows("artist")).toHaveLength(auditsBefore);
  });

  it("post updates check the version: the stale save is a conflict, nothing is overwritten", async () => {
    const created = await savePost(database.services, ADMIN, { kind: "news", postId: null, title: "원래", content: "<p>원래</p>", expectedVersion: null });
    if (created.status !== "saved") throw new Error(created.status);
    const { postId } = created;
    const save = (kind: "news" | "notice", title: string, version: number) =>
      savePost(database.services, ADMIN, { kind, postId, title, content: `<p>${title}</p>`, expectedVersion: version });
    expect(await save("news", "첫 수정", 1)).toMatchObject({ status: "saved", version: 2 });
    expect(await save("news", "늦은 수정", 1)).toEqual({ status: "conflict", version: 2 });
    expect((await getPost(database.db, "news", postId))!.title).toBe("첫 수정");
    expect(await save("notice", "x", 2)).toEqual({ status: "not-found" });
  });

  it("validates posts with the editor's messages: no title, no content, tags only", async () => {
    expect(await savePost(database.services, ADMIN, { kind: "notice", postId: null, title: " ", content: "<p>본문</p>", expectedVersion: null })).toEqual({
      status: "invalid",
      errors: { title: "제목을 입력해 주세요." },
    });
    expect(await savePost(database.services, ADMIN, { kind: "notice", postId: null, title: "제목", content: "<p><script>x()</script></p>", expectedVersion: null })).toEqual({
      status: "invalid",
      errors: { content: "내용을 입력해 주세요." },
    });
    expect(await savePost(database.services, ADMIN, { kind: "notice", postId: null, title: 42, content: null, expectedVersion: null })).toMatchObject({ status: "invalid" });
  });

  it("sanitizes once on write and stores the derived forms: text, preview, description, first image, rendered HTML", async () => {
    const image = await photo("#567");
    const text = "가".repeat(450);
    const result = await savePost(database.services, ADMIN, {
      kind: "notice",
      postId: null,
      title: "파생 필드",
      content: `<p onclick="x()"><strong>${text}</strong><script>alert(1)</script></p><p><img src="${image}"></p>`,
      expectedVersion: null,
    });
    if (result.status !== "saved") throw new Error(result.status);
    const [row] = await database.db.select().from(posts).where(eq(posts.id, result.postId));
    expect(row!.content).toBe(`<p><strong>${text}</strong></p><p><img src="${image}" /></p>`);
    expect(row!.contentText).toBe(text);
    expect(row!.preview).toBe(`${"가".repeat(200)}...`);
    expect(row!.description).toBe("가".repeat(150));
    expect(row!.firstImage).toBe(image);
    expect(row!.thumbnail).toMatch(/^\/media\/.+-\d+\.webp$/);
    expect(row!.renderedContent).toMatch(/<img src="[^"]+" width="300" height="400" srcset="[^"]+ \d+w/);
    const page = await getPostForPage(database.db, "notice", result.postId);
    expect(page).toMatchObject({ renderedContent: row!.renderedContent, description: row!.description, firstImage: image });
  });

  it("every write records its audit entry and announces one change with the paths it touched; uploads announce nothing", async () => {
    database.services.announced.length = 0;
    await photo("#890");
    expect(database.services.announced).toEqual([]);
    const uploads = await auditRows("media");
    expect(uploads.at(-1)).toMatchObject({ action: "upload", details: { via: "system" } });

    const saved = await savePost(database.services, { staffId: null, via: "token", tokenId: 9 }, { kind: "news", postId: null, title: "알림", content: "<p>알림</p>", expectedVersion: null });
    if (saved.status !== "saved") throw new Error(saved.status);
    expect(database.services.announced).toHaveLength(1);
    expect(database.services.announced[0]).toMatchObject({ entity: "post", action: "created", ids: [String(saved.postId)], origin: "local" });
    expect(database.services.announced[0]!.paths).toEqual(expect.arrayContaining(["/pr", "/news", `/newsDetail/${saved.postId}`, "/api/we/newslist", "/sitemap.xml", "/news/rss.xml", "/en/news/rss.xml"]));
    expect((await auditRows("news")).at(-1)).toMatchObject({ action: "create", entityId: String(saved.postId), details: { via: "token", tokenId: 9 } });

    expect(await deletePost(database.services, ADMIN, { kind: "news", postId: saved.postId })).toBe(true);
    expect(database.services.announced[1]).toMatchObject({ entity: "post", action: "deleted", ids: [String(saved.postId)] });
    expect(await deletePost(database.services, ADMIN, { kind: "news", postId: saved.postId })).toBe(false);
    expect(database.services.announced).toHaveLength(2);

    expect(await deleteArtist(database.services, ADMIN, "다른배우")).toBe(true);
    expect(database.services.announced[2]).toMatchObject({ entity: "artist", action: "deleted", ids: ["다른배우"] });
    expect(database.services.announced[2]!.paths).toEqual(expect.arrayContaining(["/", "/artist", `/artist/${encodeURIComponent("다른배우")}`, "/api/we/actorList"]));
    expect((await auditRows("artist")).at(-1)).toMatchObject({ action: "trash", details: { name: "다른배우" } });
    // Failed writes announce nothing.
    await saveArtist(database.services, ADMIN, { existingName: "없는배우", input: artistInput(fields("없는배우")), status: null, displayOrder: null, expectedVersion: null });
    expect(database.services.announced).toHaveLength(3);
  });
});
