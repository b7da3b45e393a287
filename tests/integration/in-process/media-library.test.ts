import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, media, posts } from "../../../drizzle/schema";
import { emptyArtistFields } from "../../../app/domain/artist-fields";
import { getArtist, getArtistById } from "../../../app/server/artists/artist-queries.server";
import { deleteArtist, saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { listRevisions } from "../../../app/server/history/revisions.server";
import { getMediaItem, listMediaLibrary } from "../../../app/server/media/media-queries.server";
import { deleteMediaItem, updateMediaAlt } from "../../../app/server/media-library/media-use-cases.server";
import { uploadImage } from "../../../app/server/media/upload-image.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { getPostForPage } from "../../../app/server/posts/post-queries.server";
import { deletePost, savePost } from "../../../app/server/posts/post-use-cases.server";
import { testEngine, useTestDatabase } from "../../setup/test-database";

const ADMIN: Actor = { staffId: null, via: "session", label: "admin", ip: "203.0.113.9" };

describe(`media library: uses, alt text, delete with its uses (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const services = () => database.services;
  const fileOf = (url: string) => path.join(database.storage.root, url.replace(/^\/media\//, ""));
  const upload = async (color: string) => {
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: color } }).jpeg().toBuffer();
    return uploadImage(services(), ADMIN, bytes);
  };
  const savedArtist = async (name: string, imageUrls: string[]) => {
    const result = await saveArtist(services(), ADMIN, { existingName: null, input: { ...emptyArtistFields(), name, imageUrls }, status: null, displayOrder: null, expectedVersion: null });
    if (result.status !== "saved") throw new Error(result.status);
    return result;
  };
  const savedPost = async (title: string, content: string) => {
    const result = await savePost(services(), ADMIN, { kind: "news", postId: null, title, content, expectedVersion: null });
    if (result.status !== "saved") throw new Error(result.status);
    return result;
  };
  const auditOf = (action: string, id: number) =>
    database.db.select().from(auditLog).where(and(eq(auditLog.entity, "media"), eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

  it("lists every image newest first with where it is used, trashed posts marked, and filters by use", async () => {
    const shared = await upload("#a33");
    const unused = await upload("#3a3");
    const trashedOnly = await upload("#33a");
    const artist = await savedArtist("목록배우", [shared.url]);
    await savedPost("목록 소식", `<p>본문</p><p><img src="${shared.url}"></p>`);
    const gone = await savedPost("지운 소식", `<p>본문</p><p><img src="${trashedOnly.url}"></p>`);
    await deletePost(services(), ADMIN, { kind: "news", postId: gone.postId });

    const all = await listMediaLibrary(database.db, { filter: "all", page: 1 });
    expect(all.items.map((i) => i.id).slice(0, 3)).toEqual([trashedOnly.id, unused.id, shared.id]);
    const sharedItem = all.items.find((i) => i.id === shared.id)!;
    expect(sharedItem.uses).toEqual([
      { entity: "artist", id: artist.id, name: "목록배우", inTrash: false },
      expect.objectContaining({ entity: "post", kind: "news", title: "목록 소식", inTrash: false }),
    ]);
    // The thumbnail is the smallest variant.
    expect(sharedItem.thumbnail).toBe(shared.variants[0]!.url);
    expect(all.items.find((i) => i.id === trashedOnly.id)!.uses).toEqual([expect.objectContaining({ entity: "post", title: "지운 소식", inTrash: true })]);

    const used = await listMediaLibrary(database.db, { filter: "used", page: 1 });
    const notUsed = await listMediaLibrary(database.db, { filter: "unused", page: 1 });
    expect(used.items.map((i) => i.id)).toEqual(expect.arrayContaining([shared.id, trashedOnly.id]));
    expect(used.items.map((i) => i.id)).not.toContain(unused.id);
    expect(notUsed.items.map((i) => i.id)).toContain(unused.id);
    expect(notUsed.items.map((i) => i.id)).not.toContain(shared.id);
    expect(used.total + notUsed.total).toBe(all.total);

    // 40 per page.
    expect((await listMediaLibrary(database.db, { filter: "all", page: 1, pageSize: 2 })).pageCount).toBe(Math.ceil(all.total / 2));
  });

  it("updates the alt text with an audit entry; artist photos show it; more than 200 characters is refused", async () => {
    const image = await upload("#884");
    await savedArtist("대체배우", [image.url]);
    const before = services().announced.length;

    const saved = await updateMediaAlt(services(), ADMIN, { mediaId: image.id, alt: "  무대 인사 중인 대체배우  " });
    expect(saved).toEqual({ status: "saved", alt: "무대 인사 중인 대체배우" });
    expect((await getArtist(database.db, "대체배우"))!.images[0]!.alt).toBe("무대 인사 중인 대체배우");
    const [entry] = await auditOf("media-update", image.id);
    expect(entry!.details).toMatchObject({ alt: "무대 인사 중인 대체배우", before: "" });
    // One change event, naming the pages that show the artist.
    expect(services().announced).toHaveLength(before + 1);
    expect(services().announced.at(-1)).toMatchObject({ entity: "media", action: "updated", ids: [String(image.id)] });
    expect(services().announced.at(-1)!.paths).toContain(`/artist/${encodeURIComponent("대체배우")}`);

    const tooLong = await updateMediaAlt(services(), ADMIN, { mediaId: image.id, alt: "가".repeat(201) });
    expect(tooLong).toEqual({ status: "invalid", errors: { alt: "대체 텍스트는 200자 이하로 입력해 주세요." } });
    expect((await getMediaItem(database.db, image.id))!.alt).toBe("무대 인사 중인 대체배우");
    expect(await updateMediaAlt(services(), ADMIN, { mediaId: 999_999, alt: "없음" })).toEqual({ status: "not-found" });
  });

  it("refuses to delete an image in use without confirmation, naming its uses, and changes nothing", async () => {
    const image = await upload("#4aa");
    await savedArtist("홍길동", [image.url]);
    const post = await savedPost("캐스팅 소식", `<p>글</p><p><img src="${image.url}"></p>`);

    const result = await deleteMediaItem(services(), ADMIN, { mediaId: image.id, confirmed: false });
    expect(result).toMatchObject({ status: "in-use", message: "이 이미지는 배우 ‘홍길동’, 뉴스 ‘캐스팅 소식’에서 쓰고 있습니다." });
    expect(await getMediaItem(database.db, image.id)).not.toBeNull();
    expect(fs.existsSync(fileOf(image.url))).toBe(true);
    expect((await getPostForPage(database.db, "news", post.postId))!.renderedContent).toContain(image.url);
    expect(await auditOf("media-delete", image.id)).toHaveLength(0);
  });

  it("a confirmed delete takes the image out of posts and artists through their use cases, then deletes rows and files", async () => {
    const image = await upload("#a4a");
    const other = await upload("#aa4");
    const artist = await savedArtist("삭제배우", [other.url, image.url]);
    const post = await savedPost("사진 소식", `<p>앞 문단</p><p><img src="${image.url}" alt="x"></p><p>뒤 문단</p>`);
    const trashedArtist = await savedArtist("휴지통배우", [image.url]);
    await deleteArtist(services(), ADMIN, "휴지통배우");
    const artistRevisions = (await listRevisions(database.db, "artist", artist.id)).length;
    const postRevisions = (await listRevisions(database.db, "post", post.postId)).length;
    const files = [image.url, ...image.variants.map((v) => v.url)];
    expect(files.every((f) => fs.existsSync(fileOf(f)))).toBe(true);

    const result = await deleteMediaItem(services(), ADMIN, { mediaId: image.id, confirmed: true });
    expect(result).toMatchObject({ status: "deleted" });

    // The post: the <img> is gone from what is stored and from its public page; a new revision says so.
    const [row] = await database.db.select().from(posts).where(eq(posts.id, post.postId));
    expect(row!.content).not.toContain(image.url);
    expect(row!.content).toContain("앞 문단");
    expect(row!.content).toContain("뒤 문단");
    expect((await getPostForPage(database.db, "news", post.postId))!.renderedContent).not.toContain(image.url);
    expect(await listRevisions(database.db, "post", post.postId)).toHaveLength(postRevisions + 1);

    // The artist keeps the other photo; their public profile no longer shows it.
    const after = await getArtist(database.db, "삭제배우");
    expect(after!.images.map((m) => m.url)).toEqual([other.url]);
    expect(await listRevisions(database.db, "artist", artist.id)).toHaveLength(artistRevisions + 1);
    // The artist in the trash loses it too and stays in the trash.
    const trashed = await getArtistById(database.db, trashedArtist.id);
    expect(trashed!.images).toEqual([]);
    expect(trashed!.deletedAt).not.toBeNull();

    // Rows, files and the audit trail.
    expect(await database.db.select().from(media).where(eq(media.id, image.id))).toHaveLength(0);
    expect(files.some((f) => fs.existsSync(fileOf(f)))).toBe(false);
    const [entry] = await auditOf("media-delete", image.id);
    expect(entry!.details).toMatchObject({ removedFrom: expect.arrayContaining(["배우 ‘삭제배우’", "뉴스 ‘사진 소식’", "배우 ‘휴지통배우’"]) });
    expect(services().announced.at(-1)).toMatchObject({ entity: "media", action: "deleted", ids: [String(image.id)] });
  });

  it("deletes an unused image at once, and refuses one that is a post's only content", async () => {
    const unused = await upload("#999");
    expect(await deleteMediaItem(services(), ADMIN, { mediaId: unused.id, confirmed: false })).toEqual({ status: "deleted", removedFrom: [] });
    expect(fs.existsSync(fileOf(unused.url))).toBe(false);
    expect(await deleteMediaItem(services(), ADMIN, { mediaId: unused.id, confirmed: true })).toEqual({ status: "not-found" });

    const only = await upload("#555");
    const post = await savedPost("사진만 있는 소식", `<p><img src="${only.url}"></p>`);
    const result = await deleteMediaItem(services(), ADMIN, { mediaId: only.id, confirmed: true });
    expect(result).toMatchObject({ status: "blocked", message: "뉴스 ‘사진만 있는 소식’의 내용이 이 이미지뿐이라 뺄 수 없습니다. 글을 먼저 고치거나 삭제해 주세요." });
    expect(fs.existsSync(fileOf(only.url))).toBe(true);
    expect((await getPostForPage(database.db, "news", post.postId))!.renderedContent).toContain(only.url);
  });
});
