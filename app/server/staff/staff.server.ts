import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { adminUsers, sessions, staffAccessChanges, staffInvitations } from "../../../drizzle/schema";
import { withParticle } from "../../domain/korean";
import { z } from "../../domain/zod";
import { isStaffRole, MIN_STAFF_PASSWORD_LENGTH, roleMay, secondFactorRequired, STAFF_ROLE_INFO, STAFF_ROLES, type StaffRole } from "../../domain/staff-roles";
import { staffInvitationPath } from "../../domain/site-routes";
import { revokeTokensOf } from "../auth/api-tokens.server";
import { hashPassword, normalizeLoginId } from "../auth/passwords.server";
import { installSecondFactor, openTotpSecret, sealTotpSecret } from "../auth/second-factor.server";
import { checkTotpCode, generateTotpSecret } from "../auth/totp.server";
import { getSiteSettings } from "../site/settings.server";
import { queueMail } from "../mail/outbox.server";
import type { Database, Tx } from "../platform/db.server";
import type { Actor, Services } from "../platform/services.server";
import { recordAudit } from "../platform/audit.server";

/**
 * The agency's staff accounts (개인정보의 안전성 확보조치 기준 Art. 5): one account per person, a role each,
 * granted by an owner through a one-time invitation, changed or revoked at once (sessions end on the
 * next request: the role and the deactivation are read with the session), and every grant, change and
 * revocation recorded in `staff_access_changes`, kept 3 years. The last active owner can be neither
 * demoted, deactivated nor removed.
 */

export const INVITATION_VALID_MS = 72 * 60 * 60 * 1000;
/** How long grants, changes and revocations are kept (Art. 5③). */
export const ACCESS_CHANGE_KEEP_YEARS = 3;
export const MIN_PASSWORD_LENGTH = MIN_STAFF_PASSWORD_LENGTH;

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

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

async function recordAccessChange(
  tx: Database | Tx,
  actor: Actor,
  entry: { action: AccessChangeAction; subjectId: number | null; subjectLabel: string; details?: Record<string, unknown> },
  now: Date,
): Promise<void> {
  await tx.insert(staffAccessChanges).values({
    at: now,
    actorId: actor.adminId,
    actorLabel: actor.label ?? "",
    subjectId: entry.subjectId,
    subjectLabel: entry.subjectLabel,
    action: entry.action,
    details: entry.details ?? {},
    ip: actor.ip ?? "",
  });
}

const roleField = z.enum(STAFF_ROLES, { error: "역할을 선택해 주세요." });

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
      id: adminUsers.id,
      loginId: adminUsers.loginId,
      displayName: adminUsers.displayName,
      email: adminUsers.email,
      role: adminUsers.role,
      createdAt: adminUsers.createdAt,
      lastSignInAt: adminUsers.lastSignInAt,
      deactivatedAt: adminUsers.deactivatedAt,
      activeSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.adminId} = ${adminUsers.id} and ${sessions.expiresAt} > now())`,
      totpEnabledAt: adminUsers.totpEnabledAt,
      selfEnrollment: adminUsers.selfEnrollment,
    })
    .from(adminUsers)
    .orderBy(asc(adminUsers.id));
  return rows.map(({ totpEnabledAt, ...row }) => ({ ...row, role: isStaffRole(row.role) ? row.role : "viewer", activeSessions: Number(row.activeSessions), secondFactor: totpEnabledAt !== null }));
}

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

export async function listAccessChanges(db: Database, limit = 50) {
  return db.select().from(staffAccessChanges).orderBy(desc(staffAccessChanges.at), desc(staffAccessChanges.id)).limit(limit);
}

type Refusal = { ok: false; message: string; errors?: Record<string, string> };

function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
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
    const [taken] = await tx.select({ id: adminUsers.id }).from(adminUsers).where(and(eq(adminUsers.email, email), isNull(adminUsers.deactivatedAt))).limit(1);
    if (taken) throw new StaffRefusal("이 이메일 주소를 쓰는 계정이 이미 있습니다.", { email: "이 이메일 주소를 쓰는 계정이 이미 있습니다." });
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({ email, displayName, role, tokenHash: hashToken(token), invitedBy: actor.adminId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_VALID_MS) })
      .returning({ id: staffInvitations.id });
    await recordAccessChange(tx, actor, { action: "invited", subjectId: null, subjectLabel: `${displayName} <${email}>`, details: { role, invitationId: invitation!.id } }, now);
    if (mail) {
      await queueMail(tx, {
        to: email,
        subject: "[WE ENTERTAINMENT] 관리자 계정 초대",
        text: [
          `${displayName}님, WE ENTERTAINMENT 관리 화면에 ${withParticle(STAFF_ROLE_INFO[role].label, "으로/로")} 초대되었습니다.`,
          "",
          "아래 링크에서 72시간 안에 아이디와 비밀번호를 정하고 휴대폰 인증 앱을 등록해 주세요. 링크는 한 번만 쓸 수 있습니다.",
          `${mail.publicOrigin}${path}`,
          "",
          "초대를 요청하지 않았다면 이 메일을 무시해 주세요.",
        ].join("\n"),
      });
    }
      return { ok: true as const };
    }),
  );
  if (!outcome.ok) return outcome;
  return { ok: true, link: path, mailed: Boolean(mail), email };
}

class StaffRefusal extends Error {
  constructor(
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A refusal thrown inside a transaction (rolled back) becomes the use case's answer. */
async function refusing<T>(run: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StaffRefusal) return { ok: false, message: error.message, ...(error.errors ? { errors: error.errors } : {}) };
    throw error;
  }
}

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
    .select({ invitation: staffInvitations, account: { id: adminUsers.id, loginId: adminUsers.loginId, role: adminUsers.role, deactivatedAt: adminUsers.deactivatedAt } })
    .from(staffInvitations)
    .leftJoin(adminUsers, eq(adminUsers.id, staffInvitations.accountId))
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

export interface AcceptedInvitation {
  ok: true;
  adminId: number;
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
      const actor: Actor = { adminId: account.id, via: "session", label: account.loginId, ip };
      const recoveryCodes = factor ? await installSecondFactor(tx, serverSecret, actor, account.id, factor, now) : null;
      await recordAccessChange(
        tx,
        actor,
        row.accountId === null
          ? { action: "account-created", subjectId: account.id, subjectLabel: labelOf(account), details: { role: invitation.role, invitationId: row.id, secondFactor: factor !== null } }
          : { action: "second-factor-set-up", subjectId: account.id, subjectLabel: labelOf(account), details: { invitationId: row.id } },
        now,
      );
      return { ok: true as const, adminId: account.id, loginId: account.loginId, recoveryCodes, created: row.accountId === null };
    }),
  );
}

const LOGIN_ID_TAKEN = "이미 쓰이고 있는 아이디입니다. 다른 아이디를 입력해 주세요.";

async function loginIdTaken(db: Database | Tx, loginId: string): Promise<boolean> {
  const [taken] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.loginId, loginId)).limit(1);
  return taken !== undefined;
}

async function createInvitedAccount(tx: Tx, invitation: typeof staffInvitations.$inferSelect, loginId: string, passwordHash: string, now: Date) {
  if (!isStaffRole(invitation.role)) throw new StaffRefusal(INVITATION_GONE);
  if (await loginIdTaken(tx, loginId)) throw new StaffRefusal("입력한 내용을 확인해 주세요.", { loginId: LOGIN_ID_TAKEN });
  const [account] = await tx
    .insert(adminUsers)
    .values({ loginId, passwordHash, displayName: invitation.displayName, email: invitation.email, role: invitation.role, createdAt: now, passwordChangedAt: now })
    .returning({ id: adminUsers.id, loginId: adminUsers.loginId, displayName: adminUsers.displayName });
  return account!;
}

/** A setup link's account: the new password; its sessions end (the second factor is installed next). */
async function setPasswordAgain(tx: Tx, accountId: number, passwordHash: string, now: Date) {
  const row = await lockAccount(tx, accountId);
  if (row.deactivatedAt) throw new StaffRefusal(INVITATION_GONE);
  await tx.update(adminUsers).set({ passwordHash, passwordChangedAt: now }).where(eq(adminUsers.id, accountId));
  await tx.delete(sessions).where(eq(sessions.adminId, accountId));
  return { id: row.id, loginId: row.loginId, displayName: row.displayName };
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
      if (actor.adminId === accountId) throw new StaffRefusal("자기 계정의 2단계 인증은 계정 보안 화면에서 관리합니다.");
      if (row.deactivatedAt) throw new StaffRefusal("사용 중지된 계정입니다. 다시 사용으로 바꾼 뒤에 링크를 만들어 주세요.");
      await tx.update(staffInvitations).set({ revokedAt: now }).where(and(eq(staffInvitations.accountId, accountId), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
      const name = row.displayName || row.loginId;
      const [link] = await tx
        .insert(staffInvitations)
        .values({ email: row.email, displayName: name, role: row.role, tokenHash: hashToken(token), invitedBy: actor.adminId, accountId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_VALID_MS) })
        .returning({ id: staffInvitations.id });
      await recordAccessChange(tx, actor, { action: "setup-link", subjectId: accountId, subjectLabel: labelOf(row), details: { invitationId: link!.id } }, now);
      const mailed = Boolean(mail && row.email);
      if (mail && row.email) {
        await queueMail(tx, {
          to: row.email,
          subject: "[WE ENTERTAINMENT] 2단계 인증 설정 링크",
          text: [
            `${name}님, WE ENTERTAINMENT 관리 화면의 2단계 인증을 설정할 링크입니다.`,
            "",
            "아래 링크에서 72시간 안에 새 비밀번호를 정하고 휴대폰 인증 앱을 등록해 주세요. 링크는 한 번만 쓸 수 있습니다.",
            `${mail.publicOrigin}${path}`,
            "",
            "요청하지 않았다면 이 메일을 무시하고 대표 관리자에게 알려 주세요.",
          ].join("\n"),
        });
      }
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

/** Whether another active owner than `accountId` remains (locks the owners' rows: two changes cannot both pass). */
async function anotherActiveOwner(tx: Tx, accountId: number): Promise<boolean> {
  const owners = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, "owner"), isNull(adminUsers.deactivatedAt), ne(adminUsers.id, accountId)))
    .for("update");
  return owners.length > 0;
}

async function lockAccount(tx: Tx, id: number) {
  const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).for("update").limit(1);
  if (!row) throw new StaffRefusal("없는 계정입니다. 목록을 새로 고쳐 주세요.");
  return row;
}

const labelOf = (row: { displayName: string; loginId: string }) => (row.displayName ? `${row.displayName} (${row.loginId})` : row.loginId);
const LAST_OWNER = "마지막 대표 관리자입니다. 다른 사람을 대표 관리자로 정한 뒤에 바꿔 주세요.";

export async function changeStaffRole(db: Database, actor: Actor, id: number, role: unknown, now = new Date()): Promise<{ ok: true } | Refusal> {
  const parsed = roleField.safeParse(role);
  if (!parsed.success) return { ok: false, message: "역할을 선택해 주세요." };
  return refusing(() =>
    db.transaction(async (tx) => {
      const row = await lockAccount(tx, id);
      if (row.role === parsed.data) return { ok: true as const };
      if (row.role === "owner" && !(await anotherActiveOwner(tx, id))) throw new StaffRefusal(LAST_OWNER);
      await tx.update(adminUsers).set({ role: parsed.data }).where(eq(adminUsers.id, id));
      // API tokens write content: a role that no longer does loses them for good (raising it again brings none back).
      const revokedTokens = roleMay(parsed.data, "content", "change") ? [] : await revokeTokensOf(tx, actor, id, "role-changed", now);
      await recordAccessChange(tx, actor, { action: "role-changed", subjectId: id, subjectLabel: labelOf(row), details: { from: row.role, to: parsed.data, ...tokensDetail(revokedTokens) } }, now);
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
      await tx.update(adminUsers).set({ deactivatedAt: now }).where(eq(adminUsers.id, id));
      await tx.delete(sessions).where(eq(sessions.adminId, id));
      const revokedTokens = await revokeTokensOf(tx, actor, id, "deactivated", now);
      await recordAccessChange(tx, actor, { action: "deactivated", subjectId: id, subjectLabel: labelOf(row), details: tokensDetail(revokedTokens) }, now);
      return { ok: true as const };
    }),
  );
}

export async function reactivateStaff(db: Database, actor: Actor, id: number, now = new Date()): Promise<{ ok: true } | Refusal> {
  return refusing(() =>
    db.transaction(async (tx) => {
      const row = await lockAccount(tx, id);
      if (!row.deactivatedAt) return { ok: true as const };
      await tx.update(adminUsers).set({ deactivatedAt: null }).where(eq(adminUsers.id, id));
      await recordAccessChange(tx, actor, { action: "reactivated", subjectId: id, subjectLabel: labelOf(row) }, now);
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
      if (actor.adminId === id) throw new StaffRefusal("자기 계정은 삭제할 수 없습니다. 다른 대표 관리자에게 요청해 주세요.");
      if (row.role === "owner" && !row.deactivatedAt && !(await anotherActiveOwner(tx, id))) throw new StaffRefusal(LAST_OWNER);
      await recordAccessChange(tx, actor, { action: "removed", subjectId: null, subjectLabel: labelOf(row), details: { role: row.role, accountId: id } }, now);
      await tx.delete(adminUsers).where(eq(adminUsers.id, id));
      return { ok: true as const };
    }),
  );
}

/** Grants, changes and revocations older than 3 years go (the retention job). */
export async function purgeOldAccessChanges(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now);
  cutoff.setFullYear(cutoff.getFullYear() - ACCESS_CHANGE_KEEP_YEARS);
  const removed = await db.delete(staffAccessChanges).where(lt(staffAccessChanges.at, cutoff)).returning({ id: staffAccessChanges.id });
  return removed.length;
}

/** A session as its owner sees it: an opaque key (a prefix of the token's hash, never the token). */
export interface StaffSession {
  key: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string;
  userAgent: string;
  current: boolean;
}

const SESSION_KEY_LENGTH = 16;

export async function listSessionsOf(db: Database, adminId: number, currentTokenHash: string | null, now = new Date()): Promise<StaffSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.adminId, adminId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    key: row.tokenHash.slice(0, SESSION_KEY_LENGTH),
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    ip: row.ip,
    userAgent: row.userAgent,
    current: row.tokenHash === currentTokenHash,
  }));
}

/**
 * Ends sessions of an account: the one whose key is given, or all of them (`"all"`), or all but the
 * caller's own (`"others"`). Returns how many ended. The audit trail names who ended whose.
 */
export async function endSessionsOf(
  db: Database,
  actor: Actor,
  adminId: number,
  which: { key: string } | "all" | { allBut: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.adminId, adminId));
    const doomed = rows
      .map((row) => row.tokenHash)
      .filter((hash) => (which === "all" ? true : "key" in which ? /^[0-9a-f]{16}$/.test(which.key) && hash.startsWith(which.key) : hash !== which.allBut));
    for (const hash of doomed) await tx.delete(sessions).where(eq(sessions.tokenHash, hash));
    if (doomed.length > 0) {
      const [account] = await tx.select({ loginId: adminUsers.loginId }).from(adminUsers).where(eq(adminUsers.id, adminId));
      await recordAudit(tx, actor, { action: "sessions-ended", entity: "session", entityId: adminId, details: { count: doomed.length, account: account?.loginId ?? "" } });
    }
    return doomed.length;
  });
}
