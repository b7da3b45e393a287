import { createHmac, randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, asc, eq } from "drizzle-orm";
import { createCookie, type Cookie } from "react-router";
import { passkeys } from "../../../drizzle/schema";
import { z } from "../../domain/zod";
import { recordAudit } from "../platform/audit.server";
import type { Database } from "../platform/db.server";
import type { Actor } from "../platform/services.server";

/**
 * Passkeys (WebAuthn, through @simplewebauthn/server), a second factor beside the authenticator app
 * (decision 040): an account with the app turned on may register passkeys on its security page and
 * use one instead of a code at the sign-in's second step. They need JavaScript; the code form stays.
 *
 * The relying party is this site: its id is the host name of PUBLIC_ORIGIN (or of the request), and the
 * expected origin the same. The sign-in's challenge is derived from the pending step's random attempt
 * (an HMAC with the server's secret), so it needs no storage and dies with the attempt; registration's
 * is random and kept for 5 minutes in a signed, httpOnly cookie.
 */

export const RP_NAME = "WE ENTERTAINMENT";
const REGISTRATION_MS = 5 * 60 * 1000;
export const MAX_PASSKEYS = 10;

/** The passkey's id, the site it is for, and the origin the browser must report. */
export function relyingParty(request: Request, publicOrigin: string | undefined): { id: string; origin: string } {
  const origin = new URL(publicOrigin ?? request.url).origin;
  return { id: new URL(origin).hostname, origin };
}

function b64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

/** The sign-in ceremony's challenge bytes for a pending attempt. */
function signInChallenge(serverSecret: string, attempt: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(createHmac("sha256", `${serverSecret}\u0000webauthn-sign-in`).update(attempt).digest());
}

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listPasskeys(db: Database, staffId: number): Promise<PasskeyInfo[]> {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.staffId, staffId))
    .orderBy(asc(passkeys.createdAt));
}

// ---- Registration (the account's security page) ----

const cookies = new Map<string, Cookie>();
function registrationCookie(secret: string): Cookie {
  let cookie = cookies.get(secret);
  if (!cookie) {
    cookie = createCookie("we_passkey_reg", { httpOnly: true, sameSite: "strict", path: "/admin/account/security", secrets: [`${secret}\u0000passkey-registration`] });
    cookies.set(secret, cookie);
  }
  return cookie;
}

/** The browser's `navigator.credentials.create` options, and the cookie holding their challenge. */
export async function passkeyRegistrationOptions(
  db: Database,
  serverSecret: string,
  request: Request,
  rp: { id: string; origin: string },
  account: { staffId: number; loginId: string; displayName: string },
  now = Date.now(),
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; setCookie: string } | { refused: string }> {
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.staffId, account.staffId));
  if (existing.length >= MAX_PASSKEYS) return { refused: `패스키는 한 계정에 ${MAX_PASSKEYS}개까지 등록할 수 있습니다. 쓰지 않는 패스키를 먼저 지워 주세요.` };
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: account.loginId,
    userDisplayName: account.displayName,
    // A stable, opaque user handle: not the login id (which the authenticator could show elsewhere).
    userID: new Uint8Array(createHmac("sha256", `${serverSecret}\u0000webauthn-user`).update(String(account.staffId)).digest()),
    challenge: new Uint8Array(randomBytes(32)),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  const https = new URL(request.url).protocol === "https:";
  // The challenge as the browser will report it (base64url of the bytes).
  const setCookie = await registrationCookie(serverSecret).serialize({ challenge: options.challenge, staffId: account.staffId, expiresAt: now + REGISTRATION_MS }, { secure: https, maxAge: REGISTRATION_MS / 1000 });
  return { options, setCookie };
}

export const passkeyNameSchema = z.string().trim().min(1, "패스키 이름을 입력해 주세요.").max(40, "패스키 이름은 40자 이내로 입력해 주세요.");

/** Checks the browser's answer to the registration options and stores the passkey. */
export async function registerPasskey(
  db: Database,
  serverSecret: string,
  request: Request,
  rp: { id: string; origin: string },
  actor: Actor & { staffId: number },
  input: { response: unknown; name: unknown },
  now = Date.now(),
): Promise<{ ok: true; clearCookie: string } | { ok: false; message: string }> {
  const name = passkeyNameSchema.safeParse(input.name);
  if (!name.success) return { ok: false, message: name.error.issues[0]!.message };
  const claim: unknown = await registrationCookie(serverSecret).parse(request.headers.get("Cookie"));
  const { challenge, staffId, expiresAt } = (typeof claim === "object" && claim !== null ? claim : {}) as { challenge?: unknown; staffId?: unknown; expiresAt?: unknown };
  if (typeof challenge !== "string" || staffId !== actor.staffId || typeof expiresAt !== "number" || expiresAt <= now) {
    return { ok: false, message: "패스키 등록 시간이 지났습니다. ‘패스키 추가’를 다시 눌러 주세요." };
  }
  let verified;
  try {
    verified = await verifyRegistrationResponse({ response: input.response as RegistrationResponseJSON, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
  } catch {
    return { ok: false, message: "패스키를 확인하지 못했습니다. 다시 시도해 주세요." };
  }
  if (!verified.verified) return { ok: false, message: "패스키를 확인하지 못했습니다. 다시 시도해 주세요." };
  const { credential } = verified.registrationInfo;
  await db.transaction(async (tx) => {
    await tx
      .insert(passkeys)
      .values({ id: credential.id, staffId: actor.staffId, publicKey: b64url(credential.publicKey), counter: credential.counter, transports: credential.transports ?? [], name: name.data, createdAt: new Date(now) })
      .onConflictDoNothing();
    await recordAudit(tx, actor, { action: "passkey-added", entity: "session", entityId: actor.staffId, details: { name: name.data } });
  });
  const https = new URL(request.url).protocol === "https:";
  return { ok: true, clearCookie: await registrationCookie(serverSecret).serialize("", { maxAge: 0, expires: new Date(0), secure: https }) };
}

export async function removePasskey(db: Database, actor: Actor & { staffId: number }, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.staffId, actor.staffId))).returning({ name: passkeys.name });
    if (removed.length === 0) return false;
    await recordAudit(tx, actor, { action: "passkey-removed", entity: "session", entityId: actor.staffId, details: { name: removed[0]!.name } });
    return true;
  });
}

// ---- The sign-in's second step ----

/** The browser's `navigator.credentials.get` options for the pending step's account; null without passkeys. */
export async function passkeySignInOptions(db: Database, serverSecret: string, rp: { id: string }, pending: { staffId: number; attempt: string }): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const rows = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.staffId, pending.staffId));
  if (rows.length === 0) return null;
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: signInChallenge(serverSecret, pending.attempt),
    allowCredentials: rows.map((row) => ({ id: row.id, transports: row.transports as AuthenticatorTransportFuture[] })),
    userVerification: "preferred",
  });
}

type AuthenticatorTransportFuture = "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb";

/** What the browser answered `navigator.credentials.get` with, and the site it answered for. */
export interface PasskeyAssertion {
  response: unknown;
  rp: { id: string; origin: string };
}

/**
 * Whether the assertion is one of the account's passkeys signing this pending step's challenge (and
 * its counter moved on, when the authenticator keeps one); the counter and last use are updated.
 */
export async function verifyPasskeyAssertion(db: Database, serverSecret: string, _request: Request, pending: { staffId: number; attempt: string }, assertion: PasskeyAssertion, now: Date): Promise<boolean> {
  const response = assertion.response as Partial<AuthenticationResponseJSON> | null;
  if (!response || typeof response !== "object" || typeof response.id !== "string" || response.id.length > 1024) return false;
  const [row] = await db.select().from(passkeys).where(and(eq(passkeys.id, response.id), eq(passkeys.staffId, pending.staffId))).limit(1);
  if (!row) return false;
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: b64url(signInChallenge(serverSecret, pending.attempt)),
      expectedOrigin: assertion.rp.origin,
      expectedRPID: assertion.rp.id,
      credential: { id: row.id, publicKey: new Uint8Array(Buffer.from(row.publicKey, "base64url")), counter: row.counter, transports: row.transports },
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  if (!verified.verified) return false;
  await db.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now }).where(eq(passkeys.id, row.id));
  return true;
}
