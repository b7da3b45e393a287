import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ARTIST_LIST_FIELDS, ARTIST_TEXT_FIELDS } from "../../../../app/domain/artist-fields";
import { HANGUL, ZOD_ENGLISH } from "../../../fixtures/korean-messages";
import { useAppServer } from "../../../setup/app-server";
import { testEngine } from "../../../setup/test-database";
import { call } from "../../../setup/site-requests";

const ARTIST_FIELDS = [...ARTIST_TEXT_FIELDS.map((f) => f.key), ...ARTIST_LIST_FIELDS, "imgList", "en", "version"];
const POST_FIELDS = ["title", "content", "titleEn", "contentEn", "version", "status", "publishAt"];

/** Any JSON a client could send in a field: scalars, lists, objects, nested. */
const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom("", " ", "draft", "2026-12-01T09:00:00+09:00", "\u200B", ".", "[]", "{}", "가".repeat(300)));
/** An object with some of the route's fields (and an English profile of random shape), each any JSON. */
const bodyOf = (fields: string[]) =>
  fc.oneof(
    fc.dictionary(fc.constantFrom(...fields), anyJson, { maxKeys: fields.length }),
    fc.record({ name: fc.string(), en: fc.oneof(anyJson, fc.dictionary(fc.constantFrom("birthday", ...ARTIST_LIST_FIELDS), anyJson)) }),
    fc.record({ title: fc.string(), content: fc.string(), publishAt: fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), anyJson) }),
    fc.jsonValue({ maxDepth: 2 }),
  );

describe(`every API write answers in Korean, whatever JSON it gets (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  const ids = { news: 0, notice: 0 };
  beforeAll(async () => {
    await call(server, { method: "POST", path: "/api/we/addactor", body: { name: "기존배우" }, cookie: server.cookie });
    for (const kind of ["news", "notice"] as const) {
      const created = await call(server, { method: "POST", path: `/api/we/write${kind}`, body: { title: "기존 글", content: "<p>x</p>" }, cookie: server.cookie });
      ids[kind] = (created.body as { postId: number }).postId;
    }
  });

  const routes = (): [string, string, string[]][] => [
    ["POST", "/api/we/addactor", ARTIST_FIELDS],
    ["PUT", `/api/we/updateactor/${encodeURIComponent("기존배우")}`, ARTIST_FIELDS],
    ["PUT", `/api/we/updateactor/${encodeURIComponent("없는배우")}`, ARTIST_FIELDS],
    ["POST", "/api/we/writenews", POST_FIELDS],
    ["POST", "/api/we/writenotice", POST_FIELDS],
    ["PUT", `/api/we/updatenews/${ids.news}`, POST_FIELDS],
    ["PUT", `/api/we/updatenotice/${ids.notice}`, POST_FIELDS],
    ["PUT", "/api/we/updatenews/999999", POST_FIELDS],
  ];

  it("random JSON shapes at every write route: each refusal's message is Korean, none is zod's English", async () => {
    const seen = new Set<string>();
    const requests = fc.oneof(...routes().map(([method, path, fields]) => fc.tuple(fc.constant(method), fc.constant(path), bodyOf(fields))));
    await fc.assert(
      fc.asyncProperty(requests, async ([method, path, body]) => {
        const result = await call(server, { method, path, body, cookie: server.cookie });
        const label = `${method} ${path} ${JSON.stringify(body)} → ${result.status} ${JSON.stringify(result.body)}`;
        expect(result.status, label).toBeLessThan(500);
        if (result.status >= 400) {
          const message = (result.body as { error: { message: string } }).error.message;
          expect(message, label).toMatch(HANGUL);
          expect(message, label).not.toMatch(ZOD_ENGLISH);
          seen.add(message.replace(/^[\w.]+: /, ""));
        }
        // Keep the update target's name for the next runs if a valid body renamed it.
        if (path.includes("updateactor") && result.status === 200) {
          const renamed = (result.body as { name: string }).name;
          if (renamed !== "기존배우") await call(server, { method: "PUT", path: `/api/we/updateactor/${encodeURIComponent(renamed)}`, body: { name: "기존배우" }, cookie: server.cookie });
        }
      }),
      { numRuns: 400 },
    );
    // The property met many different refusals, not one message over and over.
    expect(seen.size).toBeGreaterThan(10);
  }, 240_000);

  it("bodies that are not JSON objects, and JSON that is not JSON, are refused in Korean too", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes()), fc.oneof(fc.jsonValue().map((v) => JSON.stringify(v)), fc.string()), async ([method, path], raw) => {
        const result = await call(server, { method, path, rawBody: raw, cookie: server.cookie, headers: { "Content-Type": "application/json" } });
        if (result.status >= 400) {
          const message = (result.body as { error: { message: string } }).error.message;
          expect(message, `${path} ${raw}`).toMatch(HANGUL);
          expect(message, `${path} ${raw}`).not.toMatch(ZOD_ENGLISH);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
