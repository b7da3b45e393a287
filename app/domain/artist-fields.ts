import { artistNameProblem, isHttpUrl, normalizeArtistName, oneLineTextProblem } from "./text-checks";
import { controlProblem, storedValue, type ArtistFormControl } from "./artist-form-controls";
import { z } from "./zod";

/**
 * The artist's fields (requirements R5.1): one typed entry per field, like the site settings' (decision 037).
 * Each entry says its key, its name in the original site's JSON API, its zod rule, its labels and help
 * in Korean and English, its English variant, its form widget and how the activity log and revision
 * history name it. Everything else is derived from `ARTIST_FIELDS` by the functions below and in
 * schemas.ts: the input and English schemas (and through them the OpenAPI document), the empty and
 * picked values, the form's values and the submitted form, the changed-field labels, the English
 * fallbacks of the profile page and the API, and the admin form (components/admin/artist-fields.tsx).
 */

/** The typing hints of a one-line text field's input. */
export interface ArtistTextWidget {
  type?: "text" | "url";
  inputMode?: "text" | "numeric";
  autoComplete?: string;
  lang?: "en";
  required?: boolean;
}

/** The English version of a field, entered next to the Korean one ("en.birthday", "en.education"). */
export interface ArtistEnglishVariant {
  /** Form hint for the English value. */
  placeholder: string;
  /** The API document's description of the English value (default: "영문 {label} ({label.en})"). */
  description?: string;
}

interface ArtistFieldBase<Key extends string = string> {
  key: Key;
  /** The field's name in the original site's JSON API (requirements R5.1, R9.5), which only the API adapter speaks. */
  seedName: string;
  /** Korean label (the admin form, messages, the activity log) and the English pages' word. */
  label: { ko: string; en: string };
  /** Form hint for one value or entry ("예: 1995.03.14"). */
  placeholder?: string;
  /** Has an English version (shown on /en, falling back to the Korean value while empty). */
  english?: ArtistEnglishVariant;
  /** How the revision history and the changed-field list name it; the Korean label when not given. */
  audit?: string;
}

/** A one-line text field. */
export interface ArtistTextFieldEntry<Key extends string = string> extends ArtistFieldBase<Key> {
  kind: "text";
  /** Longest accepted value (characters). */
  maxLength: number;
  /** The form label when it says more than the label ("키 (cm)"). */
  formLabel?: string;
  /** Checks beyond the length, on the trimmed text (Korean messages); an optional field adds `.default("")`. */
  rule?: (base: z.ZodString) => z.ZodType<string>;
  /** Required: no default, the form marks it required. */
  required?: boolean;
  widget?: ArtistTextWidget;
  /** A typed control in the admin form (a date, a height), over the stored text (artist-form-controls.ts). */
  control?: ArtistFormControl;
}

/** A list field: one entry per line (credits, awards...). */
export interface ArtistListFieldEntry<Key extends string = string> extends ArtistFieldBase<Key> {
  kind: "list";
  /** Database column (snake case of the API name). */
  column: string;
  /** Where the profile page shows it: in the profile table, or as a credits section. */
  section: "profile" | "credits";
  /** English heading of a credits section on the profile page ("MOVIE"); profile rows have none. */
  title?: string;
  /** The credits section's id on the profile page (kept from the original site's, so links into it hold). */
  anchor?: string;
  placeholder: string;
}

export type ArtistFieldEntry = ArtistTextFieldEntry | ArtistListFieldEntry;

/** The form's messages for the typed controls' values (birthday, height), by field key. `today`: KST "YYYY-MM-DD". */
export function artistControlProblems(values: Readonly<Record<string, unknown>>, today: string, fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const f of fields) {
    if (f.kind !== "text" || !f.control) continue;
    const problem = controlProblem(f.control, String(values[f.key] ?? ""), today);
    if (problem) problems[f.key] = problem;
  }
  return problems;
}

/** Checks the typing of a field list (literal keys kept). */
export function defineArtistFields<const T extends readonly ArtistFieldEntry[]>(fields: T): T {
  return fields;
}

/** A list field with an English version. */
type EnglishListEntry<Key extends string> = ArtistListFieldEntry<Key> & { english: ArtistEnglishVariant };

/** A list field's entry: its column is the snake case of its API name ("movieList" → movie_list). */
function listEntry<const Key extends string>(key: Key, seedName: string, label: { ko: string; en: string }, [placeholder, englishPlaceholder]: readonly [string, string]) {
  const column = seedName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return { kind: "list", key, seedName, column, label, placeholder, english: { placeholder: englishPlaceholder } } as const;
}

/** A list shown as a row of the profile table (education, awards, skills); hints in Korean and English. */
export function profileList<const Key extends string>(key: Key, seedName: string, label: { ko: string; en: string }, hints: readonly [string, string]): EnglishListEntry<Key> {
  return { ...listEntry(key, seedName, label, hints), section: "profile" };
}

/**
 * A credits section of the profile page under its English heading ("MOVIE"); its anchor keeps the original
 * site's ("credits-movieList"), so links into it hold.
 */
export function creditList<const Key extends string>(key: Key, seedName: string, label: { ko: string; en: string }, title: string, hints: readonly [string, string]): EnglishListEntry<Key> {
  return { ...listEntry(key, seedName, label, hints), section: "credits", title, anchor: `credits-${seedName}` };
}

/** Every artist field, in the form's order, which is the original's (requirements R5.1): the text fields, then the eight lists. */
export const ARTIST_FIELDS = defineArtistFields([
  {
    kind: "text",
    key: "name",
    seedName: "name",
    label: { ko: "이름", en: "Name" },
    maxLength: 30,
    required: true,
    widget: { required: true, autoComplete: "off" },
    // The key of the artist's pages: stored and compared in NFC (the decomposed "한서윤" is the same
    // artist), and only what can be one URL segment that people can read (text-checks.ts).
    rule: (base) =>
      z.preprocess((v) => (typeof v === "string" ? normalizeArtistName(v) : v), base.min(1, "이름을 입력해 주세요.").superRefine(refineWith(artistNameProblem))) as unknown as z.ZodType<string>,
  },
  {
    kind: "text",
    key: "nameEn",
    seedName: "ename",
    label: { ko: "영문 이름", en: "Name in English" },
    maxLength: 60,
    widget: { lang: "en", autoComplete: "off" },
    rule: (base) => base.superRefine(refineWith((v) => oneLineTextProblem(v, "영문 이름"))),
  },
  {
    kind: "text",
    key: "birthday",
    seedName: "birthday",
    label: { ko: "생년월일", en: "Date of birth" },
    maxLength: 30,
    placeholder: "예: 1995.03.14",
    control: "date",
    english: { placeholder: "예: March 14, 1995", description: "영문 생년월일 (예: March 14, 1995). 비우면 한글 값이 보입니다." },
  },
  { kind: "text", key: "height", seedName: "cm", label: { ko: "키", en: "Height" }, formLabel: "키 (cm)", maxLength: 10, control: "height" },
  {
    kind: "text",
    key: "socialLink",
    seedName: "insta",
    label: { ko: "SNS 주소", en: "Social media" },
    maxLength: 300,
    placeholder: "https://www.instagram.com/...",
    widget: { type: "url" },
    rule: (base) => base.refine((v) => v === "" || isHttpUrl(v), "SNS 주소는 http:// 또는 https://로 시작하는 주소여야 합니다."),
  },
  profileList("education", "schoolList", { ko: "학력", en: "Education" }, ["예: 한국예술종합학교 연기과 졸업", "e.g. Korea National University of Arts, B.F.A. in Acting"]),
  profileList("awards", "winList", { ko: "수상", en: "Awards" }, ["예: 2025 청룡영화상 신인여우상", "e.g. 2025 Blue Dragon Film Awards, Best New Actress"]),
  profileList("specialSkills", "hobbyList", { ko: "특기", en: "Skills" }, ["예: 현대무용", "e.g. Contemporary dance"]),
  creditList("films", "movieList", { ko: "영화", en: "Film" }, "MOVIE", ["예: 2025 영화 〈제목〉 주연 '역할' 역", "e.g. 2025 'Title' (lead, as Seo-ha)"]),
  creditList("dramas", "dramaList", { ko: "드라마", en: "Television" }, "DRAMA", ["예: 2024 드라마 〈제목〉 조연 '역할' 역", "e.g. 2024 tvN 'Title' (supporting, as Ji-su)"]),
  creditList("theater", "playList", { ko: "연극", en: "Stage" }, "THEATER", ["예: 2022 연극 〈제목〉 '역할' 역", "e.g. 2022 play 'Title' (as Nari)"]),
  creditList("commercials", "cfList", { ko: "광고", en: "Commercials" }, "CF", ["예: 2024 브랜드 TV 광고", "e.g. 2024 Brand TV commercial"]),
  creditList("books", "bookList", { ko: "도서·화보", en: "Books & magazines" }, "BOOK", ["예: 2023 《매거진》 3월호 화보", "e.g. 2023 Magazine, March issue pictorial"]),
]);

/** A zod refinement from a "what is wrong, if anything" check. */
function refineWith(problem: (value: string) => string | null) {
  return (value: string, ctx: z.RefinementCtx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: "custom", message });
  };
}

type Entry = (typeof ARTIST_FIELDS)[number];

/** The one-line text fields, in order. */
export const ARTIST_TEXT_FIELDS = textFieldsOf(ARTIST_FIELDS);
export type ArtistTextKey = Extract<Entry, { kind: "text" }>["key"];

/** The list fields, in the original's order (requirements R5.1). */
export const ARTIST_LIST_FIELD_INFO = listFieldsOf(ARTIST_FIELDS);
export type ArtistListField = Extract<Entry, { kind: "list" }>["key"];

/** The list fields' keys, in order. */
export const ARTIST_LIST_FIELDS: readonly ArtistListField[] = ARTIST_LIST_FIELD_INFO.map((f) => f.key);

/** The fields with an English version. */
export type ArtistEnglishKey = Extract<Entry, { english: ArtistEnglishVariant }>["key"];

export function textFieldsOf<const T extends readonly ArtistFieldEntry[]>(fields: T): Extract<T[number], { kind: "text" }>[] {
  return fields.filter((f): f is Extract<T[number], { kind: "text" }> => f.kind === "text");
}

export function listFieldsOf<const T extends readonly ArtistFieldEntry[]>(fields: T): Extract<T[number], { kind: "list" }>[] {
  return fields.filter((f): f is Extract<T[number], { kind: "list" }> => f.kind === "list");
}

/** The fields with an English version, in order. */
export function englishFieldsOf<const T extends readonly ArtistFieldEntry[]>(fields: T): (T[number] & { english: ArtistEnglishVariant })[] {
  return fields.filter((f): f is T[number] & { english: ArtistEnglishVariant } => f.english !== undefined);
}

/** A field's label in a language ("생년월일", "Date of birth"). */
export function artistFieldLabel(key: ArtistTextKey | ArtistListField, locale: "ko" | "en"): string {
  return ARTIST_FIELDS.find((f) => f.key === key)!.label[locale];
}

/** The artist's own data (what a save writes), images aside. */
export type ArtistFields = Record<ArtistTextKey, string> & Record<ArtistListField, string[]>;

/**
 * The English version of a profile, entered next to the Korean one. The English name is the
 * `nameEn` field; height and the social link read the same in both languages. A list left empty shows the
 * Korean entries on the English page (with a note), never an empty section.
 */
export type ArtistEnglish = { [K in ArtistEnglishKey]?: K extends ArtistListField ? string[] : string };

/** The English profile as the form holds it: every field present (empty when not entered). */
export type ArtistEnglishFormValues = { [K in ArtistEnglishKey]: K extends ArtistListField ? string[] : string };

/** A field's empty value: "" for a text, [] for a list. */
function emptyValue(field: ArtistFieldEntry): string | string[] {
  return field.kind === "list" ? [] : "";
}

/** An artist with every field empty. */
export function emptyArtistFields(fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS): ArtistFields {
  return Object.fromEntries(fields.map((f) => [f.key, emptyValue(f)])) as ArtistFields;
}

/** Only the artist fields of a larger record (a database row, a form's values). */
export function pickArtistFields(source: ArtistFields, fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS): ArtistFields {
  const record = source as unknown as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f.key, record[f.key]])) as ArtistFields;
}

/** The English profile as the form holds it: every English field present (empty when not entered). */
export function artistEnglishFormValues(en: ArtistEnglish, fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS): ArtistEnglishFormValues {
  const record = en as Record<string, unknown>;
  return Object.fromEntries(englishFieldsOf(fields).map((f) => [f.key, record[f.key] ?? emptyValue(f)])) as ArtistEnglishFormValues;
}

/** List entries from either form shape: one hidden input per entry, or a textarea with one per line. */
function listEntries(form: FormData, name: string): string[] {
  return form
    .getAll(name)
    .flatMap((v) => (typeof v === "string" ? v.split(/\r?\n/) : []))
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

/** The artist fields of a submitted form, as sent: "name", "education", and the English ones "en.birthday", "en.education". */
export function artistFieldsFromForm(form: FormData, fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS): ArtistFields & { en: ArtistEnglishFormValues } {
  const read = (f: ArtistFieldEntry, name: string) => (f.kind === "list" ? listEntries(form, name) : String(form.get(name) ?? ""));
  // A typed control sends its own form ("1994-03-14"); the field keeps the stored one ("1994.03.14").
  const readKorean = (f: ArtistFieldEntry) => (f.kind === "text" && f.control ? storedValue(f.control, read(f, f.key) as string) : read(f, f.key));
  return {
    ...(Object.fromEntries(fields.map((f) => [f.key, readKorean(f)])) as ArtistFields),
    en: Object.fromEntries(englishFieldsOf(fields).map((f) => [f.key, read(f, `en.${f.key}`)])) as ArtistEnglishFormValues,
  };
}

/** How the revision history and the changed-field list name each field. */
export function artistFieldAuditLabels(fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.key, f.audit ?? f.label.ko]));
}

/** The English profile as the revision history reads it: one line per value, named by its field's English label. */
export function artistEnglishLines(en: ArtistEnglish, fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS): string[] {
  const record = en as Record<string, unknown>;
  return englishFieldsOf(fields).flatMap((f) => {
    const value = record[f.key];
    const values = Array.isArray(value) ? (value as string[]) : typeof value === "string" && value ? [value] : [];
    return values.map((entry) => `${f.label.en}: ${entry}`);
  });
}

/**
 * The English version of each field that has one: the English value where entered, else the Korean one
 * (`fellBack` names those). Text is compared trimmed; a list falls back while it has no entries.
 */
export function withArtistEnglishFallbacks(
  artist: ArtistFields,
  en: ArtistEnglish,
  fields: readonly ArtistFieldEntry[] = ARTIST_FIELDS,
): { values: Record<ArtistEnglishKey, string | string[]>; fellBack: ArtistFieldEntry[] } {
  const source = artist as unknown as Record<string, string | string[]>;
  const english = en as Record<string, string | string[] | undefined>;
  const fellBack: ArtistFieldEntry[] = [];
  const values = Object.fromEntries(
    englishFieldsOf(fields).map((f) => {
      const value = english[f.key];
      const entered = Array.isArray(value) ? value.length > 0 : Boolean(value?.trim());
      if (!entered) fellBack.push(f);
      return [f.key, entered ? (Array.isArray(value) ? value : value!.trim()) : source[f.key]];
    }),
  ) as Record<ArtistEnglishKey, string | string[]>;
  return { values, fellBack };
}
