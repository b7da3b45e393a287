import { HOTP, Secret, TOTP } from "otpauth";

/**
 * TOTP (RFC 6238 over RFC 4226's HOTP) as every authenticator app reads it from an otpauth:// URI:
 * HMAC-SHA-1, 6 digits, 30-second steps counted from the Unix epoch (decision 040). The algorithm, base32
 * and the URI are the `otpauth` package's (decision 059); what is this project's own is kept here: how a
 * secret and a typed code are read, the secret's size, and that each code works once.
 */
export const TOTP_DIGITS = 6;
export const TOTP_STEP_SECONDS = 30;
/** Codes of the step before and after the current one are accepted too (clock drift, typing time). */
export const TOTP_WINDOW = 1;
/** 160 bits, the length RFC 4226 recommends for HMAC-SHA-1. */
export const TOTP_SECRET_BYTES = 20;
export const TOTP_ISSUER = "WE ENTERTAINMENT";
const TOTP_ALGORITHM = "SHA1";

/** A Secret over a copy of the bytes (a Buffer may be a view into a larger pool). */
function secretOf(bytes: Uint8Array): Secret {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer });
}

export function base32Encode(bytes: Uint8Array): string {
  return secretOf(bytes).base32;
}

/** The secret as stored and shown: upper-case base32 without spaces or padding. */
export function normalizeTotpSecret(text: string): string {
  return text.replace(/[\s=-]/g, "").toUpperCase();
}

/** Decodes base32 (RFC 4648; case, spaces, hyphens and `=` padding ignored); null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = normalizeTotpSecret(text);
  if (clean === "" || !/^[A-Z2-7]+$/.test(clean)) return null;
  return Buffer.from(Secret.fromBase32(clean).bytes);
}

/** A new secret: 20 random bytes, base32 (32 characters, no padding). */
export function generateTotpSecret(): string {
  return new Secret({ size: TOTP_SECRET_BYTES }).base32;
}

/** Whether a base32 text is usable as a TOTP secret (at least 128 bits, as RFC 4226 requires). */
export function isUsableTotpSecret(text: string): boolean {
  const bytes = base32Decode(text);
  return bytes !== null && bytes.length >= 16 && bytes.length <= 64;
}

/** RFC 4226 HOTP of `counter` with SHA-1 (or SHA-256/512 for RFC 6238's other test vectors). */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm: "sha1" | "sha256" | "sha512" = "sha1"): string {
  return HOTP.generate({ secret: secretOf(key), algorithm: algorithm.toUpperCase(), digits, counter });
}

/** The 30-second step holding `nowMs`. */
export function totpStep(nowMs: number): number {
  return TOTP.counter({ period: TOTP_STEP_SECONDS, timestamp: nowMs });
}

/** The code of the step holding `nowMs` for a base32 secret. */
export function totpCode(secret: string, nowMs: number = Date.now()): string {
  const key = base32Decode(secret);
  if (!key) throw new Error("not a base32 secret");
  return TOTP.generate({ secret: secretOf(key), algorithm: TOTP_ALGORITHM, digits: TOTP_DIGITS, period: TOTP_STEP_SECONDS, timestamp: nowMs });
}

/** What a typed code is: six digits, with spaces or a hyphen in between forgiven. */
export function normalizeTotpInput(input: string): string | null {
  const digits = input.normalize("NFKC").replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: "wrong" | "replayed" };

/**
 * Checks a code against the steps `now` ±TOTP_WINDOW (otpauth compares each in constant time). The step
 * it matches must be later than `lastUsedStep` (the last step accepted for the account): each code works
 * once, and never one older than a code already used.
 */
export function checkTotpCode(secret: string, input: string, lastUsedStep: number | null, nowMs: number = Date.now()): TotpCheck {
  const key = base32Decode(secret);
  const code = normalizeTotpInput(input);
  if (!key || !code) return { ok: false, reason: "wrong" };
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(key),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    timestamp: nowMs,
    window: TOTP_WINDOW,
  });
  if (delta === null) return { ok: false, reason: "wrong" };
  const matched = totpStep(nowMs) + delta;
  if (lastUsedStep !== null && matched <= lastUsedStep) return { ok: false, reason: "replayed" };
  return { ok: true, step: matched };
}

/** The otpauth:// URI authenticator apps read (from the QR code): label "WE ENTERTAINMENT:<login>". */
export function otpauthUri(secret: string, loginId: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: loginId,
    secret: normalizeTotpSecret(secret),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  }).toString();
}

/** The secret in groups of four for typing it by hand. */
export function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}
