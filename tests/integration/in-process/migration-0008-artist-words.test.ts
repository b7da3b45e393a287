import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useEmptyDatabaseClient } from "../../setup/test-database";

describe("migration 0008: the JSON kept under field names follows the domain's words", () => {
  const empty = useEmptyDatabaseClient({ beforeAll, afterAll });

  it("renames the keys of artists' English profiles and of artist revisions, and nothing of posts'", async () => {
    await empty.client.query(`
      create table artists (id int, en jsonb);
      create table revisions (entity text, snapshot jsonb, changed_fields jsonb);
      insert into artists values (1, '{"birthday":"x","winList":["a"],"movieList":["m"]}'), (2, '{}');
      insert into revisions values
        ('artist', '{"name":"n","ename":"E","cm":"170","imgList":["/m"],"en":{"schoolList":["s"]},"status":"public"}', '["cm","winList","en","name"]'),
        ('post', '{"title":"t","cm":"x"}', '["title","cm"]');`);
    for (const statement of fs.readFileSync("migrations/0008_artist_words.sql", "utf8").split("--> statement-breakpoint")) await empty.client.query(statement);
    const artists = (await empty.client.query<{ en: object }>("select en from artists order by id")).rows.map((row) => row.en);
    expect(artists).toEqual([{ birthday: "x", awards: ["a"], films: ["m"] }, {}]);
    const [artist, post] = (await empty.client.query<{ snapshot: object; changed_fields: string[] }>("select snapshot, changed_fields from revisions order by entity")).rows;
    expect(artist).toEqual({
      snapshot: { name: "n", nameEn: "E", height: "170", imageUrls: ["/m"], en: { education: ["s"] }, status: "public" },
      changed_fields: ["height", "awards", "en", "name"],
    });
    expect(post).toEqual({ snapshot: { title: "t", cm: "x" }, changed_fields: ["title", "cm"] });
  });
});
