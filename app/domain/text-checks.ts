import { withParticle } from "./korean";

/**
 * What makes a name or a title: one line of visible text. Artist names are also the key of their pages
 * (`/artist/{name}`, `/adminActor/{name}`, `/api/we/actorList/{name}`), so they are stored in one
 * Unicode form and compared as people read them. The zod schemas (schemas.ts) apply these to every
 * write: the admin forms, the JSON API, restoring a revision, the media library.
 * See docs/decisions/034-names-and-hostile-values.md.
 */

/** Control characters (C0, DEL, C1: tab, line feed, NUL, ...) and the Unicode line and paragraph separators. */
const LINE_BREAK_OR_CONTROL = /[\p{Cc}\u2028\u2029]/u;
/** Bidirectional embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069): they reorder what follows on screen. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * Characters that draw nothing: the default-ignorable ones (zero-width spaces and joiners U+200B-U+200D,
 * word joiner U+2060, BOM U+FEFF, the Hangul fillers U+3164, U+115F, U+1160, U+FFA0, soft hyphen,
 * variation selectors, ...) and the blank Braille pattern.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/u;
/** What can stand on its own and be seen: not a space, a mark, a control, a format or an invisible character. */
const VISIBLE = /[^\s\p{Z}\p{M}\p{C}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** The replacement character (what a broken encoding leaves) and the noncharacters. */
const BROKEN = /[\uFFFD\uFDD0-\uFDEF\uFFFE\uFFFF]/u;
/** Characters with a meaning in a URL's path that a name would carry into `/artist/{name}`. */
const URL_SPECIAL = /[/\\?#%<>"]/;

export const NAME_URL_CHARACTERS_MESSAGE = "이름에는 / \\ ? # % < > \" 문자를 쓸 수 없습니다.";

/**
 * The problem of a one-line text field (a title, a name), or null. `label` names the field in the
 * message ("제목", "영문 제목", "이름"). An empty value is not this check's business (required fields
 * say so themselves).
 */
export function oneLineTextProblem(value: string, label: string): string | null {
  if (value === "") return null;
  if (!value.isWellFormed()) return `${label}에 쓸 수 없는 문자가 들어 있습니다. 다시 입력해 주세요.`;
  if (LINE_BREAK_OR_CONTROL.test(value)) return `${withParticle(label, "은/는")} 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다.`;
  if (BIDI_CONTROL.test(value)) return `${label}에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다.`;
  if (!VISIBLE.test(value)) return `${withParticle(label, "이/가")} 보이지 않는 문자로만 되어 있습니다. ${withParticle(label, "을/를")} 입력해 주세요.`;
  return null;
}

/**
 * The problem of an artist's name (already NFC and trimmed), or null: a one-line text, and a page
 * address. Invisible characters are refused anywhere in it, not only alone: "김\u200B민지" would be a
 * second address that looks exactly like "김민지". The URL checks read the compatibility form too, so
 * "／" cannot stand in for "/".
 */
export function artistNameProblem(name: string): string | null {
  const line = oneLineTextProblem(name, "이름");
  if (line) return line;
  if (BROKEN.test(name)) return "이름에 쓸 수 없는 문자가 들어 있습니다. 다시 입력해 주세요.";
  if (INVISIBLE.test(name)) return "이름에는 보이지 않는 문자(폭 없는 공백, 한글 채움 문자 등)를 쓸 수 없습니다.";
  const compatible = name.normalize("NFKC");
  if (URL_SPECIAL.test(name) || URL_SPECIAL.test(compatible)) return NAME_URL_CHARACTERS_MESSAGE;
  if (compatible === "." || compatible === "..") return "이름을 ‘.’이나 ‘..’만으로 쓸 수는 없습니다.";
  return null;
}

/** The one form a name is stored and looked up in (NFC: "한서윤" typed as conjoining jamo is "한서윤"). */
export function normalizeArtistName(name: string): string {
  return name.normalize("NFC");
}

/**
 * The forms to look a name up by, in order: the stored form, then the name as given (an artist stored
 * before names were normalized keeps the address it had).
 */
export function artistNameLookups(name: string): string[] {
  const normalized = normalizeArtistName(name);
  return normalized === name ? [name] : [normalized, name];
}

/**
 * Two names are the same artist when their keys are equal: compatibility form (full-width "ｋｉｍ" is
 * "kim"), case folded ("KIM" is "kim", "STRASSE" is "straße"), invisible characters dropped and runs of
 * spaces made one. The pages still show the name as entered.
 */
export function artistNameKey(name: string): string {
  return name
    .normalize("NFKC")
    .toUpperCase()
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[\p{Default_Ignorable_Code_Point}]/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
}

/** An absolute http(s) address. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
