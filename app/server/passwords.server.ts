import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A strong random password (144 bits) that is easy to copy: URL-safe base64, 24 characters. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

/** How login ids are compared: case, surrounding spaces and Unicode width forms do not matter. */
export function normalizeLoginId(loginId: string): string {
  return loginId.normalize("NFKC").trim().toLowerCase();
}
