import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { staffUsers, staffInvitations } from "../../../drizzle/schema";
import { withParticle } from "../../domain/korean";
import { staffInvitationPath } from "../../domain/paths";
import { isStaffRole, STAFF_ROLE_INFO, type StaffRole } from "../../domain/staff-roles";
import { queueMail } from "../mail/outbox.server";
import type { Database } from "../platform/db.server";
import type { Actor, Services } from "../platform/services.server";
import { accountLabel, recordAccessChange } from "./staff-access-changes.server";
import { lockAccount } from "./staff-accounts.server";
import { fieldErrors, invitationSchema, refusing, StaffRefusal, type Refusal } from "./staff-forms.server";

/**
 * The owner's side of the one-time links (decision 040): an invitation to a new account, a setup link
 * for an existing one, and revoking them. Each link is valid 72 hours, and only its hash is stored;
 * the invitee's side is staff-invitation-acceptance.server.ts.
 */

export const INVITATION_VALID_MS = 72 * 60 * 60 * 1000;

/** How a link's token is found: its SHA-256, never the token itself. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface PendingInvitation {
  id: number;
  displayName: string;
  email: string;
  role: StaffRole;
  createdAt: Date;
  expiresAt: Date;
  /** A setup link's account (null: an invitation to a new account). */
  accountId: number | null;
}

export async function listPendingInvitations(db: Database, now = new Date()): Promise<PendingInvitation[]> {
  const rows = await db
    .select()
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, now)))
    .orderBy(desc(staffInvitations.createdAt));
  return rows.map((row) => ({ id: row.id, displayName: row.displayName, email: row.email, role: isStaffRole(row.role) ? row.role : "viewer", createdAt: row.createdAt, expiresAt: row.expiresAt, accountId: row.accountId }));
}

function invitationMailText(displayName: string, role: StaffRole, url: string): string {
  return [
    `${displayName}님, WE ENTERTAINMENT 관리 화면에 ${withParticle(STAFF_ROLE_INFO[role].label, "으로/로")} 초대되었습니다.`,
    "",
    "아래 링크에서 72시간 안에 아이디와 비밀번호를 정하고 휴대폰 인증 앱을 등록해 주세요. 링크는 한 번만 쓸 수 있습니다.",
    url,
    "",
    "초대를 요청하지 않았다면 이 메일을 무시해 주세요.",
  ].join("\n");
}

function setupLinkMailText(name: string, url: string): string {
  return [
    `${name}님, WE ENTERTAINMENT 관리 화면의 2단계 인증을 설정할 링크입니다.`,
    "",
    "아래 링크에서 72시간 안에 새 비밀번호를 정하고 휴대폰 인증 앱을 등록해 주세요. 링크는 한 번만 쓸 수 있습니다.",
    url,
    "",
    "요청하지 않았다면 이 메일을 무시하고 대표 관리자에게 알려 주세요.",
  ].join("\n");
}

/**
 * Invites a person: a one-time link valid 72 hours (only its hash is stored). With e-mail set up the link
 * is sent through the outbox; either way it is returned once, for the owner to pass on.
 */
export async function inviteStaff(
  services: Services,
  actor: Actor,
  input: Record<string, unknown>,
  now = new Date(),
): Promise<{ ok: true; link: string; mailed: boolean; email: string } | Refusal> {
  const parsed = invitationSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "입력한 내용을 확인해 주세요.", errors: fieldErrors(parsed.error) };
  const { displayName, email, role } = parsed.data;
  const token = randomBytes(32).toString("base64url");
  const path = staffInvitationPath(token);
  const mail = services.mail;
  const outcome = await refusing(() =>
    services.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(and(eq(staffUsers.email, email), isNull(staffUsers.deactivatedAt))).limit(1);
      if (taken) throw new StaffRefusal("이 이메일 주소를 쓰는 계정이 이미 있습니다.", { email: "이 이메일 주소를 쓰는 계정이 이미 있습니다." });
      const [invitation] = await tx
        .insert(staffInvitations)
        .values({ email, displayName, role, tokenHash: hashToken(token), invitedBy: actor.staffId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_VALID_MS) })
        .returning({ id: staffInvitations.id });
      await recordAccessChange(tx, actor, { action: "invited", subjectId: null, subjectLabel: `${displayName} <${email}>`, details: { role, invitationId: invitation!.id } }, now);
      if (mail) await queueMail(tx, { to: email, subject: "[WE ENTERTAINMENT] 직원 계정 초대", text: invitationMailText(displayName, role, `${mail.publicOrigin}${path}`) });
      return { ok: true as const };
    }),
  );
  if (!outcome.ok) return outcome;
  return { ok: true, link: path, mailed: Boolean(mail), email };
}

/**
 * A setup link for an existing account (decision 040, amended 2026-11-29): the way an invited person
 * without a second factor (invited before it was enrolled with the invitation, or whose role now needs
 * one), or one who lost the phone, gets in again. 72 hours, one use, only its hash stored, mailed when
 * e-mail is set up and returned once; an earlier pending link of the account stops.
 */
export async function issueSetupLink(
  services: Services,
  actor: Actor,
  accountId: number,
  now = new Date(),
): Promise<{ ok: true; link: string; mailed: boolean; email: string; name: string } | Refusal> {
  const token = randomBytes(32).toString("base64url");
  const path = staffInvitationPath(token);
  const mail = services.mail;
  const outcome = await refusing(() =>
    services.db.transaction(async (tx) => {
      const row = await lockAccount(tx, accountId);
      if (actor.staffId === accountId) throw new StaffRefusal("자기 계정의 2단계 인증은 계정 보안 화면에서 관리합니다.");
      if (row.deactivatedAt) throw new StaffRefusal("사용 중지된 계정입니다. 다시 사용으로 바꾼 뒤에 링크를 만들어 주세요.");
      await tx.update(staffInvitations).set({ revokedAt: now }).where(and(eq(staffInvitations.accountId, accountId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
      const name = row.displayName || row.loginId;
      const [link] = await tx
        .insert(staffInvitations)
        .values({ email: row.email, displayName: name, role: row.role, tokenHash: hashToken(token), invitedBy: actor.staffId, accountId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_VALID_MS) })
        .returning({ id: staffInvitations.id });
      await recordAccessChange(tx, actor, { action: "setup-link", subjectId: accountId, subjectLabel: accountLabel(row), details: { invitationId: link!.id } }, now);
      const mailed = Boolean(mail && row.email);
      if (mail && row.email) await queueMail(tx, { to: row.email, subject: "[WE ENTERTAINMENT] 2단계 인증 설정 링크", text: setupLinkMailText(name, `${mail.publicOrigin}${path}`) });
      return { ok: true as const, mailed, email: row.email, name };
    }),
  );
  if (!outcome.ok) return outcome;
  return { ...outcome, link: path };
}

export async function revokeInvitation(db: Database, actor: Actor, id: number, now = new Date()): Promise<{ ok: true } | Refusal> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(staffInvitations)
        .set({ revokedAt: now })
        .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
        .returning();
      if (!row) throw new StaffRefusal("이미 사용되었거나 취소된 초대입니다.");
      await recordAccessChange(tx, actor, { action: "invitation-revoked", subjectId: null, subjectLabel: `${row.displayName} <${row.email}>`, details: { invitationId: id } }, now);
      return { ok: true as const };
    }),
  );
}
