import { describe, expect, it } from "vitest";
import { artistInputSchema, artistFieldErrors, fieldErrors, postEnglishInputSchema, postInputSchema } from "../../app/domain/schemas";
import { artistNameKey, artistNameLookups } from "../../app/domain/text-checks";
import { DEMO_ARTISTS } from "../../app/server/seed/demo-content.server";

/** "한서윤" typed as conjoining jamo (what macOS file names and some keyboards send). */
const DECOMPOSED = "한서윤".normalize("NFD");

const nameError = (name: unknown) => {
  const parsed = artistInputSchema.safeParse({ name });
  return parsed.success ? null : (artistFieldErrors(parsed.error).name ?? null);
};
const titleError = (title: unknown) => {
  const parsed = postInputSchema.safeParse({ title, content: "<p>본문</p>" });
  return parsed.success ? null : (fieldErrors(parsed.error).title ?? null);
};

describe("artist names: one line of visible text that can be one URL segment", () => {
  it("keeps every name that makes sense: the demo roster, Korean, English with spaces and hyphens, accents", () => {
    for (const name of [...DEMO_ARTISTS.map((a) => a.name), "한서윤", "남궁하린", "Lee Min-ji", "John Smith", "Kim", "Zoë", "José", "O'Neil", "Jr.", "..."]) {
      expect(nameError(name), name).toBeNull();
    }
  });

  it("stores the NFC form: the decomposed 한서윤 is 한서윤", () => {
    expect(DECOMPOSED).not.toBe("한서윤");
    const parsed = artistInputSchema.parse({ name: ` ${DECOMPOSED} ` });
    expect(parsed.name).toBe("한서윤");
    expect(artistNameLookups(DECOMPOSED)).toEqual(["한서윤", DECOMPOSED]);
    expect(artistNameLookups("한서윤")).toEqual(["한서윤"]);
  });

  it.each([
    [".", "‘.’이나 ‘..’만으로"],
    ["..", "‘.’이나 ‘..’만으로"],
    ["．．", "‘.’이나 ‘..’만으로"],
    ["\u200B", "보이지 않는 문자로만"],
    ["\u200B\u200C\u200D", "보이지 않는 문자로만"],
    ["\u2060\u2060", "보이지 않는 문자로만"],
    ["\u3164", "보이지 않는 문자로만"],
    ["\u3164\u3164\u3164", "보이지 않는 문자로만"],
    ["\u115F\u1160", "보이지 않는 문자로만"],
    ["\u0301\u0301", "보이지 않는 문자로만"],
    ["\u2800", "보이지 않는 문자로만"],
    ["김\u200B민지", "보이지 않는 문자(폭 없는 공백, 한글 채움 문자 등)"],
    ["김\uFEFF민지", "보이지 않는 문자(폭 없는 공백, 한글 채움 문자 등)"],
    ["김\u3164민지", "보이지 않는 문자(폭 없는 공백, 한글 채움 문자 등)"],
    ["김\u202E지민", "글자 방향을 바꾸는 제어 문자"],
    ["\u202Dabc", "글자 방향을 바꾸는 제어 문자"],
    ["\u2066김민지\u2069", "글자 방향을 바꾸는 제어 문자"],
    ["김\n민지", "한 줄로 입력해 주세요"],
    ["김\r\n민지", "한 줄로 입력해 주세요"],
    ["김\t민지", "한 줄로 입력해 주세요"],
    ["김\u2028민지", "한 줄로 입력해 주세요"],
    ["김\u0085민지", "한 줄로 입력해 주세요"],
    ["김\u007F민지", "한 줄로 입력해 주세요"],
    ["김\u001B[31m민지", "한 줄로 입력해 주세요"],
    ["김\uD800민지", "쓸 수 없는 문자"],
    ["김\uFFFD민지", "쓸 수 없는 문자"],
    ["a/b", "/ \\ ? # % < > \" 문자를 쓸 수 없습니다"],
    ["a／b", "/ \\ ? # % < > \" 문자를 쓸 수 없습니다"],
    ["a%2Fb", "/ \\ ? # % < > \" 문자를 쓸 수 없습니다"],
    ["a？b", "/ \\ ? # % < > \" 문자를 쓸 수 없습니다"],
  ])("refuses %j with a Korean message", (name, message) => {
    expect(nameError(name)).toContain(message);
  });

  it("names that are only spaces (any kind) are empty", () => {
    for (const name of ["   ", "\u3000", "\u00A0\u2003"]) expect(nameError(name)).toBe("이름을 입력해 주세요.");
  });

  it("the English name is one line of visible text too, and may stay empty", () => {
    const nameEn = (value: string) => {
      const parsed = artistInputSchema.safeParse({ name: "한서윤", nameEn: value });
      return parsed.success ? null : (artistFieldErrors(parsed.error).nameEn ?? null);
    };
    expect(nameEn("")).toBeNull();
    expect(nameEn("HAN SEO YUN")).toBeNull();
    expect(nameEn("HAN\nSEO YUN")).toContain("영문 이름은 한 줄로 입력해 주세요.");
    expect(nameEn("\u202EHAN")).toContain("영문 이름에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다.");
    expect(nameEn("\u200B")).toContain("영문 이름이 보이지 않는 문자로만 되어 있습니다.");
  });
});

describe("the key that makes two names one artist (NFKC, case folding, invisible characters, spaces)", () => {
  it("case and width variants of a Latin name are one name", () => {
    const key = artistNameKey("Kim");
    for (const variant of ["KIM", "kim", "ｋｉｍ", "Ｋｉｍ", "ＫＩＭ"]) expect(artistNameKey(variant), variant).toBe(key);
    expect(artistNameKey("Lee Min-ji")).toBe(artistNameKey("LEE  MIN-JI"));
    expect(artistNameKey("Straße")).toBe(artistNameKey("STRASSE"));
    expect(artistNameKey("ﬁne")).toBe(artistNameKey("FINE"));
  });

  it("composed and decomposed Korean are one name; different names stay different", () => {
    expect(artistNameKey(DECOMPOSED)).toBe(artistNameKey("한서윤"));
    expect(artistNameKey("김\u200B민지")).toBe(artistNameKey("김민지"));
    expect(artistNameKey("김민지")).not.toBe(artistNameKey("김민재"));
    expect(artistNameKey("Kim")).not.toBe(artistNameKey("Kin"));
  });
});

describe("post titles: one line of visible text", () => {
  it("keeps ordinary titles, with symbols, emoji and mixed scripts", () => {
    for (const title of ["새 소식", "[공지] 2026 오디션 안내", "한서윤, 〈제목〉 주연 확정!", "Title — with “quotes” & émoji 😀", "العربية עברית 한국어"]) {
      expect(titleError(title), title).toBeNull();
    }
  });

  it.each([
    ["첫 줄\n둘째 줄", "제목은 한 줄로 입력해 주세요."],
    ["탭\t제목", "제목은 한 줄로 입력해 주세요."],
    ["줄\u2029구분", "제목은 한 줄로 입력해 주세요."],
    ["\u202E역방향 제목", "제목에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다."],
    ["\u2067격리\u2069", "제목에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다."],
    ["\u200B\u200B", "제목이 보이지 않는 문자로만 되어 있습니다. 제목을 입력해 주세요."],
    ["\u3164", "제목이 보이지 않는 문자로만 되어 있습니다. 제목을 입력해 주세요."],
    ["\uDC00", "제목에 쓸 수 없는 문자가 들어 있습니다."],
  ])("refuses %j", (title, message) => {
    expect(titleError(title)).toContain(message);
  });

  it("the English title follows the same rules and may stay empty (no English version)", () => {
    const titleEn = (value: string) => {
      const parsed = postEnglishInputSchema.safeParse({ titleEn: value, contentEn: "" });
      return parsed.success ? null : (fieldErrors(parsed.error).titleEn ?? null);
    };
    expect(titleEn("")).toBeNull();
    expect(titleEn("Cast in a lead role")).toBeNull();
    expect(titleEn("Cast\nin a lead role")).toBe("영문 제목은 한 줄로 입력해 주세요. 줄바꿈이나 제어 문자는 쓸 수 없습니다.");
    expect(titleEn("\u202Eevil")).toBe("영문 제목에는 글자 방향을 바꾸는 제어 문자를 쓸 수 없습니다.");
  });
});
