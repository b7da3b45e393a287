import { isStaffRole, secondFactorRequired } from "../../domain/staff-roles";
import { getSiteSettings } from "../site/settings.server";
import { verifyPasskeyAssertion, type PasskeyAssertion } from "./passkeys.server";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { staffUsers, rateLimitHits, recoveryCodes, sessions, passkeys } from "../../../drizzle/schema";
import { recordAudit } from "../platform/audit.server";
import type { Database, Tx } from "../platform/db.server";
import type { Logger } from "../platform/logger.server";
import { systemActor, type Actor, type Services } from "../platform/services.server";
import { rateLimitSubject } from "../platform/rate-limit.server";
import { normalizeLoginId, verifyPassword } from "./passwords.server";
import { consumeRecoveryCode, normalizeRecoveryCode, remainingRecoveryCodes, replaceRecoveryCodes } from "./recovery-codes.server";
import { openSecret, sealSecret } from "./secret-box.server";
import { clearPendingCookie, PENDING_SECOND_FACTOR_MS, readPendingCookie } from "./second-factor-pending.server";
import { dismissSecurityNotice, noteWrongCode, pendingSecurityNotice, reserveSecondFactorTry, settleSecondFactor } from "./second-factor-throttle.server";
import { recordSignInAttempt, reservedRows, settleSuccessfulSignIn, type ThrottleKey } from "./sign-in-throttle.server";
import { trustedDeviceId } from "./trusted-device.server";
import { queueLockNotice } from "../mail/security-notices.server";
import type { SecurityNotice } from "../../domain/security-notice";
import { formatKst } from "../../domain/kst";
import { startSession } from "./sessions.server";
import { checkTotpCode, generateTotpSecret, isUsableTotpSecret, normalizeTotpInput, normalizeTotpSecret } from "./totp.server";

/**
 * The administrator's second sign-in factor (decision 040; 개인정보의 안전성 확보조치 기준 제6조②):
 * a TOTP authenticator app, with ten single-use recovery codes for a lost phone. The password step
 * (sessions.server.ts `signIn`) hands over to `verifySecondFactor` through the pending cookie
 * (second-factor-pending.server.ts); the session starts only there. The private gate sends an account
 * that must have a second factor and has none to the enrollment page (`secondFactorRequired`).
 */

/** What secondFactorRequired looks at: the account (roles and an owner setting will come into it). */
export interface SecondFactorAccount {
  staffId: number;
  loginId: string;
}

/** Whether an account of this role must have a second factor, by the site's settings (unknown role: yes). */
async function requiredFor(db: Database, role: string | undefined): Promise<boolean> {
  return !isStaffRole(role) || secondFactorRequired({ role }, await getSiteSettings(db));
}

/** Wrong codes one pending second step allows; the next attempt ends it (back to the password). */
export const SECOND_FACTOR_ATTEMPTS = 5;

const TOTP_PURPOSE = "totp-secret";
const ATTEMPT_BUCKET = "second-factor-attempt";
/** A consumed pending step's counter is set past any limit: its cookie cannot be used again. */
const CONSUMED = 1_000_000;

export const SECOND_FACTOR_MESSAGES = {
  wrong: "인증 코드가 올바르지 않습니다. 인증 앱의 6자리 코드나 복구 코드를 다시 확인해 주세요.",
  replayed: "이미 사용한 인증 코드입니다. 인증 앱에 새 코드가 나타나면 그 코드를 입력해 주세요.",
  tooMany: "인증 코드가 여러 번 틀려 로그인을 처음부터 다시 해야 합니다. 아이디와 비밀번호를 다시 입력해 주세요.",
  expired: "인증 시간이 지났습니다. 아이디와 비밀번호를 다시 입력해 주세요.",
  missing: "로그인을 처음부터 다시 해 주세요. 아이디와 비밀번호를 먼저 입력해야 합니다.",
  empty: "인증 코드를 입력해 주세요.",
} as const;

/** Why the second step sent the browser back to the password (`/adminLogin?again=...`), as the page says it. */
export type RestartReason = "expired" | "too-many" | "missing";

export function restartMessage(reason: string | null): string | null {
  if (reason === "expired") return SECOND_FACTOR_MESSAGES.expired;
  if (reason === "too-many") return SECOND_FACTOR_MESSAGES.tooMany;
  if (reason === "missing") return SECOND_FACTOR_MESSAGES.missing;
  return null;
}

type StoredFactor = { id: number; loginId: string; role: string; passwordHash: string; totpSecret: string | null; totpEnabledAt: Date | null; totpLastStep: number | null };

async function loadAccount(db: Database, staffId: number): Promise<StoredFactor | null> {
  const [row] = await db
    .select({ id: staffUsers.id, loginId: staffUsers.loginId, role: staffUsers.role, passwordHash: staffUsers.passwordHash, totpSecret: staffUsers.totpSecret, totpEnabledAt: staffUsers.totpEnabledAt, totpLastStep: staffUsers.totpLastStep })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId))
    .limit(1);
  return row ?? null;
}

/**
 * Accepts a TOTP code once: the step it matched must be later than the last accepted one, checked and
 * written in one statement, so two requests with the same code cannot both pass (on any app server).
 */
async function acceptTotp(db: Database, serverSecret: string, account: StoredFactor, code: string, now: number): Promise<"ok" | "wrong" | "replayed"> {
  const secret = account.totpSecret ? openSecret(serverSecret, TOTP_PURPOSE, account.totpSecret) : null;
  if (!secret) return "wrong";
  const check = checkTotpCode(secret, code, account.totpLastStep, now);
  if (!check.ok) return check.reason;
  const taken = await db
    .update(staffUsers)
    .set({ totpLastStep: check.step })
    .where(and(eq(staffUsers.id, account.id), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, check.step))))
    .returning({ id: staffUsers.id });
  return taken.length > 0 ? "ok" : "replayed";
}

/**
 * Counts one code attempt of a pending step: the number of tries of this attempt so far, this one
 * included, or null once SECOND_FACTOR_ATTEMPTS were spent (or the attempt was used).
 */
async function countAttempt(db: Database, serverSecret: string, attempt: string, expiresAt: number): Promise<number | null> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ bucket: ATTEMPT_BUCKET, subject: rateLimitSubject(serverSecret, ATTEMPT_BUCKET, attempt), windowStart: new Date(expiresAt), hits: 1 })
    .onConflictDoUpdate({ target: [rateLimitHits.bucket, rateLimitHits.subject, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
    .returning({ hits: rateLimitHits.hits });
  const hits = row?.hits ?? CONSUMED;
  return hits <= SECOND_FACTOR_ATTEMPTS ? hits : null;
}

async function consumeAttempt(db: Database, serverSecret: string, attempt: string, expiresAt: number): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: CONSUMED })
    .where(and(eq(rateLimitHits.bucket, ATTEMPT_BUCKET), eq(rateLimitHits.subject, rateLimitSubject(serverSecret, ATTEMPT_BUCKET, attempt)), eq(rateLimitHits.windowStart, new Date(expiresAt))));
}

export type SecondFactorResult =
  | { ok: true; setCookie: string; deviceCookie: string; clearPending: string; via: "totp" | "recovery-code" | "passkey"; notice: SecurityNotice | null }
  /** The pending step is over (none, expired, too many wrong codes): back to the password step. */
  | { ok: false; restart: RestartReason; message: string; clearPending: string }
  | { ok: false; restart: false; message: string; status: 400 | 401 }
  /** The account's second step is refused for now, whatever the code (decision 051). */
  | { ok: false; restart: false; message: string; status: 429; retryAfterSeconds: number };

/** What the person who knows the password is told while the account's second step is refused. */
export function lockedMessage(lockedUntil: Date): string {
  return `인증 코드가 여러 번 틀려 이 계정의 2단계 인증을 잠시 막았습니다. ${formatKst(lockedUntil)} 이후에 다시 시도해 주세요. 본인이 시도한 것이 아니라면 비밀번호가 유출되었을 수 있으니, 로그인한 뒤 바로 비밀번호를 바꿔 주세요.`;
}

/** Wrong codes of the succeeding pending step itself are the person's own typing, not an attack. */
function withoutOwnTypos(notice: SecurityNotice | null, ownWrongCodes: number): SecurityNotice | null {
  if (!notice) return null;
  const wrongCodes = notice.wrongCodes - ownWrongCodes;
  return wrongCodes <= 0 && notice.lockouts === 0 ? null : { ...notice, wrongCodes: Math.max(wrongCodes, 0) };
}

/**
 * The second step of the sign-in: a TOTP code, a recovery code or a passkey for the account the pending
 * cookie names. Every try is counted on the pending step (SECOND_FACTOR_ATTEMPTS) and on the account
 * (second-factor-throttle.server.ts), before it is checked. On success the session starts exactly as a
 * password-only sign-in's would (`startSession`), and only then are the sign-in's counters settled, the
 * address trusted and the account's count of tries cleared.
 */
export async function verifySecondFactor(
  db: Database,
  serverSecret: string,
  request: Request,
  input: { code: string; ip: string; passkey?: PasskeyAssertion; services?: Pick<Services, "mail" | "scheduler"> },
  now = Date.now(),
): Promise<SecondFactorResult> {
  const https = new URL(request.url).protocol === "https:";
  const restart = async (reason: RestartReason): Promise<SecondFactorResult> => ({ ok: false, restart: reason, message: restartMessage(reason)!, clearPending: await clearPendingCookie(serverSecret, https) });
  const pending = await readPendingCookie(serverSecret, request, now);
  if (pending.status === "expired") return restart("expired");
  if (pending.status === "none") return restart("missing");
  const { claim } = pending;
  const account = await loadAccount(db, claim.staffId);
  if (!account || account.loginId !== normalizeLoginId(claim.account) || account.totpEnabledAt === null) return restart("missing");
  const code = input.code.trim();
  if (code === "" && !input.passkey) return { ok: false, restart: false, message: SECOND_FACTOR_MESSAGES.empty, status: 400 };
  const actor = { staffId: account.id, via: "session" as const, label: account.loginId, ip: input.ip };
  const tries = await countAttempt(db, serverSecret, claim.attempt, claim.expiresAt);
  if (tries === null) {
    await recordAudit(db, actor, { action: "second-factor-failed", entity: "session", entityId: account.id, details: { reason: "too-many" } });
    return restart("too-many");
  }
  const reserved = await reserveSecondFactorTry(db, account.id, now);
  if (!reserved.ok) {
    await noteWrongCode(db, account.id, input.ip, reserved.lockedNow, now);
    await recordAudit(db, actor, { action: reserved.lockedNow ? "second-factor-locked" : "second-factor-failed", entity: "session", entityId: account.id, details: { reason: "locked", lockedUntil: reserved.lockedUntil.toISOString() } });
    if (reserved.lockedNow) await queueLockNotice(db, input.services, { staffId: account.id, loginId: account.loginId }, { lockedUntil: reserved.lockedUntil, ip: input.ip });
    return { ok: false, restart: false, message: lockedMessage(reserved.lockedUntil), status: 429, retryAfterSeconds: Math.max(1, Math.ceil((reserved.lockedUntil.getTime() - now) / 1000)) };
  }
  let outcome: "ok" | "wrong" | "replayed" = "wrong";
  let via: "totp" | "recovery-code" | "passkey" = "totp";
  if (input.passkey) {
    via = "passkey";
    outcome = (await verifyPasskeyAssertion(db, serverSecret, request, { staffId: account.id, attempt: claim.attempt }, input.passkey, new Date(now))) ? "ok" : "wrong";
  } else if (normalizeTotpInput(code)) {
    outcome = await acceptTotp(db, serverSecret, account, code, now);
  } else if (normalizeRecoveryCode(code)) {
    via = "recovery-code";
    outcome = (await consumeRecoveryCode(db, account.id, code, new Date(now))) ? "ok" : "wrong";
  }
  if (outcome !== "ok") {
    await noteWrongCode(db, account.id, input.ip, false, now);
    await recordAudit(db, actor, { action: "second-factor-failed", entity: "session", entityId: account.id, details: { reason: outcome } });
    return { ok: false, restart: false, message: outcome === "replayed" ? SECOND_FACTOR_MESSAGES.replayed : SECOND_FACTOR_MESSAGES.wrong, status: 401 };
  }
  await consumeAttempt(db, serverSecret, claim.attempt, claim.expiresAt);
  // Only now is the sign-in proven: the account's tries start again, the password step's counters are
  // settled as a one-step sign-in's are, and this address becomes the owner's.
  await settleSecondFactor(db, account.id);
  const device = await trustedDeviceId(serverSecret, request, claim.account);
  const chargedKeys = claim.charged.map((kind): ThrottleKey => ({ kind, value: kind === "address" ? claim.ip : kind === "account" ? claim.account : (device ?? "") }));
  const proven: ThrottleKey[] = [{ kind: "address", value: input.ip }, ...(device ? [{ kind: "device" as const, value: device }] : [])];
  await settleSuccessfulSignIn(db, serverSecret, reservedRows(serverSecret, chargedKeys, claim.expiresAt - PENDING_SECOND_FACTOR_MS), proven, now);
  await recordSignInAttempt(db, { accountKey: claim.account, ip: input.ip, succeeded: true }, now);
  const notice = withoutOwnTypos(await pendingSecurityNotice(db, account.id), tries - 1);
  if (notice) await db.update(staffUsers).set({ securityNotice: notice }).where(eq(staffUsers.id, account.id));
  else await dismissSecurityNotice(db, account.id);
  const session = await startSession(db, serverSecret, request, { staffId: account.id, loginId: account.loginId, ip: input.ip, details: { secondFactor: via } }, now);
  return { ...session, clearPending: await clearPendingCookie(serverSecret, https), via, notice };
}

/** Whether the request holds a pending second step that is still valid (for the second step's page). */
export async function hasPendingSecondFactor(serverSecret: string, request: Request, now = Date.now()): Promise<"pending" | "expired" | "none"> {
  return (await readPendingCookie(serverSecret, request, now)).status;
}

// ---- Enrollment and management (the account's security page) ----

export interface SecondFactorStatus {
  enabled: boolean;
  enabledAt: Date | null;
  recoveryCodesLeft: number;
  required: boolean;
}

export async function secondFactorStatus(db: Database, account: SecondFactorAccount): Promise<SecondFactorStatus> {
  const row = await loadAccount(db, account.staffId);
  return {
    enabled: row?.totpEnabledAt != null,
    enabledAt: row?.totpEnabledAt ?? null,
    recoveryCodesLeft: row?.totpEnabledAt ? await remainingRecoveryCodes(db, account.staffId) : 0,
    required: await requiredFor(db, row?.role),
  };
}

/**
 * The secret being enrolled: the one stored while enrollment is under way (so a reload shows the same
 * QR code), else a new one, stored encrypted and not yet enabled. Null when TOTP is already enabled.
 */
export async function enrollmentSecret(db: Database, serverSecret: string, staffId: number): Promise<string | null> {
  const row = await loadAccount(db, staffId);
  if (!row || row.totpEnabledAt) return null;
  const existing = row.totpSecret ? openSecret(serverSecret, TOTP_PURPOSE, row.totpSecret) : null;
  if (existing) return existing;
  const secret = generateTotpSecret();
  await db
    .update(staffUsers)
    .set({ totpSecret: sealSecret(serverSecret, TOTP_PURPOSE, secret), totpLastStep: null })
    .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.totpEnabledAt)));
  return secret;
}

export type ManageResult = { ok: true; recoveryCodes?: string[] } | { ok: false; message: string };

/** A TOTP secret as stored (AES-256-GCM under the server's secret): on an account, or on a link enrolling one. */
export function sealTotpSecret(serverSecret: string, secret: string): string {
  return sealSecret(serverSecret, TOTP_PURPOSE, secret);
}

/** The stored secret in the clear; null when it does not open (another server secret, or tampered). */
export function openTotpSecret(serverSecret: string, sealed: string): string | null {
  return openSecret(serverSecret, TOTP_PURPOSE, sealed);
}

/**
 * Turns on a second factor confirmed on a link (an invitation or an owner's setup link, staff.server.ts)
 * in the caller's transaction: the secret, the step of the code that confirmed it (so that code is not
 * accepted again), ten new recovery codes (returned once); an earlier factor's codes and passkeys go.
 */
export async function installSecondFactor(tx: Tx, serverSecret: string, actor: Actor, staffId: number, factor: { secret: string; step: number }, now: Date): Promise<string[]> {
  await tx
    .update(staffUsers)
    .set({ totpSecret: sealTotpSecret(serverSecret, factor.secret), totpEnabledAt: now, totpLastStep: factor.step, selfEnrollment: false })
    .where(eq(staffUsers.id, staffId));
  await tx.delete(passkeys).where(eq(passkeys.staffId, staffId));
  const codes = await replaceRecoveryCodes(tx, staffId);
  await recordAudit(tx, actor, { action: "second-factor-enabled", entity: "session", entityId: staffId });
  return codes;
}

/** Confirms enrollment with a code from the app: TOTP is on, and ten recovery codes are made (returned once). */
export async function confirmEnrollment(db: Database, serverSecret: string, actor: Actor & { staffId: number }, code: string, now = Date.now()): Promise<ManageResult> {
  const row = await loadAccount(db, actor.staffId);
  if (!row) return { ok: false, message: "계정을 찾을 수 없습니다." };
  if (row.totpEnabledAt) return { ok: false, message: "2단계 인증이 이미 켜져 있습니다." };
  if (!normalizeTotpInput(code)) return { ok: false, message: "인증 앱에 표시된 6자리 숫자를 입력해 주세요." };
  const result = await acceptTotp(db, serverSecret, row, code, now);
  if (result !== "ok") return { ok: false, message: result === "replayed" ? SECOND_FACTOR_MESSAGES.replayed : "인증 코드가 올바르지 않습니다. 인증 앱의 시간이 맞는지, QR 코드를 이 화면에서 새로 등록했는지 확인해 주세요." };
  const codes = await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ totpEnabledAt: new Date(now), selfEnrollment: false }).where(eq(staffUsers.id, actor.staffId));
    const fresh = await replaceRecoveryCodes(tx, actor.staffId);
    await recordAudit(tx, actor, { action: "second-factor-enabled", entity: "session", entityId: actor.staffId });
    return fresh;
  });
  return { ok: true, recoveryCodes: codes };
}

/** New recovery codes (the old ones stop working); needs a current TOTP code. */
export async function regenerateRecoveryCodes(db: Database, serverSecret: string, actor: Actor & { staffId: number }, code: string, now = Date.now()): Promise<ManageResult> {
  const row = await loadAccount(db, actor.staffId);
  if (!row?.totpEnabledAt) return { ok: false, message: "2단계 인증이 꺼져 있습니다. 먼저 인증 앱을 등록해 주세요." };
  const result = normalizeTotpInput(code) ? await acceptTotp(db, serverSecret, row, code, now) : "wrong";
  if (result !== "ok") return { ok: false, message: result === "replayed" ? SECOND_FACTOR_MESSAGES.replayed : "인증 앱에 표시된 현재 6자리 코드를 입력해 주세요." };
  const codes = await db.transaction(async (tx) => {
    const fresh = await replaceRecoveryCodes(tx, actor.staffId);
    await recordAudit(tx, actor, { action: "recovery-codes-regenerated", entity: "session", entityId: actor.staffId });
    return fresh;
  });
  return { ok: true, recoveryCodes: codes };
}

/** Turns the second factor off (needs the password or a current code); refused while it is required. */
export async function disableSecondFactor(
  db: Database,
  serverSecret: string,
  actor: Actor & { staffId: number; label: string },
  proof: { password: string; code: string },
  now = Date.now(),
): Promise<ManageResult> {
  const row = await loadAccount(db, actor.staffId);
  if (await requiredFor(db, row?.role)) {
    return { ok: false, message: "이 계정은 2단계 인증을 꼭 써야 해서 끌 수 없습니다." };
  }
  if (!row?.totpEnabledAt) return { ok: false, message: "2단계 인증이 이미 꺼져 있습니다." };
  const proven =
    (proof.password !== "" && (await verifyPassword(row.passwordHash, proof.password))) ||
    (normalizeTotpInput(proof.code) !== null && (await acceptTotp(db, serverSecret, row, proof.code, now)) === "ok");
  if (!proven) return { ok: false, message: "비밀번호나 현재 인증 코드가 올바르지 않습니다." };
  await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(staffUsers.id, actor.staffId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.staffId, actor.staffId));
    // Passkeys stand beside the app: without it, they go too.
    await tx.delete(passkeys).where(eq(passkeys.staffId, actor.staffId));
    await recordAudit(tx, actor, { action: "second-factor-disabled", entity: "session", entityId: actor.staffId });
  });
  return { ok: true };
}

// ---- Provisioning (ADMIN_TOTP_SECRET) and the way back in (admin:password --reset-second-factor) ----

/**
 * At start: ADMIN_TOTP_SECRET (base32) becomes the TOTP secret of the ADMIN_ID account, enabled. Only
 * when it differs from the stored one, so a restart neither rewrites it nor lets a used code work again.
 */
export async function provisionTotpSecret(db: Database, serverSecret: string, loginId: string, base32: string, logger?: Logger): Promise<"unchanged" | "set" | "no-account"> {
  if (!isUsableTotpSecret(base32)) throw new Error("ADMIN_TOTP_SECRET is not a base32 secret of at least 16 bytes");
  const secret = normalizeTotpSecret(base32);
  const [row] = await db
    .select({ id: staffUsers.id, totpSecret: staffUsers.totpSecret, totpEnabledAt: staffUsers.totpEnabledAt })
    .from(staffUsers)
    .where(eq(staffUsers.loginId, normalizeLoginId(loginId)))
    .limit(1);
  if (!row) return "no-account";
  if (row.totpEnabledAt && row.totpSecret && openSecret(serverSecret, TOTP_PURPOSE, row.totpSecret) === secret) return "unchanged";
  await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ totpSecret: sealSecret(serverSecret, TOTP_PURPOSE, secret), totpEnabledAt: new Date(), totpLastStep: null, selfEnrollment: false }).where(eq(staffUsers.id, row.id));
    await recordAudit(tx, systemActor("서버 시작 설정"), { action: "second-factor-enabled", entity: "session", entityId: row.id });
  });
  logger?.info({ loginId: normalizeLoginId(loginId) }, "administrator's TOTP secret set from ADMIN_TOTP_SECRET");
  return "set";
}

/**
 * Clears the account's second factor (secret, recovery codes) and ends its sessions: the owner who lost
 * the phone signs in with the password and enrolls again (the one way besides the first start that a
 * password-only session may enroll: `selfEnrollment`). For `npm run admin:password -- --reset-second-factor`,
 * run by whoever runs the server.
 */
export async function resetSecondFactor(db: Database, loginId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffUsers)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, selfEnrollment: true })
      .where(eq(staffUsers.loginId, normalizeLoginId(loginId)))
      .returning({ id: staffUsers.id });
    if (!row) return false;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.staffId, row.id));
    await tx.delete(passkeys).where(eq(passkeys.staffId, row.id));
    await tx.delete(sessions).where(eq(sessions.staffId, row.id));
    await recordAudit(tx, systemActor("서버 관리 명령"), { action: "second-factor-reset", entity: "session", entityId: row.id });
    return true;
  });
}
