import { and, eq, isNull } from "drizzle-orm";
import { staffUsers, sessions, staffInvitations } from "../../../drizzle/schema";
import { isStaffRole, secondFactorRequired, type StaffRole } from "../../domain/staff-roles";
import { hashPassword } from "../auth/passwords.server";
import { installSecondFactor, openTotpSecret, sealTotpSecret } from "../auth/second-factor.server";
import { checkTotpCode, generateTotpSecret } from "../auth/totp.server";
import type { Database, Tx } from "../platform/db.server";
import type { Actor } from "../platform/services.server";
import { getSiteSettings } from "../site/settings.server";
import { accountLabel, recordAccessChange } from "./staff-access-changes.server";
import { lockAccount } from "./staff-accounts.server";
import { fieldErrors, linkFormSchema, loginIdSchema, refusing, StaffRefusal, type Refusal } from "./staff-forms.server";
import { hashToken } from "./staff-invitations.server";

/**
 * The invitee's side of a one-time link (decision 040): what the link shows, the second factor it
 * enrolls, and the account it makes (an invitation) or sets up again (a setup link).
 */

export type InvitationState =
  | {
      state: "valid";
      id: number;
      displayName: string;
      email: string;
      role: StaffRole;
      /** A setup link's account: its password and second factor are set again (null: a new account). */
      account: { id: number; loginId: string } | null;
    }
  | { state: "invalid" };

/**
 * What a link shows: valid (not used, revoked or past its 72 hours; a setup link's account still there
 * and active) or not. Found by the SHA-256 of the token, an indexed equality: the time it takes says
 * nothing about the token.
 */
export async function readInvitation(db: Database, token: string, now = new Date()): Promise<InvitationState> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { state: "invalid" };
  const [row] = await db
    .select({ invitation: staffInvitations, account: { id: staffUsers.id, loginId: staffUsers.loginId, role: staffUsers.role, deactivatedAt: staffUsers.deactivatedAt } })
    .from(staffInvitations)
    .leftJoin(staffUsers, eq(staffUsers.id, staffInvitations.accountId))
    .where(eq(staffInvitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { state: "invalid" };
  const { invitation, account } = row;
  if (invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= now) return { state: "invalid" };
  if (invitation.accountId !== null && (!account || account.deactivatedAt)) return { state: "invalid" };
  const role = account ? account.role : invitation.role;
  if (!isStaffRole(role)) return { state: "invalid" };
  return { state: "valid", id: invitation.id, displayName: invitation.displayName, email: invitation.email, role, account: account ? { id: account.id, loginId: account.loginId } : null };
}

/**
 * Whether the link must enroll a second factor: a setup link always; an invitation when the role needs
 * one (decision 040). Otherwise the invitation offers it, and the invitee may leave the code empty.
 */
export async function linkRequiresSecondFactor(db: Database, invitation: Extract<InvitationState, { state: "valid" }>): Promise<boolean> {
  return invitation.account !== null || secondFactorRequired(invitation, await getSiteSettings(db));
}

/**
 * The TOTP secret a link enrolls: the one stored at its first view (so a reload, or a refused form,
 * shows the same QR code), else a new one, stored encrypted on the link.
 */
export async function invitationTotpSecret(db: Database, serverSecret: string, invitationId: number): Promise<string> {
  const [row] = await db.select({ totpSecret: staffInvitations.totpSecret }).from(staffInvitations).where(eq(staffInvitations.id, invitationId)).limit(1);
  const stored = row?.totpSecret ? openTotpSecret(serverSecret, row.totpSecret) : null;
  if (stored) return stored;
  const secret = generateTotpSecret();
  // Two first views at once: only one secret is stored, and the other view reads it.
  const [kept] = await db
    .update(staffInvitations)
    .set({ totpSecret: sealTotpSecret(serverSecret, secret) })
    .where(and(eq(staffInvitations.id, invitationId), row?.totpSecret ? eq(staffInvitations.totpSecret, row.totpSecret) : isNull(staffInvitations.totpSecret)))
    .returning({ id: staffInvitations.id });
  return kept ? secret : invitationTotpSecret(db, serverSecret, invitationId);
}

const INVITATION_GONE = "링크가 만료되었거나 이미 사용되었습니다. 대표 관리자에게 새 링크를 요청해 주세요.";
const WRONG_LINK_CODE = "인증 코드가 올바르지 않습니다. 이 화면의 QR 코드를 인증 앱에 등록했는지, 휴대폰의 시간이 맞는지 확인해 주세요.";
const LOGIN_ID_TAKEN = "이미 쓰이고 있는 아이디입니다. 다른 아이디를 입력해 주세요.";

export interface AcceptedInvitation {
  ok: true;
  staffId: number;
  loginId: string;
  /** The ten recovery codes of the second factor enrolled with the link, shown once; null when none was. */
  recoveryCodes: string[] | null;
  /** An invitation made the account (a setup link set an existing one up again). */
  created: boolean;
}

/**
 * One link, one sitting: the invitee sets a login id and password and confirms the authenticator app
 * the link's QR code enrolled (decision 040, amended 2026-11-29); the account is created with the invited
 * role and its second factor at once, so no password alone ever opens it. A setup link does the same for
 * an existing account: a new password and a new second factor (an earlier one's recovery codes and
 * passkeys go, its sessions end).
 *
 * The link is looked up (by its hash) before anything else, and everything the form can get wrong is
 * checked before the password is hashed: argon2id is the costliest work on the server, and an anonymous
 * request must not be able to ask for it at will.
 */
export async function acceptInvitation(
  db: Database,
  serverSecret: string,
  token: string,
  input: Record<string, unknown>,
  ip: string,
  now = new Date(),
): Promise<AcceptedInvitation | Refusal> {
  const invitation = await readInvitation(db, token, now);
  if (invitation.state === "invalid") return { ok: false, message: INVITATION_GONE };
  const parsed = linkFormSchema.safeParse(input);
  const id = invitation.account ? ({ success: true, data: invitation.account.loginId } as const) : loginIdSchema.safeParse(input.loginId);
  const errors: Record<string, string> = { ...(id.success ? {} : { loginId: id.error.issues[0]!.message }), ...(parsed.success ? {} : fieldErrors(parsed.error)) };
  const code = parsed.success ? parsed.data.code : "";
  let factor: { secret: string; step: number } | null = null;
  if (code !== "") {
    const secret = await invitationTotpSecret(db, serverSecret, invitation.id);
    const check = checkTotpCode(secret, code, null, now.getTime());
    if (check.ok) factor = { secret, step: check.step };
    else errors.code ??= WRONG_LINK_CODE;
  } else if (!errors.code && (await linkRequiresSecondFactor(db, invitation))) {
    errors.code = "인증 앱에 표시된 6자리 코드를 입력해 주세요.";
  }
  if (!invitation.account && id.success && (await loginIdTaken(db, id.data))) errors.loginId = LOGIN_ID_TAKEN;
  if (!parsed.success || !id.success || Object.keys(errors).length > 0) return { ok: false, message: "입력한 내용을 확인해 주세요.", errors };
  const loginId = id.data;
  const passwordHash = await hashPassword(parsed.data.password);
  return refusing(() =>
    db.transaction(async (tx) => {
      // Checked again under the row's lock: two submissions of one link cannot both pass.
      const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, invitation.id)).for("update").limit(1);
      if (!row || row.acceptedAt || row.revokedAt || row.expiresAt <= now) throw new StaffRefusal(INVITATION_GONE);
      const account = row.accountId === null ? await createInvitedAccount(tx, row, loginId, passwordHash, now) : await setPasswordAgain(tx, row.accountId, passwordHash, now);
      await tx.update(staffInvitations).set({ acceptedAt: now, acceptedBy: account.id }).where(eq(staffInvitations.id, row.id));
      const actor: Actor = { staffId: account.id, via: "session", label: account.loginId, ip };
      const recoveryCodes = factor ? await installSecondFactor(tx, serverSecret, actor, account.id, factor, now) : null;
      await recordAccessChange(
        tx,
        actor,
        row.accountId === null
          ? { action: "account-created", subjectId: account.id, subjectLabel: accountLabel(account), details: { role: invitation.role, invitationId: row.id, secondFactor: factor !== null } }
          : { action: "second-factor-set-up", subjectId: account.id, subjectLabel: accountLabel(account), details: { invitationId: row.id } },
        now,
      );
      return { ok: true as const, staffId: account.id, loginId: account.loginId, recoveryCodes, created: row.accountId === null };
    }),
  );
}

async function loginIdTaken(db: Database | Tx, loginId: string): Promise<boolean> {
  const [taken] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.loginId, loginId)).limit(1);
  return taken !== undefined;
}

async function createInvitedAccount(tx: Tx, invitation: typeof staffInvitations.$inferSelect, loginId: string, passwordHash: string, now: Date) {
  if (!isStaffRole(invitation.role)) throw new StaffRefusal(INVITATION_GONE);
  if (await loginIdTaken(tx, loginId)) throw new StaffRefusal("입력한 내용을 확인해 주세요.", { loginId: LOGIN_ID_TAKEN });
  const [account] = await tx
    .insert(staffUsers)
    .values({ loginId, passwordHash, displayName: invitation.displayName, email: invitation.email, role: invitation.role, createdAt: now, passwordChangedAt: now })
    .returning({ id: staffUsers.id, loginId: staffUsers.loginId, displayName: staffUsers.displayName });
  return account!;
}

/** A setup link's account: the new password; its sessions end (the second factor is installed next). */
async function setPasswordAgain(tx: Tx, accountId: number, passwordHash: string, now: Date) {
  const row = await lockAccount(tx, accountId);
  if (row.deactivatedAt) throw new StaffRefusal(INVITATION_GONE);
  await tx.update(staffUsers).set({ passwordHash, passwordChangedAt: now }).where(eq(staffUsers.id, accountId));
  await tx.delete(sessions).where(eq(sessions.staffId, accountId));
  return { id: row.id, loginId: row.loginId, displayName: row.displayName };
}
