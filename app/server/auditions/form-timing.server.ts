import { createHmac, timingSafeEqual } from "node:crypto";
import { MIN_FILL_SECONDS } from "../../domain/auditions";

/**
 * When the application form was served, signed by the server: a submission sooner than
 * MIN_FILL_SECONDS after it (a bot) or without a valid stamp is refused. The stamp holds a time,
 * nothing about the visitor, so the page needs no cookie.
 */

/** A form older than this asks to be sent again (the page is reloaded with a fresh stamp). */
const MAX_FORM_AGE_MS = 24 * 60 * 60 * 1000;

const sign = (secret: string, ms: number) => createHmac("sha256", secret).update(`audition-form:${ms}`).digest("base64url").slice(0, 32);

export function stampForm(secret: string, now: Date = new Date()): string {
  const ms = now.getTime();
  return `${ms}.${sign(secret, ms)}`;
}

export type FormTiming = "ok" | "too-fast" | "expired" | "invalid";

export function checkFormStamp(secret: string, stamp: string | null, now: Date = new Date()): FormTiming {
  const match = /^(\d{10,16})\.([\w-]{32})$/.exec(stamp ?? "");
  if (!match) return "invalid";
  const ms = Number(match[1]);
  const expected = Buffer.from(sign(secret, ms));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  const age = now.getTime() - ms;
  if (age < MIN_FILL_SECONDS * 1000) return "too-fast";
  if (age > MAX_FORM_AGE_MS) return "expired";
  return "ok";
}
