import { createCookie } from "react-router";
import { FLASH_MESSAGES, isFlashCode, type FlashCode } from "../../lib/flash-messages";

const flashCookie = createCookie("we_flash", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });

/** Set-Cookie for a notice to show on the next page. Only known codes travel, never free text. */
export function setFlash(code: FlashCode): Promise<string> {
  return flashCookie.serialize(code);
}

/** The pending notice, if any, and the Set-Cookie that consumes it. */
export async function takeFlash(request: Request): Promise<{ message: string; setCookie: string } | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("we_flash=")) return null;
  const code: unknown = await flashCookie.parse(header);
  const setCookie = await flashCookie.serialize("", { maxAge: 0, expires: new Date(0) });
  return { message: isFlashCode(code) ? FLASH_MESSAGES[code] : "", setCookie };
}
