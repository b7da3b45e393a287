import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets kept in the database encrypted (the TOTP secrets, decision 040): AES-256-GCM under a key
 * derived with HKDF-SHA-256 from the server's session secret (SESSION_SECRET, or the one generated into
 * DATA_DIR), so a copy of the database or a backup alone does not give the codes away. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). A changed session secret makes them unreadable: the account
 * then signs in with a recovery code, or `npm run admin:password -- --reset-second-factor`.
 */
const VERSION = "v1";
const keys = new Map<string, Buffer>();

function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "we-entertainment", `secret-box:${purpose}`, 32));
    keys.set(id, key);
  }
  return key;
}

export function sealSecret(serverSecret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(serverSecret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

/** The plaintext, or null when the value was not sealed with this secret and purpose (or was altered). */
export function openSecret(serverSecret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(serverSecret, purpose), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
