import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { apiArtistInputSchema, artistInputFromApi, seedNameOf } from "../../app/server/api/api-shapes.server";
import { artistInputSchema } from "../../app/domain/schemas";

describe("the artist in the domain's words, and in the original API's", () => {
  it("an API body becomes the use case's input, lists and the English profile included", () => {
    const body = apiArtistInputSchema.parse({
      name: "한서윤",
      ename: "HAN SEO YUN",
      cm: "168",
      insta: "https://instagram.example/seoyun/",
      winList: JSON.stringify(["2025 신인상"]),
      hobbyList: ["현대무용"],
      imgList: ["/media/a.jpg"],
      en: { birthday: "March 14, 1995", schoolList: ["Korea National University of Arts"] },
      version: 3,
    });
    const { version: _version, ...rest } = body;
    const input = artistInputSchema.parse(artistInputFromApi(rest));
    expect(input).toMatchObject({
      name: "한서윤",
      nameEn: "HAN SEO YUN",
      height: "168",
      socialLink: "https://instagram.example/seoyun/",
      awards: ["2025 신인상"],
      specialSkills: ["현대무용"],
      films: [],
      imageUrls: ["/media/a.jpg"],
      en: { birthday: "March 14, 1995", education: ["Korea National University of Arts"] },
    });
    expect(artistInputFromApi({ ...rest, en: undefined })).not.toHaveProperty("en");
  });

  it("names a domain field as the API's client knows it", () => {
    expect(seedNameOf("height")).toBe("cm");
    expect(seedNameOf("en.awards")).toBe("en.winList");
    expect(seedNameOf("imageUrls")).toBe("imgList");
    expect(seedNameOf("displayOrder")).toBe("displayOrder");
  });
});

describe("migration 0008: the JSON kept under field names follows the domain's words", () => {
  const client = new PGlite();
  afterAll(() => client.close());

  // PGlite boots a WebAssembly PostgreSQL: seconds on a busy machine.
  it("renames the keys of artists' English profiles and of artist revisions, and nothing of posts'", { timeout: 60_000 }, async () => {
    await client.exec(`
      create table artists (id int, en jsonb);
      create table revisions (entity text, snapshot jsonb, changed_fields jsonb);
      insert into artists values (1, '{"birthday":"x","winList":["a"],"movieList":["m"]}'), (2, '{}');
      insert into revisions values
        ('artist', '{"name":"n","ename":"E","cm":"170","imgList":["/m"],"en":{"schoolList":["s"]},"status":"public"}', '["cm","winList","en","name"]'),
        ('post', '{"title":"t","cm":"x"}', '["title","cm"]');`);
    for (const statement of fs.readFileSync("migrations/0008_artist_words.sql", "utf8").split("--> statement-breakpoint")) await client.exec(statement);
    const artists = (await client.query<{ en: object }>("select en from artists order by id")).rows.map((row) => row.en);
    expect(artists).toEqual([{ birthday: "x", awards: ["a"], films: ["m"] }, {}]);
    const [artist, post] = (await client.query<{ snapshot: object; changed_fields: string[] }>("select snapshot, changed_fields from revisions order by entity")).rows;
    expect(artist).toEqual({
      snapshot: { name: "n", nameEn: "E", height: "170", imageUrls: ["/m"], en: { education: ["s"] }, status: "public" },
      changed_fields: ["height", "awards", "en", "name"],
    });
    expect(post).toEqual({ snapshot: { title: "t", cm: "x" }, changed_fields: ["title", "cm"] });
  });
});
