import { z } from "./zod";
import { ARTIST_FIELDS, englishFieldsOf, listFieldsOf, textFieldsOf, type ArtistEnglish, type ArtistFieldEntry, type ArtistListField, type ArtistTextFieldEntry, type ArtistTextKey } from "./artist-fields";
import { MAX_ARTIST_IMAGES } from "./constants";
import { ALT_REQUIRED_MESSAGE, MAX_FIGURE_ALT_LENGTH, MAX_FIGURE_CAPTION_LENGTH, POST_FIGURE_SIZES } from "./post-figures";
import { withParticle } from "./korean";
import {
  MAX_CONTENT_LENGTH,
  MAX_EXCERPT_LENGTH,
  MAX_POST_HTML_DEPTH,
  MAX_POST_HTML_ELEMENTS,
  MAX_SEO_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  postFieldsInLanguage,
  postFieldsOf,
  type PostFieldEntry,
} from "./post-fields";
import { isHttpUrl, oneLineTextProblem } from "./text-checks";
import { MAX_REEL_TITLE_LENGTH, MAX_REEL_URL_LENGTH, MAX_REELS, parseReelUrl, REEL_URL_MESSAGE, type Reel } from "./reels";

export { isHttpUrl };

/**
 * One zod schema per input, shared by the admin forms (field names and limits), the use cases that
 * validate every write, and the JSON API (whose OpenAPI document is generated from them).
 */

export const loginSchema = z.object({
  id: z.string({ error: "아이디를 입력해 주세요." }).trim().min(1, "아이디를 입력해 주세요.").max(64, "아이디가 너무 깁니다."),
  password: z.string({ error: "비밀번호를 입력해 주세요." }).min(1, "비밀번호를 입력해 주세요.").max(256, "비밀번호가 너무 깁니다."),
});

export { MAX_CONTENT_LENGTH, MAX_EXCERPT_LENGTH, MAX_POST_HTML_DEPTH, MAX_POST_HTML_ELEMENTS, MAX_SEO_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH };

/** A check of text-checks.ts as a zod refinement (its message, when it finds a problem). */
function refineWith(problem: (value: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message !== null) ctx.addIssue({ code: "custom", message });
  };
}

/** A stored image's URL as a post's featured image takes it ("/media/2026/11/<hex>.jpg"); the server checks it is ours. */
const FEATURED_IMAGE_PATTERN = /^\/media\/\d{4}\/\d{2}\/[0-9a-f]{32}\.(?:jpg|png|webp|avif|gif)$/;

/**
 * A post field's rule, from its entry (app/domain/post-fields.ts): by its kind and length, with Korean
 * messages naming it; a required field says "…을 입력해 주세요." when it is not text, an optional one
 * "…은 글자여야 합니다." and defaults to "".
 */
export function postFieldSchema(field: PostFieldEntry): z.ZodType<string> {
  const { label } = field;
  const max = field.maxLength ?? 0;
  const notText = field.required ? `${withParticle(label, "을/를")} 입력해 주세요.` : `${withParticle(label, "은/는")} 글자여야 합니다.`;
  const tooLong = `${withParticle(label, "은/는")} ${max}자 이내로 입력해 주세요.`;
  let rule: z.ZodType<string>;
  switch (field.kind) {
    case "line": {
      const text = z.string({ error: notText }).trim();
      // Titles are one line: no line breaks, control or direction-changing characters, something visible.
      rule = (field.required ? text.min(1, notText) : text).max(max, tooLong).superRefine(refineWith((v) => oneLineTextProblem(v, label)));
      break;
    }
    case "html":
      rule = z.string({ error: notText }).max(max, `${withParticle(label, "이/가")} 너무 깁니다. 글을 나누어 올려 주세요.`);
      break;
    case "plain":
      rule = z
        .string({ error: notText })
        .trim()
        .max(max, tooLong)
        .superRefine(refineWith((v) => (/[<>]/.test(v) ? `${label}에는 HTML을 쓸 수 없습니다. 글자로만 입력해 주세요.` : oneLineTextProblem(v.replace(/\r?\n/g, " "), label))));
      break;
    case "image":
      rule = z
        .string({ error: `${withParticle(label, "을/를")} 다시 선택해 주세요.` })
        .trim()
        .refine((v) => v === "" || FEATURED_IMAGE_PATTERN.test(v), `${withParticle(label, "은/는")} 미디어 라이브러리의 이미지만 선택할 수 있습니다. 다시 선택해 주세요.`);
      break;
  }
  return (field.required ? rule : rule.default("")).meta({ description: field.description }) as z.ZodType<string>;
}

/** The schemas' shape of some post fields, keyed by their keys. */
export function postFieldsShape<const K extends string>(fields: readonly PostFieldEntry<K>[]): Record<K, z.ZodType<string>> {
  return Object.fromEntries(fields.map((f) => [f.key, postFieldSchema(f)])) as Record<K, z.ZodType<string>>;
}

/** The post itself: title and content (the Korean fields of app/domain/post-fields.ts' content part). */
export const postInputSchema = z.object(postFieldsShape(postFieldsInLanguage("ko", postFieldsOf("content"))));
export type PostInput = z.infer<typeof postInputSchema>;

/**
 * The English version of a post: optional, but whole. Both empty means there is none (the
 * post stays out of the English lists); a title needs content and content a title (checked on save).
 */
export const postEnglishInputSchema = z.object(postFieldsShape(postFieldsInLanguage("en", postFieldsOf("content"))));

/**
 * What a post carries beside its content (decision 043): a featured image (a stored image of ours,
 * for the lists, share images and feeds), an excerpt for the lists' preview and an SEO description
 * for search results and link previews, each optional, with English twins. Empty: derived from the content.
 */
export const postExtrasSchema = z.object(postFieldsShape(postFieldsOf("choice")));

/**
 * An image added to a post without JavaScript: its alt text (required unless it is marked decorative),
 * caption and size, as the form names them; gives the figure's details.
 */
export const figureDetailsSchema = z
  .object({
    attachAlt: z.string().trim().max(MAX_FIGURE_ALT_LENGTH, `대체 텍스트는 ${MAX_FIGURE_ALT_LENGTH}자 이내로 입력해 주세요.`),
    attachCaption: z.string().trim().max(MAX_FIGURE_CAPTION_LENGTH, `캡션은 ${MAX_FIGURE_CAPTION_LENGTH}자 이내로 입력해 주세요.`),
    attachSize: z.enum(POST_FIGURE_SIZES, { error: "이미지 크기를 작게, 중간, 전체 너비 중에서 선택해 주세요." }),
    attachDecorative: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (!v.attachDecorative && !v.attachAlt) ctx.addIssue({ code: "custom", path: ["attachAlt"], message: ALT_REQUIRED_MESSAGE });
  })
  .transform((v) => ({ alt: v.attachDecorative ? "" : v.attachAlt, caption: v.attachCaption, size: v.attachSize }));

export const MAX_LIST_ENTRIES = 50;
export const MAX_ENTRY_LENGTH = 200;

/** One list field (requirements R8.4: one entry at a time; empty entries are ignored). */
export function listFieldSchema(label: string) {
  return z
    .array(
      z
        .string({ error: `${label} 항목은 글자여야 합니다.` })
        .trim()
        .max(MAX_ENTRY_LENGTH, `${label} 항목은 ${MAX_ENTRY_LENGTH}자 이내로 입력해 주세요.`),
      { error: `${label} 목록 형식이 올바르지 않습니다.` },
    )
    .max(MAX_LIST_ENTRIES, `${withParticle(label, "은/는")} ${MAX_LIST_ENTRIES}개 이내로 입력해 주세요.`)
    .transform((entries) => entries.filter((e) => e.length > 0));
}

/** A text field's rule: trimmed, at most its length, then its own checks; optional fields default to "". */
function textFieldSchema(field: ArtistTextFieldEntry) {
  const base = z
    .string({ error: `${field.label.ko} 형식이 올바르지 않습니다.` })
    .trim()
    .max(field.maxLength, `${withParticle(field.label.ko, "은/는")} ${field.maxLength}자 이내로 입력해 주세요.`);
  const checked = field.rule ? field.rule(base) : base;
  return field.required ? checked : checked.default("");
}

export const imageListSchema = z
  .array(z.string({ error: "사진 주소 형식이 올바르지 않습니다." }).trim().max(500), { error: "사진 목록 형식이 올바르지 않습니다." })
  .max(MAX_ARTIST_IMAGES, `사진은 최대 ${MAX_ARTIST_IMAGES}장까지 올릴 수 있습니다.`)
  .transform((urls) => urls.filter((u) => u.length > 0))
  .meta({ description: `/api/img가 돌려준 사진 주소. 대표 사진이 첫 번째, 최대 ${MAX_ARTIST_IMAGES}장` });

/**
 * An artist's showreels (decision 046): at most MAX_REELS, each an address of a YouTube, Vimeo or Naver TV
 * video and an optional title; stored as provider and id (the address as typed is not kept). Messages
 * name the reel ("2번 영상: ...").
 */
export const reelListInputSchema = z
  .array(
    z.object(
      {
        url: z.string({ error: "영상 주소는 글자여야 합니다." }).meta({ description: "YouTube, Vimeo, 네이버TV 영상 주소" }),
        title: z.string({ error: "영상 제목은 글자여야 합니다." }).default("").meta({ description: `영상 제목 (선택, ${MAX_REEL_TITLE_LENGTH}자 이내)` }),
      },
      { error: "영상은 주소(url)와 제목(title)을 가진 객체여야 합니다." },
    ),
    { error: "영상 목록 형식이 올바르지 않습니다." },
  )
  .max(MAX_REELS, `영상은 ${MAX_REELS}개까지 넣을 수 있습니다.`)
  .meta({ description: `영상 (최대 ${MAX_REELS}개): YouTube, Vimeo, 네이버TV 영상의 주소(url)와 제목(title, 선택). 생략하면 그대로 둡니다.` });

/** The reels as the save takes them: checked, and turned into what is stored (provider, id, title). */
export const reelListSchema = reelListInputSchema
  .transform((entries, ctx): Reel[] => {
    const reels: Reel[] = [];
    entries.forEach((entry, i) => {
      const url = entry.url.trim();
      const title = entry.title.trim();
      if (url === "" && title === "") return;
      const which = `${i + 1}번 영상`;
      const parsed = url === "" ? null : parseReelUrl(url);
      if (url === "") ctx.addIssue({ code: "custom", path: [i, "url"], message: `${which}의 주소를 입력해 주세요.` });
      else if (url.length > MAX_REEL_URL_LENGTH) ctx.addIssue({ code: "custom", path: [i, "url"], message: `${which}의 주소가 너무 깁니다.` });
      else if (!parsed) ctx.addIssue({ code: "custom", path: [i, "url"], message: `${which}: ${REEL_URL_MESSAGE}` });
      const titleProblem =
        title.length > MAX_REEL_TITLE_LENGTH ? `${which}의 제목은 ${MAX_REEL_TITLE_LENGTH}자 이내로 입력해 주세요.` : title ? oneLineTextProblem(title, `${which}의 제목`) : null;
      if (titleProblem) ctx.addIssue({ code: "custom", path: [i, "title"], message: titleProblem });
      if (parsed && !titleProblem) reels.push({ ...parsed, title });
    });
    return reels;
  });

/** The artist fields' input shape (text and lists), from a field list (app/domain/artist-fields.ts). */
export function artistFieldsShape(fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS, naming: "key" | "seedName" = "key") {
  return Object.fromEntries([
    ...textFieldsOf(fields).map((f) => [f[naming], textFieldSchema(f).meta({ description: f.label.ko })]),
    ...listFieldsOf(fields).map((f) => [f[naming], listFieldSchema(f.label.ko).default([]).meta({ description: f.label.ko })]),
  ]) as unknown as { [K in ArtistTextKey]: z.ZodType<string> } & { [K in ArtistListField]: z.ZodDefault<ReturnType<typeof listFieldSchema>> };
}

/** The English value of a field: optional, with the field's rule for its kind. */
function englishFieldSchema(field: ArtistFieldEntry) {
  const label = `영문 ${field.label.ko}`;
  const description = field.english?.description ?? `${label} (${field.label.en})`;
  if (field.kind === "list") return listFieldSchema(label).optional().meta({ description });
  return z
    .string({ error: `${label} 형식이 올바르지 않습니다.` })
    .trim()
    .max(field.maxLength, `${withParticle(label, "은/는")} ${field.maxLength}자 이내로 입력해 주세요.`)
    .optional()
    .meta({ description });
}

/**
 * The English version of a profile: each field with an English variant, optional. Empty entries and
 * empty lists are dropped, so "nothing in English" is stored as `{}`. `naming` picks the fields' names:
 * the domain's keys, or the original API's names for its adapter.
 */
export function artistEnglishSchemaNamed(naming: "key" | "seedName", fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS) {
  return z
    .object(Object.fromEntries(englishFieldsOf(fields).map((f) => [f[naming], englishFieldSchema(f)])))
    .transform((en) => Object.fromEntries(Object.entries(en).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : Boolean(value)))) as ArtistEnglish);
}

export const artistEnglishSchema = artistEnglishSchemaNamed("key");

/** An artist as the admin form and the API write it, from a field list: its fields, the images and the English version. */
export function artistInputSchemaOf(fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS) {
  return z.object({
    ...artistFieldsShape(fields),
    imageUrls: imageListSchema.default([]),
    /** Omitted: the reels stay as they are (the media library's and the import's saves, API clients that never send them). */
    reels: reelListSchema.optional().meta({ description: `영상 (최대 ${MAX_REELS}개). 생략하면 그대로 둡니다.` }),
    /** Omitted: the English version stays as it is (API clients that never send it). */
    en: artistEnglishSchemaNamed("key", fields).optional().meta({ description: "영문 프로필 (선택). 생략하면 그대로 둡니다." }),
  });
}

/** An artist as the admin form and the API write it: the fields of app/domain/artist-fields.ts and the images. */
export const artistInputSchema = artistInputSchemaOf();

/** Like `fieldErrors`, with the English version's fields as "en.birthday", "en.education". */
export function artistFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] === "en" && issue.path.length > 1 ? `en.${String(issue.path[1])}` : String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
export type ArtistInput = z.output<typeof artistInputSchema>;

/** The artist's place in the roster (smaller first); empty means "at the end". */
export const displayOrderSchema = z
  .number({ error: "표시 순서는 0 이상의 정수로 입력해 주세요." })
  .int("표시 순서는 0 이상의 정수로 입력해 주세요.")
  .min(0, "표시 순서는 0 이상의 정수로 입력해 주세요.")
  .max(100_000, "표시 순서는 100000 이하로 입력해 주세요.");

/** Limit of an image's alternative text in the media library. */
export const MAX_MEDIA_ALT_LENGTH = 200;

/** Alternative text of a stored image, edited in the media library (empty is allowed: decorative). */
export const mediaAltSchema = z.object({
  alt: z
    .string({ error: "대체 텍스트를 입력해 주세요." })
    .transform((v) => v.trim())
    .pipe(z.string().max(MAX_MEDIA_ALT_LENGTH, `대체 텍스트는 ${MAX_MEDIA_ALT_LENGTH}자 이하로 입력해 주세요.`)),
});

const FOCAL_OUTSIDE = "초점은 사진 안에서 선택해 주세요.";

/** The focal point of a stored image, as fractions of its width and height from the top left. */
export const focalPointSchema = z.object({
  x: z.number({ error: FOCAL_OUTSIDE }).min(0, FOCAL_OUTSIDE).max(1, FOCAL_OUTSIDE),
  y: z.number({ error: FOCAL_OUTSIDE }).min(0, FOCAL_OUTSIDE).max(1, FOCAL_OUTSIDE),
});

const focalPercent = (axis: "가로" | "세로") => {
  const message = `${axis} 위치는 0에서 100 사이의 숫자로 입력해 주세요.`;
  return z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
    z.number({ error: message }).min(0, message).max(100, message),
  );
};

/** The focal point form's typed fields: percentages from the left and from the top. */
export const mediaFocalSchema = z
  .object({ focalX: focalPercent("가로"), focalY: focalPercent("세로") })
  .transform((v) => ({ x: v.focalX / 100, y: v.focalY / 100 }));

const CLICK_AGAIN = "사진 위를 다시 눌러 초점을 선택해 주세요.";
const clickNumber = z.coerce.number({ error: CLICK_AGAIN }).int(CLICK_AGAIN).min(0, CLICK_AGAIN).max(10_000, CLICK_AGAIN);

/**
 * A click on the photo without JavaScript: `<input type="image" name="focal">` sends the point as
 * `focal.x`/`focal.y` in the pixels the photo was shown at, and the form says that size.
 */
export const mediaFocalClickSchema = z
  .object({ "focal.x": clickNumber, "focal.y": clickNumber, boxWidth: clickNumber.min(1, CLICK_AGAIN), boxHeight: clickNumber.min(1, CLICK_AGAIN) })
  .transform((v) => ({
    x: Math.min(1, v["focal.x"] / v.boxWidth),
    y: Math.min(1, v["focal.y"] / v.boxHeight),
  }));

/** The first message for each field, for showing next to it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
