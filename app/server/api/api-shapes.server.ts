import { z } from "../../domain/zod";
import { ARTIST_FIELDS, ARTIST_LIST_FIELD_INFO, ARTIST_TEXT_FIELDS, englishFieldsOf, withArtistEnglishFallbacks, type ArtistFields, type ArtistTextKey } from "../../domain/artist-fields";
import { MAX_SCHEDULE_YEARS_AHEAD } from "../../domain/content-states";
import { withParticle } from "../../domain/korean";
import { postApiFields, type POST_FIELDS, type PostFieldEntry } from "../../domain/post-fields";
import { artistEnglishSchemaNamed, artistInputSchema, imageListSchema, listFieldSchema, postFieldSchema, reelListInputSchema } from "../../domain/schemas";
import { REEL_PROVIDERS, reelWatchUrl, type Reel } from "../../domain/reels";
import type { Locale } from "../../domain/locale";
import type { Artist } from "../artists/artist-queries.server";
import type { Post } from "../posts/post-queries.server";
import type { Publication } from "../posts/post-use-cases.server";

/**
 * The JSON API's bodies (requirements R9) as zod schemas: the routes parse with them, and the OpenAPI document
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
  // zod reports a failed union as "Invalid input": name the problem of the branch the value was meant
  // for (an array: the list's own rules; a string: the JSON), and anything else in Korean.
  return z.union([schema, encoded], {
    error: (issue) => {
      const branches = issue.code === "invalid_union" ? issue.errors : [];
      const meant = Array.isArray(issue.input) ? branches[0] : typeof issue.input === "string" ? branches[1] : undefined;
      return meant?.[0]?.message ?? `${withParticle(label, "은/는")} 문자열 배열이어야 합니다.`;
    },
  });
}

export const versionSchema = z
  .number({ error: "version은 1 이상의 정수여야 합니다." })
  .int("version은 1 이상의 정수여야 합니다.")
  .min(1, "version은 1 이상의 정수여야 합니다.")
  .meta({ description: "수정할 때: 읽어 온 버전. 그 사이 다른 곳에서 수정되었으면 409" });

/** The post fields the API speaks (app/domain/post-fields.ts): the Korean ones, each with its English variant's entry. */
const API_POST_FIELDS = postApiFields();
const API_POST_KOREAN_FIELDS = API_POST_FIELDS.filter((f) => f.lang !== "en");
const englishVariantOf = (field: PostFieldEntry) => API_POST_FIELDS.find((f) => f.key === field.englishVariant);

type ApiPostEntry = Extract<(typeof POST_FIELDS)[number], { api: object }>;
type ApiOptionalName = Extract<ApiPostEntry, { api: { input: string } }>["api"]["name"];
type ApiRequiredName = Exclude<ApiPostEntry["api"]["name"], ApiOptionalName>;

/**
 * A post's fields in a write's body, by their API names: the domain's rules, except that a field the
 * API lets clients omit (`api.input`: the English version) is any text there, checked by the save.
 */
const apiPostFieldsShape = Object.fromEntries(
  API_POST_FIELDS.map((f) => [
    f.api.name,
    f.api.input ? z.string({ error: `${withParticle(f.api.name, "은/는")} 문자열이어야 합니다.` }).optional().meta({ description: f.api.input }) : postFieldSchema(f),
  ]),
) as Record<ApiRequiredName, z.ZodType<string>> & Record<ApiOptionalName, z.ZodOptional<z.ZodString>>;

/**
 * Body of writenews/writenotice and updatenews/updatenotice. Unknown fields are ignored. Without
 * `status` and `publishAt` a new post is published at once (the original API) and an updated one keeps
 * its state; these two let API clients save a draft or schedule, as the admin editor does.
 */
export const apiPostInputSchema = z
  .object({
    // Title and content; the English version is optional: omitted leaves it as it is, both empty removes it.
    ...apiPostFieldsShape,
    version: versionSchema.optional(),
    status: z
      .literal("draft", { error: 'status에는 "draft"만 쓸 수 있습니다.' })
      .optional()
      .meta({ description: '"draft": 공개하지 않고 임시 저장합니다 (공개된 글은 비공개로 전환). 생략하면 새 글은 바로 공개되고, 수정할 때는 상태를 그대로 둡니다.' }),
    publishAt: z.iso
      .datetime({ offset: true, error: "publishAt은 시간대가 있는 ISO 8601 날짜·시각이어야 합니다. 예: 2026-12-01T09:00:00+09:00" })
      .optional()
      .meta({
        description: `이 시각에 자동으로 공개합니다 (시간대 필수, 예: 2026-12-01T09:00:00+09:00). 지난 시각이면 바로 공개하고, 지금부터 ${MAX_SCHEDULE_YEARS_AHEAD}년이 넘는 시각은 받지 않습니다.`,
      }),
  })
  .refine((body) => body.status === undefined || body.publishAt === undefined, {
    message: "status와 publishAt은 함께 보낼 수 없습니다. 임시 저장이면 status만, 예약 공개면 publishAt만 보내 주세요.",
    path: ["status"],
  });

/** The English version a write sends, or undefined when it sends none of its fields (kept as it is). */
export function apiEnglish(body: Partial<Record<ApiOptionalName, string>>): { title: string; content: string } | undefined {
  const sent = body as Record<string, string | undefined>;
  const variants = API_POST_KOREAN_FIELDS.map((f) => [f.key, englishVariantOf(f)?.api.name] as const).filter((pair): pair is readonly [string, string] => pair[1] !== undefined);
  if (variants.every(([, name]) => sent[name] === undefined)) return undefined;
  return Object.fromEntries(variants.map(([key, name]) => [key, sent[name] ?? ""])) as { title: string; content: string };
}

/** What the optional `status` and `publishAt` of an API body ask for (undefined: the default). */
export function apiPublication(body: { status?: "draft"; publishAt?: string }): Publication | undefined {
  if (body.status === "draft") return { mode: "draft" };
  if (body.publishAt !== undefined) return { mode: "schedule", at: new Date(body.publishAt) };
  return undefined;
}

/**
 * The API speaks the original site's names (requirements R5.1, R9.5: `ename`, `cm`, `insta`, `winList`, `imgList`, ...);
 * the rest of the code speaks the domain's (app/domain/artist-fields.ts). These are the only translations.
 */
const SEED_NAMES: ReadonlyMap<string, string> = new Map([
  ...ARTIST_FIELDS.map((f) => [f.key, f.seedName] as const),
  ["imageUrls", "imgList"],
  ["reels", "reelList"],
]);

/** A domain field's name as the API says it ("en.awards" → "en.winList"). */
export function seedNameOf(field: string): string {
  const [head, tail] = field.startsWith("en.") ? ["en.", field.slice(3)] : ["", field];
  return `${head}${SEED_NAMES.get(tail) ?? tail}`;
}

type TextSeedName = (typeof ARTIST_TEXT_FIELDS)[number]["seedName"];
type ListSeedName = (typeof ARTIST_LIST_FIELD_INFO)[number]["seedName"];

/** Body of addactor and updateactor. Unknown fields are ignored. */
export const apiArtistInputSchema = z.object({
  ...(Object.fromEntries(ARTIST_TEXT_FIELDS.map((f) => [f.seedName, artistInputSchema.shape[f.key]])) as Record<TextSeedName, (typeof artistInputSchema)["shape"][ArtistTextKey]>),
  ...(Object.fromEntries(
    ARTIST_LIST_FIELD_INFO.map((f) => [f.seedName, arrayOrJsonString(listFieldSchema(f.label.ko), f.label.ko).default([]).meta({ description: f.label.ko })]),
  ) as unknown as Record<ListSeedName, z.ZodDefault<ReturnType<typeof arrayOrJsonString<ReturnType<typeof listFieldSchema>>>>>),
  imgList: arrayOrJsonString(imageListSchema, "imgList").default([]),
  // Not in the original API (issue 30): checked by the save like the admin form's (a refused address is a 400 naming reelList).
  reelList: reelListInputSchema.optional(),
  en: artistEnglishSchemaNamed("seedName").optional().meta({ description: "영문 프로필 (선택). 생략하면 그대로 둡니다." }),
  version: versionSchema.optional(),
});

/** An API body in the domain's words, as saveArtist takes it. */
export function artistInputFromApi(body: Omit<z.output<typeof apiArtistInputSchema>, "version">): Record<string, unknown> {
  const fromSeed = (record: Record<string, unknown>) =>
    Object.fromEntries([...SEED_NAMES].filter(([, seed]) => seed in record).map(([key, seed]) => [key, record[seed]]));
  const { en, ...rest } = body as Record<string, unknown> & { en?: Record<string, unknown> };
  return { ...fromSeed(rest), ...(en !== undefined ? { en: fromSeed(en) } : {}) };
}

/** Marks of an English answer (`?lang=en`): which language it is, and what is still Korean. */
const englishMarks = {
  lang: z.enum(["ko", "en"]).optional().meta({ description: "lang=en으로 읽었을 때만: 답의 언어 (영문 버전이 없는 글은 ko)" }),
};

/** An artist as the API gives it: list fields and imgList as JSON-encoded strings (the original client JSON.parses them). */
export const apiArtistSchema = z
  .object({
    ...(Object.fromEntries(ARTIST_TEXT_FIELDS.map((f) => [f.seedName, z.string().meta({ description: f.label.ko })])) as Record<TextSeedName, z.ZodString>),
    imgList: z.string().meta({ description: "JSON 배열: 사진 주소, 대표 사진이 첫 번째" }),
    ...(Object.fromEntries(ARTIST_LIST_FIELD_INFO.map((f) => [f.seedName, z.string().meta({ description: `${f.label.ko}: JSON 문자열 배열` })])) as Record<ListSeedName, z.ZodString>),
    reelList: z
      .array(
        z.object({
          url: z.string().meta({ description: "영상 페이지 주소 (이 사이트가 만든 주소: https://www.youtube.com/watch?v=..., https://vimeo.com/..., https://tv.naver.com/v/...)" }),
          title: z.string().meta({ description: "영상 제목 (없으면 빈 문자열)" }),
          provider: z.enum(REEL_PROVIDERS).meta({ description: "youtube, vimeo, navertv" }),
        }),
      )
      .meta({ description: "영상 (원래 API에 없던 필드, 이 배열은 JSON 문자열이 아닌 배열입니다)" }),
    version: z.number().int().min(1),
    ...englishMarks,
    untranslated: z.array(z.string()).optional().meta({ description: "lang=en으로 읽었을 때만: 영문이 없어 한글로 채운 필드" }),
  })
  .meta({ description: "목록 필드와 imgList는 JSON 문자열입니다 (원래 클라이언트가 JSON.parse 합니다). lang=en이면 영문 값(없으면 한글)입니다." });

export const apiPostSchema = z
  .object({
    postId: z.number().int().min(1),
    ...(Object.fromEntries(API_POST_KOREAN_FIELDS.map((f) => [f.api.name, f.api.output ? z.string().meta({ description: f.api.output }) : z.string()])) as Record<ApiRequiredName, z.ZodString>),
    writeDay: z.iso.date().meta({ description: "YYYY-MM-DD (한국 시간)" }),
    version: z.number().int().min(1),
    status: z.enum(["draft", "scheduled", "published"]).meta({ description: "공개 상태. 공개 읽기 API에는 published만 나옵니다." }),
    publishAt: z.string().nullable().meta({ description: "예약 공개 시각 (ISO 8601, UTC), 예약이 아니면 null" }),
    ...englishMarks,
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

/** An artist as the API gives it; in English (`?lang=en`) the English birthday and lists where entered. */
export function artistToApi(artist: Artist, locale: Locale = "ko"): z.infer<typeof apiArtistSchema> {
  const korean = {
    ...(Object.fromEntries(ARTIST_TEXT_FIELDS.map((f) => [f.seedName, artist[f.key]])) as Record<TextSeedName, string>),
    imgList: JSON.stringify(artist.images.map((i) => i.url)),
    ...(Object.fromEntries(ARTIST_LIST_FIELD_INFO.map((f) => [f.seedName, JSON.stringify(artist[f.key])])) as Record<ListSeedName, string>),
    reelList: artist.reels.map(reelToApi),
    version: artist.version,
  };
  if (locale === "ko") return korean;
  const { values, fellBack } = withArtistEnglishFallbacks(artist, artist.en);
  const englishValue = (key: string) => (values as Record<string, string | string[]>)[key];
  const untranslated = fellBack.filter((f) => artist[f.key as keyof ArtistFields].length > 0).map((f) => f.seedName);
  return {
    ...korean,
    ...Object.fromEntries(englishFieldsOf(ARTIST_FIELDS).map((f) => [f.seedName, f.kind === "list" ? JSON.stringify(englishValue(f.key)) : englishValue(f.key)])),
    lang: "en",
    untranslated,
  };
}

/** A reel as the API gives it: the address built from its provider and id, never one a user typed. */
function reelToApi(reel: Reel): { url: string; title: string; provider: Reel["provider"] } {
  return { url: reelWatchUrl(reel), title: reel.title, provider: reel.provider };
}

/** A post as the API gives it; in English (`?lang=en`) its English version, or the Korean one marked `lang: "ko"`. */
export function postToApi(
  post: Pick<Post, "postId" | "title" | "content" | "titleEn" | "contentEn" | "writeDay" | "version" | "status" | "publishAt">,
  locale: Locale = "ko",
): z.infer<typeof apiPostSchema> {
  const english = locale === "en" && post.titleEn !== "";
  const fields = post as unknown as Record<string, string>;
  return {
    postId: post.postId,
    // The Korean fields, or their English variants in English.
    ...(Object.fromEntries(API_POST_KOREAN_FIELDS.map((f) => [f.api.name, fields[english ? f.englishVariant! : f.key]])) as Record<ApiRequiredName, string>),
    writeDay: post.writeDay,
    version: post.version,
    status: post.status,
    publishAt: post.publishAt?.toISOString() ?? null,
    ...(locale === "en" ? { lang: english ? ("en" as const) : ("ko" as const) } : {}),
  };
}
