import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { staffUsers, sessions } from "../../../drizzle/schema";
import { isStaffRole, roleMay, type StaffRole } from "../../domain/staff-roles";
import { revokeTokensOf } from "../auth/api-tokens.server";
import type { Database, Tx } from "../platform/db.server";
import type { Actor } from "../platform/services.server";
import { accountLabel, recordAccessChange } from "./staff-access-changes.server";
import { refusing, roleField, StaffRefusal, type Refusal } from "./staff-forms.server";

/**
 * The agency's staff accounts (개인정보의 안전성 확보조치 기준 Art. 5): one account per person, a role each,
 * granted by an owner through a one-time invitation (staff-invitations.server.ts), changed or revoked at
 * once (sessions end on the next request: the role and the deactivation are read with the session), and
 * every grant, change and revocation recorded (staff-access-changes.server.ts). The last active owner can
 * be neither demoted, deactivated nor removed.
 */

export interface StaffMember {
  id: number;
  loginId: string;
  displayName: string;
  email: string;
  role: StaffRole;
  createdAt: Date;
  lastSignInAt: Date | null;
  deactivatedAt: Date | null;
  activeSessions: number;
  secondFactor: boolean;
  /** May enroll after a password-only sign-in (the first owner, or reset from the server). */
  selfEnrollment: boolean;
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: staffUsers.id,
      loginId: staffUsers.loginId,
      displayName: staffUsers.displayName,
      email: staffUsers.email,
      role: staffUsers.role,
      createdAt: staffUsers.createdAt,
      lastSignInAt: staffUsers.lastSignInAt,
      deactivatedAt: staffUsers.deactivatedAt,
      activeSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.staffId} = ${staffUsers.id} and ${sessions.expiresAt} > now())`,
      totpEnabledAt: staffUsers.totpEnabledAt,
      selfEnrollment: staffUsers.selfEnrollment,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.id));
  return rows.map(({ totpEnabledAt, ...row }) => ({ ...row, role: isStaffRole(row.role) ? row.role : "viewer", activeSessions: Number(row.activeSessions), secondFactor: totpEnabledAt !== null }));
}

/** The account's row, locked for the transaction; a refusal when there is none. */
export async function lockAccount(tx: Tx, id: number) {
  const [row] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for("update").limit(1);
  if (!row) throw new StaffRefusal("없는 계정입니다. 목록을 새로 고쳐 주세요.");
  return row;
}

/** Whether another active owner than `accountId` remains (locks the owners' rows: two changes cannot both pass). */
async function anotherActiveOwner(tx: Tx, accountId: number): Promise<boolean> {
  const owners = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "owner"), isNull(staffUsers.deactivatedAt), ne(staffUsers.id, accountId)))
    .for("update");
  return owners.length > 0;
}

const LAST_OWNER = "마지막 대표 관리자입니다. 다른 사람을 대표 관리자로 정한 뒤에 바꿔 주세요.";

export async function changeStaffRole(db: Database, actor: Actor, id: number, role: unknown, now = new Date()): Promise<{ ok: true } | Refusal> {
  const parsed = roleField.safeParse(role);
  if (!parsed.success) return { ok: false, message: "역할을 선택해 주세요." };
  return refusing(() =>
    db.transaction(async (tx) => {
      const row = await lockAccount(tx, id);
      if (row.role === parsed.data) return { ok: true as const };
      if (row.role === "owner" && !(await anotherActiveOwner(tx, id))) throw new StaffRefusal(LAST_OWNER);
      await tx.update(staffUsers).set({ role: parsed.data }).where(eq(staffUsers.id, id));
      // API tokens write content: a role that no longer does loses them for good (raising it again brings none back).
      const revokedTokens = roleMay(parsed.data, "content", "change") ? [] : await revokeTokensOf(tx, actor, id, "role-changed", now);
      await recordAccessChange(tx, actor, { action: "role-changed", subjectId: id, subjectLabel: accountLabel(row), details: { from: row.role, to: parsed.data, ...tokensDetail(revokedTokens) } }, now);
      return { ok: true as const };
    }),
  );
}

/** The access change's note of the API tokens it revoked (none: nothing noted). */
const tokensDetail = (ids: number[]) => (ids.length > 0 ? { revokedTokens: ids } : {});

/** Deactivates an account: it cannot sign in, its sessions end now, and its API tokens are revoked for good. */
export async function deactivateStaff(db: Database, actor: Actor, id: number, now = new Date()): Promise<{ ok: true } | Refusal> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const row = await lockAccount(tx, id);
      if (row.deactivatedAt) return { ok: true as const };
      if (row.role === "owner" && !(await anotherActiveOwner(tx, id))) throw new StaffRefusal(LAST_OWNER);
      await tx.update(staffUsers).set({ deactivatedAt: now }).where(eq(staffUsers.id, id));
      await tx.delete(sessions).where(eq(sessions.staffId, id));
      const revokedTokens = await revokeTokensOf(tx, actor, id, "deactivated", now);
      await recordAccessChange(tx, actor, { action: "deactivated", subjectId: id, subjectLabel: accountLabel(row), details: tokensDetail(revokedTokens) }, now);
      return { ok: true as const };
    }),
  );
}

export async function reactivateStaff(db: Database, actor: Actor, id: number, now = new Date()): Promise<{ ok: true } | Refusal> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const row = await lockAccount(tx, id);
      if (!row.deactivatedAt) return { ok: true as const };
      await tx.update(staffUsers).set({ deactivatedAt: null }).where(eq(staffUsers.id, id));
      await recordAccessChange(tx, actor, { action: "reactivated", subjectId: id, subjectLabel: accountLabel(row) }, now);
      return { ok: true as const };
    }),
  );
}

/**
 * Removes an account (its sessions with it). The activity log keeps the person's name as it was
 * shown; the access changes keep the label. Nobody removes their own account here.
 */
export async function removeStaff(db: Database, actor: Actor, id: number, now = new Date()): Promise<{ ok: true } | Refusal> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const row = await lockAccount(tx, id);
      if (actor.staffId === id) throw new StaffRefusal("자기 계정은 삭제할 수 없습니다. 다른 대표 관리자에게 요청해 주세요.");
      if (row.role === "owner" && !row.deactivatedAt && !(await anotherActiveOwner(tx, id))) throw new StaffRefusal(LAST_OWNER);
      await recordAccessChange(tx, actor, { action: "removed", subjectId: null, subjectLabel: accountLabel(row), details: { role: row.role, accountId: id } }, now);
      await tx.delete(staffUsers).where(eq(staffUsers.id, id));
      return { ok: true as const };
    }),
  );
}
