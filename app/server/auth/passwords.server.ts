import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes. */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id computations of this process, hashes and verifications apart: each takes tens of
 * milliseconds of CPU and 19 MiB, so they are what an anonymous request must not be able to multiply
 * (`argon2_operations_total` in the metrics).
 */
const argon2Work = { hash: 0, verify: 0 };

export function argon2Operations(): Readonly<typeof argon2Work> {
  return argon2Work;
}

export function hashPassword(password: string): Promise<string> {
  argon2Work.hash += 1;
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  argon2Work.verify += 1;
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

/** How login ids are compared: case, spaces and Unicode width forms do not matter. */
export function normalizeLoginId(loginId: string): string {
  return loginId.normalize("NFKC").replace(/\s+/g, "").toLowerCase();
}

/** A fixed argon2id hash to verify against when the id is unknown, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export function hashForUnknownAccount(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}
