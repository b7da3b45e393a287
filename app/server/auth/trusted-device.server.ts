import { randomBytes } from "node:crypto";
import { createCookie, type Cookie } from "react-router";

/**
 * The device cookie (docs/decisions/032-sign-in-throttle.md): given by a successful sign-in, it marks
 * that browser as the account owner's, so strangers' failures against the account never lock it out.
 * It grants nothing by itself (the password is still needed) and is signed with the session secret, so
 * it cannot be made up; a copied one is throttled on its own counter (LOGIN_DEVICE_LIMIT).
 */

/** A year: the owner is recognized for as long as he keeps signing in now and then from that browser. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

interface DeviceClaim {
  /** The normalized account key it was issued for: it counts only for that account. */
  account: string;
  /** Random, so each browser has a counter of its own. */
  id: string;
}

const cookies = new Map<string, Cookie>();

function deviceCookie(secret: string): Cookie {
  let cookie = cookies.get(secret);
  if (!cookie) {
    // Path "/": the login form's script posts to /adminLogin.data, which a narrower path would not cover.
    cookie = createCookie("we_device", { httpOnly: true, sameSite: "lax", path: "/", secrets: [secret], maxAge: DEVICE_COOKIE_MAX_AGE_S });
    cookies.set(secret, cookie);
  }
  return cookie;
}

/** The id of this request's device when it carries a valid device cookie for `accountKey`, else null. */
export async function trustedDeviceId(secret: string, request: Request, accountKey: string): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("we_device=")) return null;
  const claim: unknown = await deviceCookie(secret).parse(header);
  if (typeof claim !== "object" || claim === null) return null;
  const { account, id } = claim as Partial<DeviceClaim>;
  if (account !== accountKey || typeof id !== "string" || id.length < 16) return null;
  return id;
}

/** A Set-Cookie header with a new device cookie for the account (Secure over https). */
export function issueDeviceCookie(secret: string, accountKey: string, https: boolean): Promise<string> {
  const claim: DeviceClaim = { account: accountKey, id: randomBytes(16).toString("base64url") };
  return deviceCookie(secret).serialize(claim, { secure: https });
}
