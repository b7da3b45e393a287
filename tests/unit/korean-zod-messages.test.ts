import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { auditionNotesSchema, auditionSelectionSchema, auditionStatusChangeSchema } from "../../app/domain/audition-review";
import { auditionFieldsSchema } from "../../app/domain/auditions";
import { ARTIST_LIST_FIELD_INFO, ARTIST_LIST_FIELDS, ARTIST_TEXT_FIELDS } from "../../app/domain/artist-fields";
import {
  artistEnglishSchema,
  artistInputSchema,
  displayOrderSchema,
  focalPointSchema,
  imageListSchema,
  listFieldSchema,
  loginSchema,
  mediaAltSchema,
  mediaFocalClickSchema,
  mediaFocalSchema,
  postEnglishInputSchema,
  postInputSchema,
} from "../../app/domain/schemas";
import { SETTINGS_FIELDS, siteSettingsInputSchema } from "../../app/domain/site-settings";
import { koreanZodMessage, z } from "../../app/domain/zod";
import { apiArtistInputSchema, apiPostInputSchema, versionSchema } from "../../app/server/api/api-shapes.server";
import { tokenNameSchema } from "../../app/server/auth/api-tokens.server";
import { HANGUL, ZOD_ENGLISH } from "../fixtures/korean-messages";


/** Every input schema with the keys its form (or API body) sends. */
const SCHEMAS: [string, z.ZodType, readonly string[]][] = [
  ["login", loginSchema, ["id", "password"]],
  ["post", postInputSchema, ["title", "content"]],
  ["post (English)", postEnglishInputSchema, ["titleEn", "contentEn"]],
  ["artist", artistInputSchema, [...ARTIST_TEXT_FIELDS.map((f) => f.key), ...ARTIST_LIST_FIELDS, "imageUrls", "en"]],
  ["artist (English)", artistEnglishSchema, ["birthday", ...ARTIST_LIST_FIELDS]],
  ["display order", displayOrderSchema, []],
  ["image list", imageListSchema, []],
  ["list field", listFieldSchema("학력"), []],
  ["media alt", mediaAltSchema, ["alt"]],
  ["focal point", focalPointSchema, ["x", "y"]],
  ["focal form", mediaFocalSchema, ["focalX", "focalY"]],
  ["focal click", mediaFocalClickSchema, ["focal.x", "focal.y", "boxWidth", "boxHeight"]],
  ["site settings", siteSettingsInputSchema, SETTINGS_FIELDS],
  ["API token name", tokenNameSchema, []],
  ["audition application", auditionFieldsSchema, Object.keys(auditionFieldsSchema.shape)],
  ["audition selection", auditionSelectionSchema, []],
  ["audition status", auditionStatusChangeSchema, ["status"]],
  ["audition notes", auditionNotesSchema, Object.keys(auditionNotesSchema.shape)],
  ["API artist body", apiArtistInputSchema, [...ARTIST_TEXT_FIELDS.map((f) => f.seedName), ...ARTIST_LIST_FIELD_INFO.map((f) => f.seedName), "imgList", "en", "version"]],
  ["API post body", apiPostInputSchema, ["title", "content", "titleEn", "contentEn", "version", "status", "publishAt"]],
  ["API version", versionSchema, []],
];

/** Values a form field or a JSON client could send: form strings, lists of them, and any JSON at all. */
const formValue = fc.oneof(
  fc.string(),
  fc.constantFrom("", " ", "0", "-1", "1.5", "1e309", "NaN", "true", "[]", "{}", "null", "가".repeat(6000), "\u200B", "2026-13-45"),
  fc.array(fc.string(), { maxLength: 60 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({ maxDepth: 2 }),
);

function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

function expectKorean(messages: string[], label: string) {
  for (const message of messages) {
    expect(message, label).toMatch(HANGUL);
    expect(message, label).not.toMatch(ZOD_ENGLISH);
  }
}

describe("zod answers in Korean: every message of every input schema, whatever is sent", () => {
  it.each(SCHEMAS)("%s: random whole values", (label, schema) => {
    fc.assert(
      fc.property(formValue, (value) => expectKorean(messagesOf(schema, value), `${label} ${JSON.stringify(value)}`)),
      { numRuns: 300 },
    );
  });

  it.each(SCHEMAS.filter(([, , keys]) => keys.length > 0))("%s: random values in its fields", (label, schema, keys) => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), formValue, { maxKeys: keys.length }), (value) =>
        expectKorean(messagesOf(schema, value), `${label} ${JSON.stringify(value)}`),
      ),
      { numRuns: 300 },
    );
  });

  it("the map itself: each kind of issue zod raises without a message of ours", () => {
    const bare: [z.ZodType, unknown][] = [
      [z.string(), 1],
      [z.string(), undefined],
      [z.object({}), "x"],
      [z.array(z.string()), {}],
      [z.number().int(), 1.5],
      [z.number().min(3), 1],
      [z.number().max(3), 5],
      [z.number().gt(3), 3],
      [z.number().lt(3), 3],
      [z.string().min(3), "a"],
      [z.string().min(1), ""],
      [z.string().max(3), "abcd"],
      [z.array(z.string()).min(2), ["a"]],
      [z.array(z.string()).max(1), ["a", "b"]],
      [z.email(), "x"],
      [z.url(), "x"],
      [z.iso.datetime(), "x"],
      [z.iso.date(), "x"],
      [z.string().regex(/^a$/), "b"],
      [z.literal("draft"), "x"],
      [z.enum(["a", "b"]), "c"],
      [z.number().multipleOf(5), 3],
      [z.strictObject({ a: z.string() }), { a: "x", b: 1 }],
      [z.union([z.string(), z.number()]), true],
      [z.boolean(), "yes"],
      [z.date(), "x"],
      [z.string().refine(() => false), "x"],
    ];
    for (const [schema, value] of bare) {
      const messages = messagesOf(schema, value);
      expect(messages.length, JSON.stringify(value)).toBeGreaterThan(0);
      expectKorean(messages, `${JSON.stringify(value)} → ${messages.join(" | ")}`);
    }
    expect(messagesOf(z.object({ en: z.object({}) }), { en: "x" })).toEqual(["형식이 올바르지 않습니다. 객체여야 합니다."]);
    expect(messagesOf(z.object({ title: z.string() }), {})).toEqual(["값을 입력해 주세요."]);
    expect(koreanZodMessage({ code: "too_big", origin: "string", maximum: 30, inclusive: true, input: "x".repeat(31) })).toBe("30자 이내로 입력해 주세요.");
  });

  it("a schema's own message still wins over the map", () => {
    expect(messagesOf(postInputSchema, { title: 1, content: "x" })).toEqual(["제목을 입력해 주세요."]);
    expect(messagesOf(artistInputSchema, { name: "가".repeat(31) })).toEqual(["이름은 30자 이내로 입력해 주세요."]);
  });
});
