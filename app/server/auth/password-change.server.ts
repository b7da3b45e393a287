import { and, eq, ne } from "drizzle-orm";
import { z } from "../../domain/zod";
import { staffUsers, sessions } from "../../../drizzle/schema";
import { MIN_STAFF_PASSWORD_LENGTH } from "../../domain/staff-roles";
import { recordAudit } from "../platform/audit.server";
import type { Database } from "../platform/db.server";
import type { Actor } from "../platform/services.server";
import { hitRateLimit, rateLimitSubject, type RateLimitRule } from "../platform/rate-limit.server";
import { hashPassword, verifyPassword } from "./passwords.server";

/**
 * A member of staff changes their own password from "내 계정" (decision 051: the answer to a login
 * security notice). The current password is asked for, so a session left open does not give the
 * account away for good; wrong current passwords are limited per account; the change ends every other
 * session of the account, so whoever knew the old password is out.
 */

export const passwordChangeSchema = z
  .object({
    current: z.string({ error: "지금 쓰는 비밀번호를 입력해 주세요." }).min(1, "지금 쓰는 비밀번호를 입력해 주세요.").max(200, "비밀번호는 200자 이내로 입력해 주세요."),
    next: z
      .string({ error: "새 비밀번호를 입력해 주세요." })
      .min(MIN_STAFF_PASSWORD_LENGTH, `새 비밀번호는 ${MIN_STAFF_PASSWORD_LENGTH}자 이상으로 입력해 주세요.`)
      .max(200, "비밀번호는 200자 이내로 입력해 주세요."),
    confirm: z.string({ error: "새 비밀번호를 한 번 더 입력해 주세요." }),
  })
  .refine((v) => v.next === v.confirm, { message: "두 새 비밀번호가 같지 않습니다.", path: ["confirm"] })
  .refine((v) => v.next !== v.current, { message: "지금 쓰는 비밀번호와 다른 비밀번호로 정해 주세요.", path: ["next"] });

export type PasswordChangeField = "current" | "next" | "confirm";

/** Wrong current passwords one account may give in a quarter of an hour. */
const WRONG_CURRENT: RateLimitRule = { bucket: "password-change", limit: 5, windowMs: 15 * 60 * 1000 };

export type PasswordChangeResult =
  | { ok: true; endedSessions: number }
  | { ok: false; errors: Partial<Record<PasswordChangeField, string>>; status: 400 | 429 };

export async function changeOwnPassword(
  db: Database,
  serverSecret: string,
  actor: Actor & { staffId: number },
  input: { current: string; next: string; confirm: string; keepSession: string },
  now = new Date(),
): Promise<PasswordChangeResult> {
  const parsed = passwordChangeSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Partial<Record<PasswordChangeField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as PasswordChangeField;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors, status: 400 };
  }
  const [account] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, actor.staffId)).limit(1);
  if (!account) return { ok: false, errors: { current: "계정을 찾을 수 없습니다." }, status: 400 };
  if (!(await verifyPassword(account.passwordHash, parsed.data.current))) {
    const limit = await hitRateLimit(db, WRONG_CURRENT, rateLimitSubject(serverSecret, WRONG_CURRENT.bucket, String(actor.staffId)), now);
    await recordAudit(db, actor, { action: "password-change-failed", entity: "session", entityId: actor.staffId });
    if (!limit.allowed) {
      return { ok: false, errors: { current: `비밀번호가 여러 번 틀렸습니다. ${Math.ceil(limit.retryAfterSeconds / 60)}분 뒤에 다시 시도해 주세요.` }, status: 429 };
    }
    return { ok: false, errors: { current: "지금 쓰는 비밀번호가 올바르지 않습니다." }, status: 400 };
  }
  const passwordHash = await hashPassword(parsed.data.next);
  return db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash, passwordChangedAt: now }).where(eq(staffUsers.id, actor.staffId));
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.staffId, actor.staffId), ne(sessions.tokenHash, input.keepSession)))
      .returning({ tokenHash: sessions.tokenHash });
    await recordAudit(tx, actor, { action: "password-changed", entity: "session", entityId: actor.staffId, details: { endedSessions: ended.length } });
    return { ok: true, endedSessions: ended.length };
  });
}
