import { z } from "../../domain/zod";
import { MIN_STAFF_PASSWORD_LENGTH, STAFF_ROLES } from "../../domain/staff-roles";
import { normalizeLoginId } from "../auth/passwords.server";

/**
 * What the staff forms send, checked (the invitation, a link's password and code, a login id, a role),
 * and how the staff use cases refuse: a message, and the fields' errors.
 */

export const MIN_PASSWORD_LENGTH = MIN_STAFF_PASSWORD_LENGTH;

export const roleField = z.enum(STAFF_ROLES, { error: "역할을 선택해 주세요." });

export const invitationSchema = z.object({
  displayName: z.string({ error: "이름을 입력해 주세요." }).trim().min(1, "이름을 입력해 주세요.").max(40, "이름은 40자 이내로 입력해 주세요."),
  email: z
    .string({ error: "이메일 주소를 입력해 주세요." })
    .trim()
    .min(1, "이메일 주소를 입력해 주세요.")
    .max(254, "이메일 주소가 너무 깁니다.")
    .pipe(z.email("이메일 주소 형식이 아닙니다. 예: name@example.com"))
    .transform((v) => v.toLowerCase()),
  role: roleField,
});

const samePasswords = { message: "두 비밀번호가 같지 않습니다.", path: ["passwordConfirm"] };

/** What every link's form sends: the password twice and the authenticator app's code (checked against the link's secret apart). */
export const linkFormSchema = z
  .object({
    password: z
      .string({ error: "비밀번호를 입력해 주세요." })
      .min(MIN_PASSWORD_LENGTH, `비밀번호는 ${MIN_PASSWORD_LENGTH}자 이상으로 입력해 주세요.`)
      .max(200, "비밀번호는 200자 이내로 입력해 주세요."),
    passwordConfirm: z.string({ error: "비밀번호를 한 번 더 입력해 주세요." }),
    code: z
      .string({ error: "인증 코드는 숫자로 입력해 주세요." })
      .transform((v) => v.replace(/\s/g, ""))
      .refine((v) => /^\d{0,8}$/.test(v), "인증 코드는 인증 앱에 표시된 6자리 숫자로 입력해 주세요."),
  })
  .refine((v) => v.password === v.passwordConfirm, samePasswords);

/** An invitation's login id (a setup link's account has one). */
export const loginIdSchema = z
  .string({ error: "아이디를 입력해 주세요." })
  .transform((v) => normalizeLoginId(v))
  .refine((v) => v.length >= 3 && v.length <= 40 && /^[a-z0-9._-]+$/.test(v), "아이디는 영문 소문자, 숫자, 마침표(.), 밑줄(_), 하이픈(-)으로 3~40자를 입력해 주세요.");

/** A use case's refusal: what to say, and the fields' errors. */
export type Refusal = { ok: false; message: string; errors?: Record<string, string> };

/** The first error of each field of a form. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A refusal thrown inside a transaction, which rolls it back (`refusing` makes it the answer). */
export class StaffRefusal extends Error {
  constructor(
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A refusal thrown inside a transaction (rolled back) becomes the use case's answer. */
export async function refusing<T>(run: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StaffRefusal) return { ok: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    throw error;
  }
}
