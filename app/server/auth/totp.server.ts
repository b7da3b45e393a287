import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * TOTP (RFC 6238 over RFC 4226's HOTP) as every authenticator app reads it from an otpauth:// URI:
 * HMAC-SHA-1, 6 digits, 30-second steps counted from the Unix epoch (decision 040).
 */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
export const TOTP_WINDOW = 1;
/** 160 bits, the length RFC 4226 recommends for HMAC-SHA-1. */
export const TOTP_SECRET_BYTES = 20;
export const TOTP_ISSUER = "WE ENTERTAINMENT";

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (RFC 4648; case, spaces, hyphens and `=` padding ignored); null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=-]/g, "").toUpperCase();
  if (clean === "" || !/^[A-Z2-7]+$/.test(clean)) return null;
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret: 20 random bytes, base32 (32 characters, no padding). */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(TOTP_SECRET_BYTES));
}

/** Whether a base32 text is usable as a TOTP secret (at least 128 bits, as RFC 4226 requires). */
export function isUsableTotpSecret(text: string): boolean {
  const bytes = base32Decode(text);
  return bytes !== null && bytes.length >= 16 && bytes.length <= 64;
}

/** The secret as stored and shown: upper-case base32 without spaces or padding. */
export function normalizeTotpSecret(text: string): string {
  return text.replace(/[\s=-]/g, "").toUpperCase();
}

/** RFC 4226 HOTP of `counter` with SHA-1 (or SHA-256/512 for RFC 6238's other test vectors). */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The 30-second step holding `nowMs`. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code of the step holding `nowMs` for a base32 secret. */
export function totpCode(secret: string, nowMs: number = Date.now()): string {
  const key = base32Decode(secret);
  if (!key) throw new Error("not a base32 secret");
  return hotp(key, totpStep(nowMs));
}

/** What a typed code is: six digits, with spaces or a hyphen in between forgiven. */
export function normalizeTotpInput(input: string): string | null {
  const digits = input.normalize("NFKC").replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: "wrong" | "replayed" };

/**
 * Checks a code against the steps `now` ±TOTP_WINDOW. The step it matches must be later than
 * `lastUsedStep` (the last step accepted for the account): each code works once, and never one older
 * than a code already used. Compared in constant time.
 */
export function checkTotpCode(secret: string, input: string, lastUsedStep: number | null, nowMs: number = Date.now()): TotpCheck {
  const key = base32Decode(secret);
  const code = normalizeTotpInput(input);
  if (!key || !code) return { ok: false, reason: "wrong" };
  const current = totpStep(nowMs);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code)) && matched === null) matched = step;
  }
  if (matched === null) return { ok: false, reason: "wrong" };
  if (lastUsedStep !== null && matched <= lastUsedStep) return { ok: false, reason: "replayed" };
  return { ok: true, step: matched };
}

/** The otpauth:// URI authenticator apps read (from the QR code): label "WE ENTERTAINMENT:<login>". */
export function otpauthUri(secret: string, loginId: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(loginId)}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(TOTP_ISSUER)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;
}

/** The secret in groups of four for typing it by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}
