import { z } from "zod";

/**
 * zod with Korean messages. Every module of the app imports `z` from here (an ESLint rule says so), so
 * the server and the client bundle both install the error map before any schema parses. A schema's own
 * message (`z.string({ error: "제목을 입력해 주세요." })`, `.max(200, "...")`) still wins: this map
 * only answers the failures nobody wrote a message for, which used to reach users as zod's English
 * ("Invalid input: expected object, received string"). See docs/decisions/034-names-and-hostile-values.md.
 */

/** What a value should have been, with the ending the sentence needs ("문자열이어야", "객체여야"). */
const SHOULD_BE: Record<string, string> = {
  string: "문자열이어야",
  number: "숫자여야",
  int: "정수여야",
  bigint: "정수여야",
  boolean: "true 또는 false여야",
  object: "객체여야",
  record: "객체여야",
  array: "배열이어야",
  tuple: "배열이어야",
  set: "배열이어야",
  map: "객체여야",
  date: "날짜여야",
  file: "파일이어야",
  null: "null이어야",
};

const FORMATS: Record<string, string> = {
  email: "이메일 주소 형식이 아닙니다. 예: name@example.com",
  url: "주소 형식이 올바르지 않습니다. http:// 또는 https://로 시작하는 주소를 입력해 주세요.",
  datetime: "날짜·시각 형식이 올바르지 않습니다. 예: 2026-12-01T09:00:00+09:00",
  date: "날짜 형식이 올바르지 않습니다. 예: 2026-12-01",
  time: "시각 형식이 올바르지 않습니다. 예: 09:00",
};

const GENERIC = "입력값이 올바르지 않습니다.";
const REQUIRED = "값을 입력해 주세요.";

/** How an allowed value is shown in a message: strings in quotes, as a JSON client writes them. */
function shown(value: unknown): string {
  return typeof value === "string" ? `"${value}"` : String(value);
}

/** The Korean message of a zod issue that has no message of its own. */
export function koreanZodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined || issue.expected === "nonoptional") return REQUIRED;
      const should = SHOULD_BE[issue.expected];
      return should ? `형식이 올바르지 않습니다. ${should} 합니다.` : GENERIC;
    }
    case "too_small": {
      const min = String(issue.minimum);
      switch (issue.origin) {
        case "string":
          return Number(issue.minimum) <= 1 ? REQUIRED : `${min}자 이상 입력해 주세요.`;
        case "array":
        case "set":
          return Number(issue.minimum) <= 1 ? "하나 이상 넣어 주세요." : `${min}개 이상 넣어 주세요.`;
        case "number":
        case "int":
        case "bigint":
          return issue.inclusive ? `${min} 이상이어야 합니다.` : `${min}보다 커야 합니다.`;
        default:
          return "값이 너무 작습니다.";
      }
    }
    case "too_big": {
      const max = String(issue.maximum);
      switch (issue.origin) {
        case "string":
          return `${max}자 이내로 입력해 주세요.`;
        case "array":
        case "set":
          return `${max}개 이내로 넣어 주세요.`;
        case "number":
        case "int":
        case "bigint":
          return issue.inclusive ? `${max} 이하여야 합니다.` : `${max}보다 작아야 합니다.`;
        default:
          return "값이 너무 큽니다.";
      }
    }
    case "invalid_format":
      return FORMATS[issue.format] ?? "형식이 올바르지 않습니다.";
    case "invalid_value":
      return issue.values.length === 1 ? `${shown(issue.values[0])}만 쓸 수 있습니다.` : `${issue.values.map(shown).join(", ")} 중 하나여야 합니다.`;
    case "not_multiple_of":
      return `${String(issue.divisor)}의 배수여야 합니다.`;
    case "unrecognized_keys":
      return `알 수 없는 항목이 있습니다: ${issue.keys.join(", ")}`;
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
      return "형식이 올바르지 않습니다.";
    default:
      return GENERIC;
  }
}

z.config({ customError: koreanZodMessage });

/**
 * zod's English messages, for the one reader who gets English: the operator reading the environment's
 * errors at start (env.server.ts passes it per parse, which outranks the Korean map).
 */
export const englishZodMessages = z.locales.en().localeError;

export { z };
