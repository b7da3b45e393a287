import { desc, lt } from "drizzle-orm";
import { staffAccessChanges } from "../../../drizzle/schema";
import type { Database, Tx } from "../platform/db.server";
import type { Actor } from "../platform/services.server";

/**
 * The record of staff access (개인정보의 안전성 확보조치 기준 Art. 5③): every grant, change and revocation
 * of an account's access, in `staff_access_changes`, kept 3 years.
 */

/** How long grants, changes and revocations are kept (Art. 5③). */
export const ACCESS_CHANGE_KEEP_YEARS = 3;

export type AccessChangeAction =
  | "invited"
  | "invitation-revoked"
  | "account-created"
  | "setup-link"
  | "second-factor-set-up"
  | "role-changed"
  | "deactivated"
  | "reactivated"
  | "removed";

export const ACCESS_CHANGE_LABELS: Record<AccessChangeAction, string> = {
  invited: "초대",
  "invitation-revoked": "초대 취소",
  "account-created": "계정 생성",
  "setup-link": "2단계 인증 설정 링크",
  "second-factor-set-up": "2단계 인증 설정",
  "role-changed": "역할 변경",
  deactivated: "사용 중지",
  reactivated: "다시 사용",
  removed: "계정 삭제",
};

/** How an account is named in the record: "name (login id)", or the login id. */
export const accountLabel = (row: { displayName: string; loginId: string }) => (row.displayName ? `${row.displayName} (${row.loginId})` : row.loginId);

export async function recordAccessChange(
  tx: Database | Tx,
  actor: Actor,
  entry: { action: AccessChangeAction; subjectId: number | null; subjectLabel: string; details?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await tx.insert(staffAccessChanges).values({
    at: now,
    actorId: actor.staffId,
    actorLabel: actor.label ?? "",
    subjectId: entry.subjectId,
    subjectLabel: entry.subjectLabel,
    action: entry.action,
    details: entry.details ?? {},
    ip: actor.ip ?? "",
  });
}

export async function listAccessChanges(db: Database, limit = 50) {
  return db.select().from(staffAccessChanges).orderBy(desc(staffAccessChanges.at), desc(staffAccessChanges.id)).limit(limit);
}

/** Grants, changes and revocations older than 3 years go (the retention job). */
export async function purgeOldAccessChanges(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setFullYear(cutoff.getFullYear() - ACCESS_CHANGE_KEEP_YEARS);
  const removed = await db.delete(staffAccessChanges).where(lt(staffAccessChanges.at, cutoff)).returning({ id: staffAccessChanges.id });
  return removed.length;
}
