import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import { createCookie, type Cookie } from "react-router";
import { staffUsers, sessions } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";
import { hashForUnknownAccount, normalizeLoginId, verifyPassword } from "./passwords.server";
import { recordAudit } from "../platform/audit.server";
import { isTrustedAddress, recordSignInAttempt, reserveSignInAttempt, settleSuccessfulSignIn, type ThrottleKey } from "./sign-in-throttle.server";
import { issueDeviceCookie, trustedDeviceId } from "./trusted-device.server";
import { isStaffRole, type StaffRole } from "../../domain/staff-roles";
import { DEFAULT_STAFF_IDLE_MINUTES, MAX_STAFF_IDLE_MINUTES } from "../../domain/site-settings";
import { issuePendingCookie } from "./second-factor-pending.server";
import { secondFactorLockedUntil } from "./second-factor-throttle.server";
import { refusesPasswordOnlySession } from "./second-factor-setup.server";

/**
 * A session ends after the site setting's minutes without a request (30 by default; the render pipeline
 * passes it)...
 */
export const SESSION_IDLE_MS = DEFAULT_STAFF_IDLE_MINUTES * 60 * 1000;
/** The longest idle time the setting allows: sessions idle longer are cleaned up at any sign-in. */
const LONGEST_IDLE_MS = MAX_STAFF_IDLE_MINUTES * 60 * 1000;
/** ...and 12 hours after sign-in at the latest. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Last-seen is written at most this often, not on every request (so an idle sign-out comes at most this early). */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SignedInStaff {
  staffId: number;
  loginId: string;
  /** The person's name as shown (the login id when none was given). */
  displayName: string;
  role: StaffRole;
  tokenHash: string;
  /** Whether the account has a second factor (decision 040; the gate sends it to enroll otherwise). */
  secondFactor: boolean;
  /** Whether it may enroll from this session (the first owner, or after `--reset-second-factor`); else it needs a link. */
  selfEnrollment: boolean;
}

const cookies = new Map<string, Cookie>();

/** The session cookie: httpOnly, SameSite=Lax, signed; Secure is added per response over https. */
export function sessionCookie(secret: string): Cookie {
  let cookie = cookies.get(secret);
  if (!cookie) {
    cookie = createCookie("we_session", { httpOnly: true, sameSite: "lax", path: "/", secrets: [secret] });
    cookies.set(secret, cookie);
  }
  return cookie;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/**
 * Whether a Cookie header carries a session cookie signed with our secret (no database read: whether
 * the session is still valid is for getStaffSession). Cheap enough to ask of every request when the
 * server is overloaded, where the administrator must still get through; a forged cookie does not.
 */
export async function hasSignedSessionCookie(secret: string, cookieHeader: string | undefined): Promise<boolean> {
  if (!cookieHeader?.includes("we_session=")) return false;
  const token: unknown = await sessionCookie(secret).parse(cookieHeader);
  return typeof token === "string" && token.length >= 32;
}

/** The signed-in administrator of this request, or null. Expired and idle sessions are deleted. */
export async function getStaffSession(db: Database, secret: string, request: Request, idleMs = SESSION_IDLE_MS, now = Date.now()): Promise<SignedInStaff | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("we_session=")) return null;
  const token: unknown = await sessionCookie(secret).parse(header);
  if (typeof token !== "string" || token.length < 32) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      staffId: sessions.staffId,
      loginId: staffUsers.loginId,
      displayName: staffUsers.displayName,
      role: staffUsers.role,
      deactivatedAt: staffUsers.deactivatedAt,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      totpEnabledAt: staffUsers.totpEnabledAt,
      selfEnrollment: staffUsers.selfEnrollment,
    })
    .from(sessions)
    .innerJoin(staffUsers, eq(staffUsers.id, sessions.staffId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  if (row.expiresAt.getTime() <= now || now - row.lastSeenAt.getTime() > idleMs || row.deactivatedAt !== null || !isStaffRole(row.role)) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { staffId: row.staffId, loginId: row.loginId, displayName: row.displayName || row.loginId, role: row.role, tokenHash, secondFactor: row.totpEnabledAt !== null, selfEnrollment: row.selfEnrollment };
}

export type LoginResult =
  | { ok: true; setCookie: string; deviceCookie: string }
  | { ok: false; reason: "mismatch" }
  /** The password was right but the account has a second factor: no session yet, only the pending step's cookie. */
  | { ok: false; reason: "second-factor"; pendingCookie: string }
  /** The password was right but the account's second step is refused for now (too many wrong codes, decision 051). */
  | { ok: false; reason: "second-factor-locked"; lockedUntil: Date }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number }
  /** The password was right, but the account must have a second factor and may enroll only through a link. */
  | { ok: false; reason: "setup-link-needed" };

/**
 * Checks the credential against the stored argon2id hash, throttled (sign-in-throttle.server.ts): the
 * attempt is counted before the password is checked, on the counters that apply to this client. On
 * success a new session (random 256-bit token, only its hash stored) replaces the old one, and the
 * browser gets a device cookie that exempts it from the account's lockout next time.
 */
export async function signIn(
  db: Database,
  secret: string,
  request: Request,
  input: { loginId: string; password: string; ip: string },
  now = Date.now(),
): Promise<LoginResult> {
  const accountKey = normalizeLoginId(input.loginId);
  const ip = input.ip || "unknown";
  const device = await trustedDeviceId(secret, request, accountKey);
  const address: ThrottleKey = { kind: "address", value: ip };
  // The account's counter is for strangers: the owner's browser and the owner's network have their own.
  const keys: ThrottleKey[] = device
    ? [{ kind: "device", value: device }]
    : (await isTrustedAddress(db, accountKey, ip, now))
      ? [address]
      : [address, { kind: "account", value: accountKey }];
  const reservation = await reserveSignInAttempt(db, secret, keys, now);
  if (!reservation.ok) return { ok: false, reason: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };

  const [admin] = await db.select().from(staffUsers).where(eq(staffUsers.loginId, accountKey)).limit(1);
  // A deactivated account is checked like any other (same time, same answer) and never signs in.
  const valid = admin
    ? (await verifyPassword(admin.passwordHash, input.password)) && admin.deactivatedAt === null
    : (await verifyPassword(await hashForUnknownAccount(), input.password), false);
  if (!valid || !admin) {
    await recordSignInAttempt(db, { accountKey, ip, succeeded: false }, now);
    // The failure stays counted. The id as typed (normalized, shortened) says which account was tried;
    // the password never is kept.
    await recordAudit(db, { staffId: null, via: "session", label: accountKey.slice(0, 64) || "(빈 아이디)", ip }, { action: "sign-in-failed", entity: "session", entityId: accountKey.slice(0, 64) });
    return { ok: false, reason: "mismatch" };
  }
  if (admin.totpEnabledAt !== null) {
    // Decision 040: the session waits for the second step (second-factor.server.ts). Decision 051: the
    // password alone proves nothing more. The attempt stays counted, the address is not trusted and
    // the counters are not cleared until the second step succeeds, which settles them.
    await recordSignInAttempt(db, { accountKey, ip, succeeded: false }, now);
    const lockedUntil = await secondFactorLockedUntil(db, admin.id, now);
    if (lockedUntil) {
      await recordAudit(db, { staffId: admin.id, via: "session", label: admin.loginId, ip }, { action: "second-factor-failed", entity: "session", entityId: admin.id, details: { reason: "locked" } });
      return { ok: false, reason: "second-factor-locked", lockedUntil };
    }
    await recordAudit(db, { staffId: admin.id, via: "session", label: admin.loginId, ip }, { action: "second-factor-pending", entity: "session", entityId: admin.id });
    const charged = keys.map((key) => key.kind);
    return { ok: false, reason: "second-factor", pendingCookie: await issuePendingCookie(secret, { staffId: admin.id, account: accountKey, ip, charged }, isHttps(request), now) };
  }
  if (await refusesPasswordOnlySession(db, admin, ip)) return { ok: false, reason: "setup-link-needed" };
  await recordSignInAttempt(db, { accountKey, ip, succeeded: true }, now);
  await settleSuccessfulSignIn(db, secret, reservation, device ? [address, { kind: "device", value: device }] : [address], now);
  return startSession(db, secret, request, { staffId: admin.id, loginId: admin.loginId, ip }, now);
}

/**
 * Starts a session for an account whose credential was just proven (the password, and the second factor
 * where it has one): a new random 256-bit token (only its hash stored) replaces the request's old
 * session, with the sign-in's audit entry, and the browser gets a device cookie that exempts it from
 * the account's lockout next time.
 */
export async function startSession(
  db: Database,
  secret: string,
  request: Request,
  account: { staffId: number; loginId: string; ip: string; details?: Record<string, unknown> },
  now = Date.now(),
): Promise<{ ok: true; setCookie: string; deviceCookie: string }> {
  const { ip } = account;
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    const previous = await previousTokenHash(secret, request);
    if (previous) await tx.delete(sessions).where(eq(sessions.tokenHash, previous));
    // Sessions past their time are cleaned up whenever someone signs in.
    await tx.delete(sessions).where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - LONGEST_IDLE_MS))));
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      staffId: account.staffId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
      userAgent: (request.headers.get("User-Agent") ?? "").slice(0, 300),
      ip,
    });
    await tx.update(staffUsers).set({ lastSignInAt: new Date(now) }).where(eq(staffUsers.id, account.staffId));
    await recordAudit(tx, { staffId: account.staffId, via: "session", label: account.loginId, ip }, { action: "sign-in", entity: "session", entityId: account.staffId, details: account.details });
  });
  const setCookie = await sessionCookie(secret).serialize(token, {
    secure: isHttps(request),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
  return { ok: true, setCookie, deviceCookie: await issueDeviceCookie(secret, account.loginId, isHttps(request)) };
}

async function previousTokenHash(secret: string, request: Request): Promise<string | null> {
  const token: unknown = await sessionCookie(secret).parse(request.headers.get("Cookie"));
  return typeof token === "string" ? hashToken(token) : null;
}

/** Ends this request's session on the server (the old cookie is worthless afterwards) and clears the cookie. */
export async function signOut(db: Database, secret: string, request: Request, ip = ""): Promise<string> {
  const previous = await previousTokenHash(secret, request);
  if (previous) {
    await db.transaction(async (tx) => {
      const [ended] = await tx.delete(sessions).where(eq(sessions.tokenHash, previous)).returning({ staffId: sessions.staffId });
      if (!ended) return;
      const [admin] = await tx.select({ loginId: staffUsers.loginId }).from(staffUsers).where(eq(staffUsers.id, ended.staffId));
      await recordAudit(tx, { staffId: ended.staffId, via: "session", label: admin?.loginId, ip }, { action: "sign-out", entity: "session", entityId: ended.staffId });
    });
  }
  return sessionCookie(secret).serialize("", { maxAge: 0, expires: new Date(0), secure: isHttps(request) });
}

/** Control characters (C0, DEL, C1), any Unicode whitespace, and backslashes. */
function unsafeInRedirect(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || char === "\\" || /\s/u.test(char);
}

/** Where safeRedirectPath resolves a value: a stand-in origin that no request can have. */
const REDIRECT_BASE = "http://placeholder.invalid";

/**
 * Only a path on this site is a place to return to after sign-in; anything else gives `fallback`.
 * Browsers drop tabs and line breaks inside a URL and read a backslash as a slash, so "/\t/evil" and
 * "/\\evil" are "//evil" (another site) to them: such values are refused outright. The rest is checked
 * as the browser will read it, parsed, and the parsed path is what is returned (so "/.//evil", whose
 * dot segment would leave "//evil", is refused too).
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  if ([...value].some(unsafeInRedirect)) return fallback;
  let url: URL;
  try {
    url = new URL(value, REDIRECT_BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== REDIRECT_BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith("/") && !path.startsWith("//") ? path : fallback;
}
