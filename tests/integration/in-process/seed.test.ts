import { count, eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artists, media, mediaVariants, postMedia, posts } from "../../../drizzle/schema";
import { listArtists } from "../../../app/server/artists/artist-queries.server";
import { listPosts } from "../../../app/server/posts/post-queries.server";
import { seedDemoContent } from "../../../app/server/seed/seed.server";
import { DEMO_ARTISTS, DEMO_NEWS, DEMO_NOTICES } from "../../../app/server/seed/demo-content.server";
import { createTestDatabase, silentLogger, useTestDatabase } from "../../setup/test-database";

describe("demo content seeding", () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("fills an empty database with artists, news and notices, images stored as files", async () => {
    const { db } = database;
    expect(await seedDemoContent({ db, storage: database.storage, logger: silentLogger })).toBe("seeded");

    const roster = await listArtists(db);
    expect(roster.length).toBe(DEMO_ARTISTS.length);
    expect(roster.length).toBeGreaterThanOrEqual(8);
    for (const artist of roster) {
      expect(artist.images.length).toBeGreaterThanOrEqual(3);
      expect(artist.images.length).toBeLessThanOrEqual(5);
      for (const list of [artist.schoolList, artist.winList, artist.hobbyList, artist.movieList, artist.dramaList, artist.playList, artist.cfList, artist.bookList]) {
        expect(list.length).toBeGreaterThan(0);
      }
      const main = artist.images[0]!;
      expect(main.height).toBeGreaterThan(main.width); // portrait-shaped
      expect(fs.existsSync(path.join(database.storage.root, main.url.replace(/^\/media\//, "")))).toBe(true);
      expect(main.variants.length).toBeGreaterThan(0);
    }

    const news = await listPosts(db, "news", 1);
    const notices = await listPosts(db, "notice", 1);
    expect(news.total).toBe(DEMO_NEWS.length);
    expect(notices.total).toBe(DEMO_NOTICES.length);
    expect(news.total).toBeGreaterThanOrEqual(12);
    expect(notices.total).toBeGreaterThanOrEqual(12);

    const [variantCount] = await db.select({ n: count() }).from(mediaVariants);
    expect(variantCount!.n).toBeGreaterThan(0);
    const stored = await db.select({ content: posts.content }).from(posts);
    const withImages = stored.filter((p) => /<img src="\/media\/[^"]+"/.test(p.content));
    expect(withImages.length).toBeGreaterThanOrEqual(4);
    expect(stored.some((p) => p.content.includes("{{IMAGE}}"))).toBe(false);
  }, 90_000);

  it("seeds English profiles and posts for the English pages", async () => {
    const { db } = database;
    const roster = await listArtists(db);
    const byName = new Map(roster.map((a) => [a.name, a]));
    expect(byName.get("한서윤")!.en.birthday).toBe("March 14, 1994");
    expect(byName.get("윤도겸")!.en.movieList?.length).toBe(DEMO_ARTISTS.find((a) => a.name === "윤도겸")!.movieList.length);
    // 차은설's is partial, so her English page shows some lists in Korean.
    expect(Object.keys(byName.get("차은설")!.en).sort()).toEqual(["birthday", "dramaList", "schoolList"]);
    for (const demo of DEMO_ARTISTS) expect(byName.get(demo.name)!.en).toEqual(demo.en ?? {});

    const englishDemo = [...DEMO_NEWS, ...DEMO_NOTICES].filter((p) => p.titleEn);
    expect((await listPosts(db, "news", 1, "en")).total).toBe(DEMO_NEWS.filter((p) => p.titleEn).length);
    expect((await listPosts(db, "notice", 1, "en")).total).toBe(DEMO_NOTICES.filter((p) => p.titleEn).length);
    const rows = await db.select().from(posts);
    const links = await db.select().from(postMedia);
    const withEnglish = rows.filter((r) => r.titleEn !== "");
    expect(withEnglish.map((r) => r.titleEn).sort()).toEqual(englishDemo.map((p) => p.titleEn).sort());
    for (const row of withEnglish) {
      expect(row.contentEn).not.toContain("{{IMAGE}}");
      expect(row.contentTextEn).not.toBe("");
      expect(row.previewEn).not.toBe("");
      expect(row.descriptionEn).not.toBe("");
      expect(row.renderedContentEn).toMatch(/^<p>/);
      if (row.firstImage) {
        // The same stored photo as the Korean version, rendered with its variants, and kept in post_media.
        expect(row.renderedContentEn).toContain(`src="${row.firstImage}"`);
        expect(row.renderedContentEn).toContain("srcset=");
        expect(links.filter((l) => l.postId === row.id)).toHaveLength(1);
      }
    }
    expect(withEnglish.filter((r) => r.firstImage).length).toBeGreaterThanOrEqual(3);
    for (const row of rows.filter((r) => r.titleEn === "")) {
      expect([row.contentEn, row.contentTextEn, row.previewEn, row.descriptionEn, row.renderedContentEn]).toEqual(["", "", "", "", ""]);
    }
  });

  it("does not seed twice, and never brings back content the administrator deleted", async () => {
    const { db } = database;
    expect(await seedDemoContent({ db, storage: database.storage, logger: silentLogger })).toBe("already-seeded");
    await db.delete(posts);
    await db.delete(artists);
    expect(await seedDemoContent({ db, storage: database.storage, logger: silentLogger })).toBe("already-seeded");
    const [a] = await db.select({ n: count() }).from(artists);
    expect(a!.n).toBe(0);
  });

  it("leaves a database that already has content alone", async () => {
    const other = await createTestDatabase();
    try {
      await other.db.insert(posts).values({ kind: "news", title: "기존 소식", content: "<p>본문</p>", writeDay: "2026-01-02" });
      expect(await seedDemoContent({ db: other.db, storage: database.storage, logger: silentLogger })).toBe("not-empty");
      const [m] = await other.db.select({ n: count() }).from(media);
      expect(m!.n).toBe(0);
      const rows = await other.db.select().from(posts).where(eq(posts.kind, "news"));
      expect(rows.map((r) => r.title)).toEqual(["기존 소식"]);
    } finally {
      await other.destroy();
    }
  });
});
