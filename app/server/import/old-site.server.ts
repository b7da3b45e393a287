import { createHash } from "node:crypto";
import { ARTIST_LIST_FIELD_INFO, ARTIST_TEXT_FIELDS, type ArtistListField, type ArtistTextKey } from "../../domain/artist-fields";
import { kstDate } from "../../domain/kst";
import { postApiFields, type POST_FIELDS, type PostFieldEntry } from "../../domain/post-fields";

/**
 * The original site's JSON API (requirements R9) as the import reads it. Its answers' exact shapes were
 * never described (requirements R9.5), so everything here is read tolerantly: a list may be a bare array
 * or wrapped in an object, a detail an object or a one-element array, `writeDay` a date or a timestamp,
 * list fields JSON-encoded strings or arrays. What had to be repaired is said in `repairs`, in Korean.
 */

/** An artist of the old site in the domain's words (the field model's `seedName` says which is which). */
export interface SourceArtist {
  name: string;
  text: Record<ArtistTextKey, string>;
  lists: Record<ArtistListField, string[]>;
  /** Absolute URLs of the photos, main first. */
  images: string[];
  repairs: string[];
}

/** The post fields the original site's API had (app/domain/post-fields.ts, `api.original`): title and content. */
const ORIGINAL_POST_FIELDS = postApiFields().filter((f) => f.api.original);
type OriginalPostKey = Extract<(typeof POST_FIELDS)[number], { api: { original: true } }>["key"];

/** A news post or notice of the old site: its number, its fields as the old API named them, its day. */
export type SourcePost = {
  postId: string;
  /** YYYY-MM-DD in KST, or "" when the old site gave none that can be read. */
  writeDay: string;
  repairs: string[];
} & Record<OriginalPostKey, string>;

export type SourceKind = "news" | "notice";

export const OLD_SITE_PATHS = {
  artists: "/api/we/actorList",
  artist: (name: string) => `/api/we/actorList/${encodeURIComponent(name)}`,
  list: (kind: SourceKind) => `/api/we/${kind}list`,
  post: (kind: SourceKind, postId: string) => `/api/we/${kind}post/${encodeURIComponent(postId)}`,
} as const;

/** What an API path of the old site holds, as staff read it: "배우 목록", "배우 ‘홍길동’ 정보", "뉴스 글 12". */
export function oldSiteRecordLabel(path: string): string {
  const decoded = (value: string) => {
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const kind = (name: string) => (name === "news" ? "뉴스" : "공지사항");
  if (path === OLD_SITE_PATHS.artists) return "배우 목록";
  const artist = /^\/api\/we\/actorList\/(.+)$/.exec(path);
  if (artist) return `배우 ‘${decoded(artist[1]!)}’ 정보`;
  const list = /^\/api\/we\/(news|notice)list$/.exec(path);
  if (list) return `${kind(list[1]!)} 목록`;
  const post = /^\/api\/we\/(news|notice)post\/(.+)$/.exec(path);
  if (post) return `${kind(post[1]!)} 글 ${decoded(post[2]!)}`;
  return "자료";
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The array in a list answer: the answer itself, or the first array found in an object wrapping it (one or two levels down). */
export function listOf(body: unknown): unknown[] | null {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return null;
  const values = Object.values(body);
  const direct = values.find(Array.isArray);
  if (direct) return direct;
  for (const value of values) {
    if (isRecord(value)) {
      const nested = Object.values(value).find(Array.isArray);
      if (nested) return nested;
    }
  }
  return null;
}

/** The record in a detail answer: the object, a one-element array's element, or an object wrapped in `data`/`result`-like keys. */
export function recordOf(body: unknown): Record<string, unknown> | null {
  if (Array.isArray(body)) return body.length >= 1 && isRecord(body[0]) ? body[0] : null;
  if (!isRecord(body)) return null;
  const wrapped = Object.values(body).filter((value) => isRecord(value) || Array.isArray(value));
  // An object with its own scalar fields is the record; one holding only a record or list wraps it.
  const ownScalars = Object.values(body).some((value) => typeof value === "string" || typeof value === "number");
  if (!ownScalars && wrapped.length === 1) return recordOf(wrapped[0]);
  return body;
}

function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

/**
 * A list field as an array of strings: an array, a JSON-encoded array, or (repaired) a string that is not
 * JSON: its quoted entries when it looks like a broken array, otherwise one entry per line or comma.
 */
export function stringList(value: unknown, label: string, repairs: string[]): string[] {
  if (value === undefined || value === null || value === "") return [];
  let list: unknown = value;
  if (typeof value === "string") {
    try {
      list = JSON.parse(value);
    } catch {
      const quoted = [...value.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
      const entries = quoted.length > 0 ? quoted : value.replace(/^\s*\[|\]\s*$/g, "").split(/\r?\n|,/);
      repairs.push(`${label}: JSON 목록이 아니어서 항목을 나누어 읽었습니다.`);
      return entries.map((entry) => entry.trim()).filter(Boolean);
    }
  }
  if (typeof list === "string") return list.trim() ? [list.trim()] : [];
  if (!Array.isArray(list)) {
    repairs.push(`${label}: 목록이 아니어서 비워 두었습니다.`);
    return [];
  }
  return list.map(text).filter(Boolean);
}

/** An image reference as an absolute URL (relative ones are on the old host); `data:` URIs stay as they are. */
export function absoluteImageUrl(value: string, base: string): string | null {
  if (value.startsWith("data:")) return value;
  try {
    const url = new URL(value, `${base}/`);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export function readArtist(record: Record<string, unknown>, base: string): SourceArtist | null {
  const name = text(record.name);
  if (!name) return null;
  const repairs: string[] = [];
  const textValues = Object.fromEntries(ARTIST_TEXT_FIELDS.map((f) => [f.key, text(record[f.seedName])])) as Record<ArtistTextKey, string>;
  const lists = Object.fromEntries(ARTIST_LIST_FIELD_INFO.map((f) => [f.key, stringList(record[f.seedName], f.label.ko, repairs)])) as Record<ArtistListField, string[]>;
  const images: string[] = [];
  for (const reference of stringList(record.imgList, "사진 목록", repairs)) {
    const url = absoluteImageUrl(reference, base);
    if (url) images.push(url);
    else repairs.push(`사진 주소를 읽을 수 없어 뺐습니다: ${reference.slice(0, 80)}`);
  }
  return { name, text: { ...textValues, name }, lists, images, repairs };
}

/** `writeDay` as a KST date: "2024-03-05", "2024-03-05T…", "2024.03.05", or a timestamp in seconds or milliseconds. */
export function readWriteDay(value: unknown): string {
  if (typeof value === "number" && Number.isFinite(value)) {
    const ms = value < 1e11 ? value * 1000 : value;
    return kstDate(new Date(ms));
  }
  const raw = text(value);
  if (/^\d{10,13}$/.test(raw)) return readWriteDay(Number(raw));
  const day = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(raw);
  if (day) return `${day[1]}-${day[2]!.padStart(2, "0")}-${day[3]!.padStart(2, "0")}`;
  const instant = new Date(raw);
  // An ISO instant with a time: the day it was in Seoul.
  return raw && !Number.isNaN(instant.getTime()) && /\d{4}-\d{2}-\d{2}T/.test(raw) ? kstDate(instant) : "";
}

export function readPost(record: Record<string, unknown>, fallbackId?: string): SourcePost | null {
  const postId = text(record.postId ?? record.id) || fallbackId || "";
  if (!postId) return null;
  const repairs: string[] = [];
  const writeDay = readWriteDay(record.writeDay);
  if (!writeDay) repairs.push("작성일을 읽을 수 없어 가져온 날로 두었습니다.");
  // HTML as it was (the save sanitizes it); text trimmed.
  const read = (f: PostFieldEntry & { api: { name: string } }) => {
    const value = record[f.api.name];
    return f.kind === "html" ? (typeof value === "string" ? value : "") : text(value);
  };
  const fields = Object.fromEntries(ORIGINAL_POST_FIELDS.map((f) => [f.key, read(f)])) as Record<OriginalPostKey, string>;
  return { postId, ...fields, writeDay, repairs };
}

/** A record's fingerprint: a re-run compares it with the one stored at the last import to see whether it changed there. */
export function fingerprint(value: unknown): string {
  return createHash("sha256").update(JSON.stringify(value, (_, v: unknown) => (isRecord(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v))).digest("hex");
}
