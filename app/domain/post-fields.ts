/**
 * A post's fields (news and notices): one typed entry per field, like the artist's and the site
 * settings' (decisions 037, 061). Each entry says its key (the column's and the form's name), its Korean
 * label, its kind and length limit (from which schemas.ts builds its zod rule and Korean messages), the
 * entry holding its English version, which part of the post it is, whether revisions keep it, how the
 * form shows it and its name in the JSON API. Derived from `POST_FIELDS`: the input schemas (and through
 * them the OpenAPI document), the API's bodies and replies (api-shapes.server.ts), the form's values, the
 * submitted form and the form itself (components/admin/post-fields.tsx), the columns the queries read,
 * the revision snapshot and its restore, the history's and the activity log's labels, and the fields the
 * site import reads from the old site.
 *
 * What is not a field stays where it is: the publication (state, times, pinning: a state machine of its
 * own, post-use-cases.server.ts), the columns derived from the content on write (post-content.server.ts)
 * and the no-JavaScript image attachment (it ends up in the content).
 */

export const MAX_TITLE_LENGTH = 200;
export const MAX_CONTENT_LENGTH = 200_000;
export const MAX_EXCERPT_LENGTH = 300;
export const MAX_SEO_DESCRIPTION_LENGTH = 160;

/**
 * Deepest nesting of elements accepted in post HTML (checked on the server before sanitizing,
 * sanitize.server.ts). sanitize-html's work grows faster than the size of deeply nested input: 200 KB
 * of nested `<b>` took seconds to tens of seconds and held every other request. Quill's deepest real
 * nesting is a handful of levels (a list item's bold, italic, underlined link); HTML from other sites
 * sent through the API seldom passes 30.
 */
export const MAX_POST_HTML_DEPTH = 64;

/**
 * Most elements accepted in one post's HTML (each language). The sanitizer and the passes that derive
 * the stored forms cost a few microseconds per element each (docs/security.md has the figures); a
 * 150,000-character post of paragraphs, lists and images has about 4,200 elements, one of bold words
 * and short list items at the 200,000-character limit about 12,000.
 */
export const MAX_POST_HTML_ELEMENTS = 20_000;

/**
 * What a field holds, which decides its rule and its control:
 * - `line`: one line of text (trimmed; no line breaks, control or direction-changing characters): a text input;
 * - `html`: HTML, sanitized on save (post-use-cases.server.ts): the rich text editor;
 * - `plain`: plain text on a few lines, no HTML (trimmed): a textarea;
 * - `image`: a stored image of ours, by its URL: the media picker.
 */
export type PostFieldKind = "line" | "html" | "plain" | "image";

/**
 * Which part of the post a field is, as a save takes it:
 * - `content`: the post itself. The Korean title and content are required; their English versions are
 *   whole or none (both empty: no English version; a title needs content and content a title).
 * - `choice`: what the writer chose beside the content (decision 043), each optional: empty leaves it to
 *   what is derived from the content, and a save that does not send them keeps them.
 */
export type PostFieldPart = "content" | "choice";

export interface PostFieldEntry<Key extends string = string> {
  key: Key;
  /** Korean label: the form, the messages, the revision history and the activity log. */
  label: string;
  kind: PostFieldKind;
  /** Longest accepted value (characters); an image has none. */
  maxLength?: number;
  /** Must be given (the form marks it); the others default to "". */
  required?: boolean;
  part: PostFieldPart;
  /** The key of the entry holding this field's English version ("titleEn"). */
  englishVariant?: string;
  /** The value is written in English (the form says so to browsers and screen readers). */
  lang?: "en";
  /** The input schema's description (the OpenAPI document and the admin's API reference). */
  description: string;
  /** A revision keeps it (restoring a revision saves it again). */
  revisioned: boolean;
  /** How the form shows it beyond its kind: the hint under it and a textarea's rows. */
  form?: { hint?: string; rows?: number };
  /**
   * Its name in the JSON API, when the API speaks it: `original` when the original site's API had it (the
   * site import reads it from there); `input` describes it in a write's body when it is optional there
   * (omitted: kept as it is); `output` describes it in a reply.
   */
  api?: { name: string; original?: boolean; input?: string; output?: string };
}

/** Checks the typing of a field list (literal keys kept). */
export function definePostFields<const T extends readonly PostFieldEntry[]>(fields: T): T {
  return fields;
}

/** Every post field, in the columns' and the form values' order: the content and its English version, then the choices with their English twins. */
export const POST_FIELDS = definePostFields([
  {
    key: "title",
    label: "제목",
    kind: "line",
    maxLength: MAX_TITLE_LENGTH,
    required: true,
    part: "content",
    englishVariant: "titleEn",
    description: "제목",
    revisioned: true,
    api: { name: "title", original: true },
  },
  {
    key: "content",
    label: "내용",
    kind: "html",
    maxLength: MAX_CONTENT_LENGTH,
    required: true,
    part: "content",
    englishVariant: "contentEn",
    description: `HTML. 저장할 때 정제되며, 다른 사이트의 이미지는 이 사이트로 가져옵니다. 요소는 최대 ${MAX_POST_HTML_ELEMENTS.toLocaleString("ko-KR")}개, 겹친 서식은 최대 ${MAX_POST_HTML_DEPTH}단계입니다.`,
    revisioned: true,
    api: { name: "content", original: true, output: "정제된 HTML" },
  },
  {
    key: "titleEn",
    label: "영문 제목",
    kind: "line",
    maxLength: MAX_TITLE_LENGTH,
    part: "content",
    lang: "en",
    description: "영문 제목. 비우면 영문 버전이 없는 글입니다 (영문 목록에 나오지 않음).",
    revisioned: true,
    api: { name: "titleEn", input: "영문 제목 (선택). 생략하면 그대로 둡니다." },
  },
  {
    key: "contentEn",
    label: "영문 내용",
    kind: "html",
    maxLength: MAX_CONTENT_LENGTH,
    part: "content",
    lang: "en",
    description: "영문 내용 HTML. 한글 내용처럼 저장할 때 정제됩니다.",
    revisioned: true,
    api: { name: "contentEn", input: "영문 내용 HTML (선택). 생략하면 그대로 둡니다." },
  },
  {
    key: "featuredImage",
    label: "대표 이미지",
    kind: "image",
    part: "choice",
    description: "대표 이미지: 미디어 라이브러리 이미지의 주소(/media/...). 비우면 내용의 첫 이미지를 씁니다.",
    revisioned: true,
    form: { hint: "목록의 썸네일, 링크 미리보기 이미지, RSS에 쓰입니다. 비워 두면 내용의 첫 이미지를 씁니다." },
  },
  {
    key: "excerpt",
    label: "요약",
    kind: "plain",
    maxLength: MAX_EXCERPT_LENGTH,
    part: "choice",
    englishVariant: "excerptEn",
    description: "목록에 보이는 요약. 비우면 내용 앞부분을 씁니다.",
    revisioned: true,
    form: { rows: 3, hint: `목록에 내용 앞부분 대신 보입니다. ${MAX_EXCERPT_LENGTH}자 이내.` },
  },
  {
    key: "excerptEn",
    label: "영문 요약",
    kind: "plain",
    maxLength: MAX_EXCERPT_LENGTH,
    part: "choice",
    lang: "en",
    description: "영문 목록에 보이는 요약.",
    revisioned: true,
    form: { rows: 3, hint: `목록에 내용 앞부분 대신 보입니다. ${MAX_EXCERPT_LENGTH}자 이내.` },
  },
  {
    key: "seoDescription",
    label: "검색 설명",
    kind: "plain",
    maxLength: MAX_SEO_DESCRIPTION_LENGTH,
    part: "choice",
    englishVariant: "seoDescriptionEn",
    description: "검색 결과와 링크 미리보기의 설명(meta description). 비우면 요약이나 내용 앞부분을 씁니다.",
    revisioned: true,
    form: { rows: 2, hint: `검색 결과와 링크 미리보기에 보이는 설명입니다. 비우면 요약이나 내용 앞부분을 씁니다. ${MAX_SEO_DESCRIPTION_LENGTH}자 이내.` },
  },
  {
    key: "seoDescriptionEn",
    label: "영문 검색 설명",
    kind: "plain",
    maxLength: MAX_SEO_DESCRIPTION_LENGTH,
    part: "choice",
    lang: "en",
    description: "영문 페이지의 검색 설명.",
    revisioned: true,
    form: { rows: 2, hint: `검색 결과와 링크 미리보기에 보이는 설명입니다. 비우면 요약이나 내용 앞부분을 씁니다. ${MAX_SEO_DESCRIPTION_LENGTH}자 이내.` },
  },
]);

type Entry = (typeof POST_FIELDS)[number];

export type PostFieldKey = Entry["key"];
/** The post's own data as a save writes it and the editor holds it: every field is text. */
export type PostFieldValues = Record<PostFieldKey, string>;

/** The keys of the post's content and its English version ("title", "content", "titleEn", "contentEn"). */
export type PostContentKey = Extract<Entry, { part: "content" }>["key"];
/** The keys of what the writer chose beside the content (decision 043). */
export type PostChoiceKey = Extract<Entry, { part: "choice" }>["key"];
/** What the writer chose beside the content (decision 043); "" leaves each to the derivation. */
export type PostChoices = Record<PostChoiceKey, string>;

/** The fields of one part, in order. */
export function postFieldsOf<P extends PostFieldPart, const T extends readonly PostFieldEntry[] = typeof POST_FIELDS>(part: P, fields: T = POST_FIELDS as unknown as T): (T[number] & { part: P })[] {
  return fields.filter((f): f is T[number] & { part: P } => f.part === part);
}

/** The Korean fields (the form's main part) or the English ones (its English fieldset), in order. */
export function postFieldsInLanguage<L extends "ko" | "en", const T extends readonly PostFieldEntry[] = typeof POST_FIELDS>(
  language: L,
  fields: T = POST_FIELDS as unknown as T,
): (L extends "en" ? Extract<T[number], { lang: "en" }> : Exclude<T[number], { lang: "en" }>)[] {
  return fields.filter((f) => (f.lang === "en") === (language === "en")) as (L extends "en" ? Extract<T[number], { lang: "en" }> : Exclude<T[number], { lang: "en" }>)[];
}

/** The entry of a key. */
export function postFieldEntry(key: string, fields: readonly PostFieldEntry[] = POST_FIELDS): PostFieldEntry | undefined {
  return fields.find((f) => f.key === key);
}

/** The choices' keys, in order. */
export const POST_CHOICE_KEYS = postFieldsOf("choice").map((f) => f.key) as PostChoiceKey[];

/** Only the given fields of a larger record (a database row, a form's values). */
export function pickPostFields<const K extends string>(source: Readonly<Record<K, string>>, fields: readonly PostFieldEntry<K>[]): Record<K, string> {
  return Object.fromEntries(fields.map((f) => [f.key, source[f.key]])) as Record<K, string>;
}

/** The choices of a larger record (a post row, a snapshot). */
export function pickPostChoices(source: Readonly<PostChoices>): PostChoices {
  return pickPostFields(source, postFieldsOf("choice"));
}

/** Every field empty. */
export function emptyPostFields(fields: readonly PostFieldEntry[] = POST_FIELDS): PostFieldValues {
  return Object.fromEntries(fields.map((f) => [f.key, ""])) as PostFieldValues;
}

/** No choices made: everything derived from the content. */
export const NO_CHOICES: PostChoices = emptyPostFields(postFieldsOf("choice")) as PostChoices;

/**
 * The form's names of an image field's companions without JavaScript: the library's radio buttons
 * (`featuredImagePick`) and the "remove" checkbox (`removeFeaturedImage`).
 */
export function imageFieldNames(key: string): { pick: string; remove: string } {
  return { pick: `${key}Pick`, remove: `remove${key[0]!.toUpperCase()}${key.slice(1)}` };
}

/** The fields of a submitted form, as sent. An image picked from the library or removed without JavaScript wins over its hidden field. */
export function postFieldsFromForm(form: FormData, fields: readonly PostFieldEntry[] = POST_FIELDS): PostFieldValues {
  const text = (name: string) => String(form.get(name) ?? "");
  const read = (f: PostFieldEntry) => {
    if (f.kind !== "image") return text(f.key);
    const names = imageFieldNames(f.key);
    return form.get(names.remove) ? "" : text(names.pick) || text(f.key);
  };
  return Object.fromEntries(fields.map((f) => [f.key, read(f)])) as PostFieldValues;
}

/** How the revision history and the activity log name each field. */
export function postFieldLabels(fields: readonly PostFieldEntry[] = POST_FIELDS): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.key, f.label]));
}

/**
 * The fields a revision keeps, in the snapshot's order: the choices first, then the content (the order
 * revisions have always listed them in, which the history's list of changed fields follows).
 */
export function revisionedPostFields<const T extends readonly PostFieldEntry[] = typeof POST_FIELDS>(fields: T = POST_FIELDS as unknown as T): T[number][] {
  return [...postFieldsOf("choice", fields), ...postFieldsOf("content", fields)].filter((f) => f.revisioned);
}

/** The fields the JSON API speaks, in order. */
export function postApiFields(fields: readonly PostFieldEntry[] = POST_FIELDS): (PostFieldEntry & { api: NonNullable<PostFieldEntry["api"]> })[] {
  return fields.filter((f): f is PostFieldEntry & { api: NonNullable<PostFieldEntry["api"]> } => f.api !== undefined);
}
