import { sql } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artistImages, artists, media, posts } from "../../../drizzle/schema";
import { findMigrationsFolder } from "../../../app/server/platform/db.server";
import { queryRows } from "../../setup/sql-rows";
import { testEngine, useTestDatabase } from "../../setup/test-database";

describe(`schema from the migrations (${testEngine()})`, () => {
  const database = useTestDatabase({ beforeAll, afterAll });

  it("has every table of the product", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const names = rows.map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        "admin_users",
        "api_tokens",
        "artist_images",
        "artists",
        "audit_log",
        "login_attempts",
        "media",
        "media_variants",
        "posts",
        "sessions",
        "site_settings",
      ]),
    );
  });

  it("applying the migrations again changes nothing", async () => {
    await database.handle.migrate();
    const rows = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(fs.readFileSync(path.join(findMigrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    expect(rows[0]!.n).toBe(journal.entries.length);
  });

  it("refuses a second artist with the same name", async () => {
    await database.db.insert(artists).values({ name: "중복테스트" });
    await expect(database.db.insert(artists).values({ name: "중복테스트" })).rejects.toThrow();
  });

  it("keeps at most five image positions per artist (0-4)", async () => {
    const [artist] = await database.db.insert(artists).values({ name: "사진테스트" }).returning();
    const [m] = await database.db
      .insert(media)
      .values({ storageKey: "2026/01/x.jpg", format: "jpeg", mimeType: "image/jpeg", width: 1, height: 1, bytes: 1, sha256: "x" })
      .returning();
    await database.db.insert(artistImages).values({ artistId: artist!.id, position: 4, mediaId: m!.id });
    await expect(database.db.insert(artistImages).values({ artistId: artist!.id, position: 5, mediaId: m!.id })).rejects.toThrow();
  });

  it("accepts only news and notice posts and gives them timestamps and a version", async () => {
    const [post] = await database.db
      .insert(posts)
      .values({ kind: "notice", title: "공지", content: "<p>내용</p>", writeDay: "2026-11-01" })
      .returning();
    expect(post!.version).toBe(1);
    expect(post!.createdAt).toBeInstanceOf(Date);
    await expect(
      database.db.execute(sql`insert into posts (kind, title, content, write_day) values ('blog', 't', 'c', '2026-01-01')`),
    ).rejects.toThrow();
  });
});
