import { z } from "./zod";
import { DEMO_CONTACT } from "./demo-contact";

/** The makers of the site settings' rules and entries (site-settings.ts): one per kind of value. */

/** 사업자등록번호 check digit: weights 1,3,7,1,3,7,1,3,5 plus the tens of the ninth digit × 5. */
export function isValidBusinessNumber(value: string): boolean {
  if (!/^\d{3}-\d{2}-\d{5}$/.test(value)) return false;
  const digits = value.replace(/-/g, "").split("").map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = weights.reduce((total, weight, i) => total + weight * digits[i]!, 0);
  sum += Math.floor((digits[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === digits[9];
}


export const text = (label: string, max: number) =>
  z
    .string({ error: `${label} 입력해 주세요.` })
    .trim()
    .min(1, `${label} 입력해 주세요.`)
    .max(max, `${max}자 이내로 입력해 주세요.`);

export const optionalText = (max: number) => z.string().trim().max(max, `${max}자 이내로 입력해 주세요.`).default("");

export const webAddress = (example: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value) && URL.canParse(value), `https://로 시작하는 주소를 입력해 주세요. 예: ${example}`);

const coordinate = (name: string, limit: number, example: number) =>
  z
    .string()
    .trim()
    .refine((value) => /^-?\d{1,3}(?:\.\d+)?$/.test(value) && Math.abs(Number(value)) <= limit, `${name}는 -${limit}에서 ${limit} 사이의 숫자로 입력해 주세요. 예: ${example}`)
    .transform(Number);

/** A whole number between two limits, typed as text (digits only) and stored as a number, in a number field. */
export const wholeNumberSetting = (min: number, max: number, message: string) =>
  ({
    rule: z
      .string()
      .trim()
      .refine((value) => /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max, message)
      .transform(Number),
    stored: z.number().int().min(min).max(max),
    widget: { type: "number", min, max, step: 1, inputMode: "numeric" },
  }) as const;

/** A social account's address the header links to (always shown, so required; the demo has one). */
export const socialAddressSetting = <const Key extends "instagram" | "youtube">(key: Key, example: string, label: { ko: string; en: string }, audit: string) =>
  ({
    key,
    storage: `social.${key}`,
    group: "social",
    rule: webAddress(example),
    stored: httpUrl(),
    default: DEMO_CONTACT[key],
    label,
    widget: { type: "url" },
    audit,
    demo: true,
  }) as const;

/** One coordinate of the map's pin ("map.lat"): typed as text, stored as a number, an example of the demo's own. */
export const coordinateSetting = <const Key extends string, const Part extends "lat" | "lng">(key: Key, part: Part, label: { ko: string; en: string }, limit: number, demo: number) =>
  ({
    key,
    storage: `map.${part}`,
    setting: "map",
    group: "map",
    rule: coordinate(label.ko, limit, demo),
    stored: z.number().min(-limit).max(limit),
    default: demo,
    label,
    help: { ko: `예: ${demo}`, en: `For example ${demo}` },
    widget: { type: "text", inputMode: "decimal" },
    audit: "지도 위치",
    demo: true,
  }) as const;

const PHONE_PATTERN = /^(?:0\d{1,2}-\d{3,4}-\d{4}|1\d{3}-\d{4})$/;
const PHONE_MESSAGE = "전화번호는 02-1234-5678처럼 하이픈(-)을 넣어 입력해 주세요.";
export const phone = () => z.string().trim().regex(PHONE_PATTERN, PHONE_MESSAGE);

export const email = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} 입력해 주세요.`)
    .pipe(z.email("이메일 주소 형식이 아닙니다. 예: contact@example.com"));

/** Paragraphs separated by a blank line, stored with "\n" whatever line breaks the browser sent. */
export const paragraphs = (rule: z.ZodType<string>) => rule.transform((value) => value.replace(/\r\n?/g, "\n"));

export const httpUrl = () => z.url({ protocol: /^https?$/ });
