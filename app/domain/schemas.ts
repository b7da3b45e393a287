import { z } from "zod";
import { MAX_ARTIST_IMAGES } from "./constants";

/** One zod schema per input, shared by the admin forms, their actions and the JSON API. */

export const loginSchema = z.object({
  id: z.string({ error: "아이디를 입력해 주세요." }).trim().min(1, "아이디를 입력해 주세요.").max(64, "아이디가 너무 깁니다."),
  password: z.string({ error: "비밀번호를 입력해 주세요." }).min(1, "비밀번호를 입력해 주세요.").max(256, "비밀번호가 너무 깁니다."),
});

export const MAX_TITLE_LENGTH = 200;
export const MAX_CONTENT_LENGTH = 200_000;

export const postInputSchema = z.object({
  title: z
    .string({ error: "제목을 입력해 주세요." })
    .trim()
    .min(1, "제목을 입력해 주세요.")
    .max(MAX_TITLE_LENGTH, `제목은 ${MAX_TITLE_LENGTH}자 이내로 입력해 주세요.`),
  content: z
    .string({ error: "내용을 입력해 주세요." })
    .max(MAX_CONTENT_LENGTH, "내용이 너무 깁니다. 글을 나누어 올려 주세요."),
});
export type PostInput = z.infer<typeof postInputSchema>;

export const MAX_LIST_ENTRIES = 50;
export const MAX_ENTRY_LENGTH = 200;

const listField = z
  .array(z.string({ error: "목록 항목은 글자여야 합니다." }).trim().max(MAX_ENTRY_LENGTH, `목록 항목은 ${MAX_ENTRY_LENGTH}자 이내로 입력해 주세요.`), {
    error: "목록 형식이 올바르지 않습니다.",
  })
  .max(MAX_LIST_ENTRIES, `목록은 ${MAX_LIST_ENTRIES}개 이내로 입력해 주세요.`)
  // Spec §5: empty entries are ignored.
  .transform((entries) => entries.filter((e) => e.length > 0));

const text = (max: number, label: string) =>
  z.string({ error: `${label} 형식이 올바르지 않습니다.` }).trim().max(max, `${label}은(는) ${max}자 이내로 입력해 주세요.`);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const artistInputSchema = z.object({
  name: z
    .string({ error: "이름을 입력해 주세요." })
    .trim()
    .min(1, "이름을 입력해 주세요.")
    .max(30, "이름은 30자 이내로 입력해 주세요.")
    .refine((v) => !/[/\\?#%<>"]/.test(v), "이름에는 / \\ ? # % < > \" 문자를 쓸 수 없습니다."),
  ename: text(60, "영문 이름").default(""),
  birthday: text(30, "생년월일").default(""),
  cm: text(10, "키").default(""),
  insta: text(300, "SNS 주소")
    .default("")
    .refine((v) => v === "" || isHttpUrl(v), "SNS 주소는 http:// 또는 https://로 시작하는 주소여야 합니다."),
  schoolList: listField.default([]),
  winList: listField.default([]),
  hobbyList: listField.default([]),
  movieList: listField.default([]),
  dramaList: listField.default([]),
  playList: listField.default([]),
  cfList: listField.default([]),
  bookList: listField.default([]),
  imgList: z
    .array(z.string({ error: "사진 주소 형식이 올바르지 않습니다." }).trim().max(500), { error: "사진 목록 형식이 올바르지 않습니다." })
    .max(MAX_ARTIST_IMAGES, `사진은 최대 ${MAX_ARTIST_IMAGES}장까지 올릴 수 있습니다.`)
    .transform((urls) => urls.filter((u) => u.length > 0))
    .default([]),
});
export type ArtistInput = z.infer<typeof artistInputSchema>;

/** The first message for each field, for showing next to it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
