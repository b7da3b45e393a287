import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artists, posts } from "../../../drizzle/schema";
import { emptyArtistFields } from "../../../app/domain/artist-fields";
import { getArtist, listArtists, pickHomeCarouselImages } from "../../../app/server/artists/artist-queries.server";
import { saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { storeImage } from "../../../app/server/media/media.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { getPost, listPosts } from "../../../app/server/posts/post-queries.server";
import { savePost } from "../../../app/server/posts/post-use-cases.server";
import { listSitemapEntries } from "../../../app/routes/sitemap.server";
import { useTestDatabase } from "../../setup/test-database";

const SYSTEM: Actor = { staffId: null, via: "system" };
const fields = (name: string) => ({ ...emptyArtistFields(), name, nameEn: name.toUpperCase() });

describe("the public pages' queries", () => {
  const database = useTestDatabase({ beforeAll, afterAll });
  const photo = (color: string) =>
    sharp({ create: { width: 600, height: 800, channels: 3, background: color } }).jpeg().toBuffer();

  const createArtist = async (name: string, images: { url: string }[]) => {
    const result = await saveArtist(database.services, SYSTEM, { existingName: null, input: { ...fields(name), imageUrls: images.map((i) => i.url) }, status: null, displayOrder: null, expectedVersion: null });
    if (result.status !== "saved") throw new Error(result.status);
    return result;
  };
  const createPost = async (input: { kind: "news" | "notice"; title: string; content: string; writeDay: string }) => {
    const result = await savePost(database.services, SYSTEM, { ...input, postId: null, expectedVersion: null });
    if (result.status !== "saved") throw new Error(result.status);
    return result;
  };

  describe("artists", () => {
    it("lists visible artists in display order with their images, main first", async () => {
      const { db } = database;
      const red = await storeImage(db, database.storage, await photo("#f00"));
      const green = await storeImage(db, database.storage, await photo("#0f0"));
      const blue = await storeImage(db, database.storage, await photo("#00f"));
      await createArtist("가수민", [red, green]);
      await createArtist("나도윤", [blue]);
      const hidden = await createArtist("다숨김", []);
      await db.update(artists).set({ status: "hidden" }).where(eq(artists.id, hidden.id));

      const roster = await listArtists(db);
      expect(roster.map((a) => a.name)).toEqual(["가수민", "나도윤"]);
      expect(roster[0]!.images.map((i) => i.url)).toEqual([red.url, green.url]);
      expect(roster[0]!.images[0]!.variants.length).toBeGreaterThan(0);

      // Reordering moves them.
      await db.update(artists).set({ displayOrder: 0 }).where(eq(artists.name, "나도윤"));
      expect((await listArtists(db)).map((a) => a.name)).toEqual(["나도윤", "가수민"]);
    });

    it("finds an artist by Korean name, but not a hidden one", async () => {
      expect((await getArtist(database.db, "가수민"))?.nameEn).toBe("가수민".toUpperCase());
      expect(await getArtist(database.db, "다숨김")).toBeNull();
      expect(await getArtist(database.db, "없는사람")).toBeNull();
    });

    it("picks the home carousel's images: every main image first, then the others", async () => {
      const roster = await listArtists(database.db);
      const picked = pickHomeCarouselImages(roster, 10);
      expect(picked.map((p) => p.artist.name)).toEqual(["나도윤", "가수민", "가수민"]);
      expect(pickHomeCarouselImages(roster, 2)).toHaveLength(2);
    });
  });

  describe("posts", () => {
    it("pages five at a time, newest first; a page past the end shows the last page", async () => {
      const { db } = database;
      for (let day = 1; day <= 12; day++) {
        await createPost({ kind: "news", title: `소식 ${day}`, content: `<p>본문 ${day}</p>`, writeDay: `2026-03-${String(day).padStart(2, "0")}` });
      }
      await createPost({ kind: "notice", title: "공지", content: "<p>공지 본문</p>", writeDay: "2026-03-20" });

      const first = await listPosts(db, "news", 1);
      expect(first.total).toBe(12);
      expect(first.pageCount).toBe(3);
      expect(first.items.map((p) => p.title)).toEqual(["소식 12", "소식 11", "소식 10", "소식 9", "소식 8"]);
      expect(first.items[0]!.writeDay).toBe("2026-03-12");
      const last = await listPosts(db, "news", 3);
      expect(last.items.map((p) => p.title)).toEqual(["소식 2", "소식 1"]);
      expect((await listPosts(db, "news", 99)).page).toBe(3);
      expect((await listPosts(db, "notice", 1)).items.map((p) => p.title)).toEqual(["공지"]);
    });

    it("previews: tags stripped, long text cut to 200 characters plus an ellipsis, first image as thumbnail", async () => {
      const { db } = database;
      const image = await storeImage(db, database.storage, await photo("#888"));
      const long = "가".repeat(450);
      const { postId } = await createPost({
        kind: "notice",
        title: "긴 공지",
        content: `<p><strong>${long}</strong></p><p><img src="${image.url}"></p>`,
        writeDay: "2026-04-01",
      });
      const item = (await listPosts(db, "notice", 1)).items.find((p) => p.postId === postId)!;
      expect(item.preview).toBe(`${"가".repeat(200)}...`);
      // The thumbnail is the smallest stored variant of that image.
      expect(item.thumbnail).toBe(image.variants[0]!.url);

      const short = (await listPosts(db, "notice", 1)).items.find((p) => p.title === "공지")!;
      expect(short.preview).toBe("공지 본문");
      expect(short.thumbnail).toBeNull();
    });

    it("stores sanitized HTML, and a notice's id is not found as news", async () => {
      const { db } = database;
      const { postId } = await createPost({
        kind: "notice",
        title: "스크립트",
        content: '<p onclick="x()">안녕<script>alert(1)</script></p>',
        writeDay: "2026-04-02",
      });
      const [stored] = await db.select().from(posts).where(eq(posts.id, postId));
      expect(stored!.content).toBe("<p>안녕</p>");
      expect((await getPost(db, "notice", postId))?.title).toBe("스크립트");
      expect(await getPost(db, "news", postId)).toBeNull();
    });

    it("lists every public page in the sitemap", async () => {
      const entries = (await listSitemapEntries(database.db)).map((e) => e.path);
      expect(entries).toEqual(expect.arrayContaining(["/", "/company", "/artist", "/audition", "/pr", "/news", "/notice", "/privacy"]));
      expect(entries).toContain(`/artist/${encodeURIComponent("가수민")}`);
      expect(entries).not.toContain(`/artist/${encodeURIComponent("다숨김")}`);
      expect(entries.filter((p) => p.startsWith("/newsDetail/"))).toHaveLength(12);
    });
  });
});
