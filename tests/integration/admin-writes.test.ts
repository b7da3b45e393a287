import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artistImages, artists } from "../../drizzle/schema";
import { getArtistForAdmin, saveArtist, type ArtistFields } from "../../app/server/artists/artists.server";
import { storeImage } from "../../app/server/media/media.server";
import { createPost, getPost, updatePost } from "../../app/server/posts/posts.server";
import { createTestDatabase, createTestStorage, type TestDatabase } from "../setup/test-database";

const lists = { schoolList: ["학교"], winList: [], hobbyList: [], movieList: ["영화"], dramaList: [], playList: [], cfList: [], bookList: [] };
const fields = (name: string, ename = "E"): ArtistFields => ({ name, ename, birthday: "", cm: "170", insta: "", ...lists });

describe("admin writes", () => {
  let database: TestDatabase;
  const storage = createTestStorage();
  const photo = async (c: string) =>
    (await storeImage(database.db, storage, await sharp({ create: { width: 300, height: 400, channels: 3, background: c } }).jpeg().toBuffer())).url;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.destroy();
    storage.cleanup();
  });

  it("saves an artist with its images in order, and updates them together", async () => {
    const urls = [await photo("#100"), await photo("#200"), await photo("#300")];
    const created = await saveArtist(database.db, { existingName: null, fields: fields("저장배우"), imageUrls: urls, isVisible: true, displayOrder: null, expectedVersion: 0 });
    expect(created).toMatchObject({ status: "saved", version: 1 });
    expect((await getArtistForAdmin(database.db, "저장배우"))!.images.map((i) => i.url)).toEqual(urls);

    const updated = await saveArtist(database.db, {
      existingName: "저장배우",
      fields: fields("저장배우", "UPDATED"),
      imageUrls: [urls[2]!, urls[0]!],
      isVisible: false,
      displayOrder: 7,
      expectedVersion: 1,
    });
    expect(updated).toMatchObject({ status: "saved", version: 2 });
    const artist = await getArtistForAdmin(database.db, "저장배우");
    expect(artist).toMatchObject({ ename: "UPDATED", isVisible: false, displayOrder: 7, version: 2 });
    expect(artist!.images.map((i) => i.url)).toEqual([urls[2], urls[0]]);
  });

  it("a stale version is a conflict and changes nothing", async () => {
    const result = await saveArtist(database.db, { existingName: "저장배우", fields: fields("저장배우", "STALE"), imageUrls: [], isVisible: true, displayOrder: null, expectedVersion: 1 });
    expect(result).toEqual({ status: "conflict", version: 2 });
    const artist = await getArtistForAdmin(database.db, "저장배우");
    expect(artist!.ename).toBe("UPDATED");
    expect(artist!.images).toHaveLength(2);
  });

  it("refuses a duplicate name and unknown image URLs, leaving no half-saved artist", async () => {
    expect(await saveArtist(database.db, { existingName: null, fields: fields("저장배우"), imageUrls: [], isVisible: true, displayOrder: null, expectedVersion: 0 })).toEqual({
      status: "duplicate-name",
    });
    const unknown = await saveArtist(database.db, {
      existingName: null,
      fields: fields("이미지없음"),
      imageUrls: ["https://evil.example/x.jpg"],
      isVisible: true,
      displayOrder: null,
      expectedVersion: 0,
    });
    expect(unknown).toEqual({ status: "unknown-image", url: "https://evil.example/x.jpg" });
    expect(await database.db.select().from(artists).where(eq(artists.name, "이미지없음"))).toHaveLength(0);
  });

  it("renaming onto another artist's name is refused and the images stay as they were (one transaction)", async () => {
    const url = await photo("#400");
    await saveArtist(database.db, { existingName: null, fields: fields("다른배우"), imageUrls: [url], isVisible: true, displayOrder: null, expectedVersion: 0 });
    const before = (await database.db.select({ n: count() }).from(artistImages))[0]!.n;
    const result = await saveArtist(database.db, { existingName: "다른배우", fields: fields("저장배우"), imageUrls: [], isVisible: true, displayOrder: null, expectedVersion: 1 });
    expect(result).toEqual({ status: "duplicate-name" });
    expect((await database.db.select({ n: count() }).from(artistImages))[0]!.n).toBe(before);
    expect((await getArtistForAdmin(database.db, "다른배우"))!.images.map((i) => i.url)).toEqual([url]);
  });

  it("post updates check the version: the stale save is a conflict, nothing is overwritten", async () => {
    const { postId } = await createPost(database.db, { kind: "news", title: "원래", content: "<p>원래</p>" });
    expect(await updatePost(database.db, "news", postId, { title: "첫 수정", content: "<p>a</p>" }, 1)).toMatchObject({ status: "saved", version: 2 });
    expect(await updatePost(database.db, "news", postId, { title: "늦은 수정", content: "<p>b</p>" }, 1)).toEqual({ status: "conflict", version: 2 });
    expect((await getPost(database.db, "news", postId))!.title).toBe("첫 수정");
    expect(await updatePost(database.db, "notice", postId, { title: "x", content: "<p>x</p>" }, 2)).toEqual({ status: "not-found" });
  });
});
