import { z } from "zod";
import { ARTIST_LIST_FIELD_INFO, ARTIST_LIST_FIELDS, ARTIST_TEXT_FIELDS, type ArtistListField } from "../../domain/artist-fields";
import { withParticle } from "../../domain/korean";
import { artistInputSchema, imageListSchema, listFieldSchema, postInputSchema } from "../../domain/schemas";
import type { Artist } from "../artists/artist-queries.server";
import type { Post } from "../posts/post-queries.server";

/**
 * The JSON API's bodies (spec §7) as zod schemas: the routes parse with them, and the OpenAPI document
 * (openapi.server.ts) is generated from them, so the two cannot drift.
 */

/** The original client sends lists as arrays; a JSON-encoded string of an array is accepted too. */
function arrayOrJsonString<T extends z.ZodType<string[], string[]>>(schema: T, label: string) {
  const encoded = z
    .string()
    .meta({ description: "JSON으로 인코딩한 문자열 배열" })
    .transform((text, ctx) => {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // Reported below.
      }
      ctx.addIssue({ code: "custom", message: `${withParticle(label, "은/는")} 문자열 배열이어야 합니다.` });
      return z.NEVER;
    })
    .pipe(schema);
  return z.union([schema, encoded]);
}

export const versionSchema = z
  .number({ error: "version은 1 이상의 정수여야 합니다." })
  .int("version은 1 이상의 정수여야 합니다.")
  .min(1, "version은 1 이상의 정수여야 합니다.")
  .meta({ description: "수정할 때: 읽어 온 버전. 그 사이 다른 곳에서 수정되었으면 409" });

/** Body of writenews/writenotice and updatenews/updatenotice. Unknown fields are ignored. */
export const apiPostInputSchema = postInputSchema.extend({ version: versionSchema.optional() });

/** Body of addactor and updateactor. Unknown fields are ignored. */
export const apiArtistInputSchema = artistInputSchema
  .extend({
    ...(Object.fromEntries(
      ARTIST_LIST_FIELD_INFO.map((f) => [f.key, arrayOrJsonString(listFieldSchema(f.label), f.label).default([]).meta({ description: f.label })]),
    ) as unknown as Record<ArtistListField, z.ZodDefault<ReturnType<typeof arrayOrJsonString<ReturnType<typeof listFieldSchema>>>>>),
    imgList: arrayOrJsonString(imageListSchema, "imgList").default([]),
    version: versionSchema.optional(),
  });

/** An artist as the API gives it: list fields and imgList as JSON-encoded strings (the original client JSON.parses them). */
export const apiArtistSchema = z
  .object({
    ...(Object.fromEntries(ARTIST_TEXT_FIELDS.map((f) => [f.key, z.string().meta({ description: f.label })])) as Record<
      (typeof ARTIST_TEXT_FIELDS)[number]["key"],
      z.ZodString
    >),
    imgList: z.string().meta({ description: "JSON 배열: 사진 주소, 대표 사진이 첫 번째" }),
    ...(Object.fromEntries(ARTIST_LIST_FIELD_INFO.map((f) => [f.key, z.string().meta({ description: `${f.label}: JSON 문자열 배열` })])) as Record<
      ArtistListField,
      z.ZodString
    >),
    version: z.number().int().min(1),
  })
  .meta({ description: "목록 필드와 imgList는 JSON 문자열입니다 (원래 클라이언트가 JSON.parse 합니다)." });

export const apiPostSchema = z
  .object({
    postId: z.number().int().min(1),
    title: z.string(),
    content: z.string().meta({ description: "정제된 HTML" }),
    writeDay: z.iso.date().meta({ description: "YYYY-MM-DD (한국 시간)" }),
    version: z.number().int().min(1),
  });

export const apiImageSchema = z
  .object({
    url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    variants: z.array(z.object({ width: z.number().int(), height: z.number().int(), url: z.string() })),
  });

export const apiErrorSchema = z
  .object({ error: z.object({ code: z.string(), message: z.string().meta({ description: "한국어 안내 문구" }) }) });

export function artistToApi(artist: Artist): z.infer<typeof apiArtistSchema> {
  return {
    ...(Object.fromEntries(ARTIST_TEXT_FIELDS.map((f) => [f.key, artist[f.key]])) as Record<(typeof ARTIST_TEXT_FIELDS)[number]["key"], string>),
    imgList: JSON.stringify(artist.images.map((i) => i.url)),
    ...(Object.fromEntries(ARTIST_LIST_FIELDS.map((f) => [f, JSON.stringify(artist[f])])) as Record<ArtistListField, string>),
    version: artist.version,
  };
}

export function postToApi(post: Pick<Post, "postId" | "title" | "content" | "writeDay" | "version">): z.infer<typeof apiPostSchema> {
  return { postId: post.postId, title: post.title, content: post.content, writeDay: post.writeDay, version: post.version };
}
