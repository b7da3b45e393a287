import { randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { THROTTLE_KINDS, type ThrottleKind } from "./sign-in-throttle.server";

/**
 * The "password was right, second factor pending" cookie (decision 040): between the two steps of the
 * sign-in no session exists; the browser holds this short-lived, signed, httpOnly cookie naming the
 * account and the attempt (a random id, under which the server counts the wrong codes). It grants
 * nothing but the right to type a code for that account for PENDING_SECOND_FACTOR_MS.
 */
export const PENDING_SECOND_FACTOR_MS = 5 * 60 * 1000;
export const PENDING_COOKIE_NAME = "we_2fa_pending";

export interface PendingSecondFactor {
  staffId: number;
  /** The normalized login id (the device cookie and the throttle are keyed by it). */
  account: string;
  /** The attempt: random, so the wrong codes of one attempt are counted together. */
  attempt: string;
  /** When the pending step ends (ms since the epoch). */
  expiresAt: number;
  /** The address of the password step, and the sign-in counters it was charged to (settled by a successful second step). */
  ip: string;
  charged: ThrottleKind[];
}

const cookies = new Map<string, Cookie>();

function pendingCookie(secret: string): Cookie {
  let cookie = cookies.get(secret);
  if (!cookie) {
    // Path "/": the second step's form posts to /adminLogin/verify and its .data twin.
    cookie = createCookie(PENDING_COOKIE_NAME, { httpOnly: true, sameSite: "lax", path: "/", secrets: [`${secret}\u0000second-factor-pending`] });
    cookies.set(secret, cookie);
  }
  return cookie;
}

/** A Set-Cookie header starting a pending second step for the account. */
export function issuePendingCookie(
  secret: string,
  account: { staffId: number; account: string; ip: string; charged: ThrottleKind[] },
  https: boolean,
  now: number,
): Promise<string> {
  const claim: PendingSecondFactor = { ...account, attempt: randomBytes(16).toString("base64url"), expiresAt: now + PENDING_SECOND_FACTOR_MS };
  return pendingCookie(secret).serialize(claim, { secure: https, maxAge: Math.floor(PENDING_SECOND_FACTOR_MS / 1000) });
}

export type PendingState = { status: "pending"; claim: PendingSecondFactor } | { status: "expired" } | { status: "none" };

/** The request's pending second step: valid, past its time, or none (absent, forged, malformed). */
export async function readPendingCookie(secret: string, request: Request, now: number): Promise<PendingState> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${PENDING_COOKIE_NAME}=`)) return { status: "none" };
  const claim: unknown = await pendingCookie(secret).parse(header);
  if (typeof claim !== "object" || claim === null) return { status: "none" };
  const { staffId, account, attempt, expiresAt, ip, charged } = claim as Partial<PendingSecondFactor>;
  if (typeof staffId !== "number" || typeof account !== "string" || typeof attempt !== "string" || attempt.length < 16 || typeof expiresAt !== "number") {
    return { status: "none" };
  }
  if (typeof ip !== "string" || !Array.isArray(charged) || !charged.every((kind) => THROTTLE_KINDS.includes(kind))) return { status: "none" };
  if (expiresAt <= now) return { status: "expired" };
  return { status: "pending", claim: { staffId, account, attempt, expiresAt, ip, charged } };
}

/** A Set-Cookie header removing the pending cookie. */
export function clearPendingCookie(secret: string, https: boolean): Promise<string> {
  return pendingCookie(secret).serialize("", { maxAge: 0, expires: new Date(0), secure: https });
}
