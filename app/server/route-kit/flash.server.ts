import { createCookie } from "react-router";
import { FLASH_MESSAGES, isFlashCode, isTimedFlashCode, scheduledMessage, type FlashCode } from "../../lib/flash-messages";

const flashCookie = createCookie("we_flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

/**
 * Set-Cookie for a notice to show on the next page. Only known codes travel, never free text; a
 * scheduled post's notice also carries its time (an instant, shown in KST by the notice's own words).
 */
export function setFlash(code: FlashCode, at?: Date): Promise<string> {
  return flashCookie.serialize(at && isTimedFlashCode(code) ? { code, at: at.toISOString() } : code);
}

/** The notice a cookie's value stands for: a known code, or a known timed code with a valid time. */
function messageOf(value: unknown, now: Date): string {
  if (isFlashCode(value)) return FLASH_MESSAGES[value];
  if (typeof value !== "object" || value === null) return "";
  const { code, at } = value as { code?: unknown; at?: unknown };
  if (!isFlashCode(code)) return "";
  const time = typeof at === "string" ? new Date(at) : null;
  return time && isTimedFlashCode(code) && !Number.isNaN(time.getTime()) ? scheduledMessage(time, now) : FLASH_MESSAGES[code];
}

/** The pending notice, if any, and the Set-Cookie that consumes it. */
export async function takeFlash(request: Request): Promise<{ message: string; setCookie: string } | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("we_flash=")) return null;
  const value: unknown = await flashCookie.parse(header);
  const setCookie = await flashCookie.serialize("", { maxAge: 0, expires: new Date(0) });
  return { message: messageOf(value, new Date()), setCookie };
}
