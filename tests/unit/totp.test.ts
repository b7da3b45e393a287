import { TOTP, URI } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  checkTotpCode,
  generateTotpSecret,
  groupedSecret,
  hotp,
  isUsableTotpSecret,
  otpauthUri,
  totpCode,
  totpStep,
} from "../../app/server/auth/totp.server";
import { normalizeRecoveryCode } from "../../app/server/auth/recovery-codes.server";
import { openSecret, sealSecret } from "../../app/server/auth/secret-box.server";

/** RFC 6238 appendix B: the seed of the SHA-1 test vectors is the ASCII string "12345678901234567890". */
const RFC_SEED = Buffer.from("12345678901234567890", "ascii");

describe("TOTP (RFC 6238)", () => {
  it.each([
    [59, "94287082"],
    [1111111109, "07081804"],
    [1111111111, "14050471"],
    [1234567890, "89005924"],
    [2000000000, "69279037"],
    [20000000000, "65353130"],
  ])("the SHA-1 test vector at T=%i is %s (8 digits)", (seconds, expected) => {
    expect(hotp(RFC_SEED, totpStep(seconds * 1000), 8)).toBe(expected);
  });

  it("the SHA-256 and SHA-512 vectors at T=59 (the same HOTP with the RFC's longer seeds)", () => {
    expect(hotp(Buffer.from("12345678901234567890123456789012"), totpStep(59_000), 8, "sha256")).toBe("46119246");
    expect(hotp(Buffer.from("1234567890123456789012345678901234567890123456789012345678901234"), totpStep(59_000), 8, "sha512")).toBe("90693936");
  });

  it("six digits are the last six of the eight (the same truncation, modulo 10^6)", () => {
    expect(hotp(RFC_SEED, totpStep(59_000))).toBe("287082");
    expect(totpCode(base32Encode(RFC_SEED), 1111111109_000)).toBe("081804");
  });

  it("base32 round-trips; the RFC seed is GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", () => {
    expect(base32Encode(RFC_SEED)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).toEqual(RFC_SEED);
    expect(base32Decode("not base32!")).toBeNull();
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(isUsableTotpSecret(secret)).toBe(true);
    expect(isUsableTotpSecret("JBSWY3DPEHPK3PXP")).toBe(false); // 10 bytes: too short
  });

  const secret = base32Encode(RFC_SEED);
  const now = 1_800_000_015_000; // 15 s into a step
  const step = totpStep(now);
  const codeAt = (s: number) => hotp(RFC_SEED, s);

  it("accepts the current step and one either side, nothing further", () => {
    expect(checkTotpCode(secret, codeAt(step), null, now)).toEqual({ ok: true, step });
    expect(checkTotpCode(secret, codeAt(step - 1), null, now)).toEqual({ ok: true, step: step - 1 });
    expect(checkTotpCode(secret, codeAt(step + 1), null, now)).toEqual({ ok: true, step: step + 1 });
    expect(checkTotpCode(secret, codeAt(step - 2), null, now)).toEqual({ ok: false, reason: "wrong" });
    expect(checkTotpCode(secret, codeAt(step + 2), null, now)).toEqual({ ok: false, reason: "wrong" });
    expect(checkTotpCode(secret, "12345", null, now)).toEqual({ ok: false, reason: "wrong" });
    expect(checkTotpCode(secret, "abcdef", null, now)).toEqual({ ok: false, reason: "wrong" });
  });

  it("tolerates spaces and full-width digits as typed on a phone", () => {
    const code = codeAt(step);
    expect(checkTotpCode(secret, `${code.slice(0, 3)} ${code.slice(3)}`, null, now).ok).toBe(true);
    expect(checkTotpCode(secret, code.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))), null, now).ok).toBe(true);
  });

  it("refuses a replayed code: the step used, and any earlier one", () => {
    expect(checkTotpCode(secret, codeAt(step), step, now)).toEqual({ ok: false, reason: "replayed" });
    expect(checkTotpCode(secret, codeAt(step - 1), step, now)).toEqual({ ok: false, reason: "replayed" });
    expect(checkTotpCode(secret, codeAt(step + 1), step, now)).toEqual({ ok: true, step: step + 1 });
    // Thirty seconds later the next code works.
    expect(checkTotpCode(secret, codeAt(step + 1), step, now + 30_000)).toEqual({ ok: true, step: step + 1 });
  });

  it("the otpauth URI authenticator apps read", () => {
    const uri = otpauthUri("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "admin");
    expect(uri).toBe(
      "otpauth://totp/WE%20ENTERTAINMENT:admin?issuer=WE%20ENTERTAINMENT&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA1&digits=6&period=30",
    );
    // Read back as an app reads it: the same issuer, label, secret and parameters.
    const parsed = URI.parse(uri);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed).toMatchObject({ issuer: "WE ENTERTAINMENT", label: "admin", algorithm: "SHA1", digits: 6, period: 30 });
    expect(parsed.secret.base32).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(otpauthUri("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", "casting.han@example.com")).toContain("/WE%20ENTERTAINMENT:casting.han%40example.com?");
    expect(groupedSecret("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ")).toBe("GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ");
  });
});

describe("secret box (AES-256-GCM under an HKDF key of the server secret)", () => {
  const serverSecret = "a-server-secret-of-at-least-32-characters";
  it("opens what it sealed; another secret, purpose or a changed byte opens nothing", () => {
    const sealed = sealSecret(serverSecret, "totp-secret", "GEZDGNBVGY3TQOJQ");
    expect(sealed).not.toContain("GEZDGNBVGY3TQOJQ");
    expect(sealSecret(serverSecret, "totp-secret", "GEZDGNBVGY3TQOJQ")).not.toBe(sealed); // a fresh IV each time
    expect(openSecret(serverSecret, "totp-secret", sealed)).toBe("GEZDGNBVGY3TQOJQ");
    expect(openSecret(`${serverSecret}x`, "totp-secret", sealed)).toBeNull();
    expect(openSecret(serverSecret, "other", sealed)).toBeNull();
    const parts = sealed.split(".");
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith("AA") ? "BB" : "AA");
    expect(openSecret(serverSecret, "totp-secret", parts.join("."))).toBeNull();
    expect(openSecret(serverSecret, "totp-secret", "garbage")).toBeNull();
  });
});

describe("recovery codes", () => {
  it("are read forgivingly (case, hyphens, spaces) but only from their alphabet", () => {
    expect(normalizeRecoveryCode("K7MQ-2XHP-4W")).toBe("k7mq2xhp4w");
    expect(normalizeRecoveryCode(" k7mq 2xhp 4w ")).toBe("k7mq2xhp4w");
    expect(normalizeRecoveryCode("k7mq-2xhp-4")).toBeNull();
    expect(normalizeRecoveryCode("o0l1-2xhp-4w")).toBeNull();
    expect(normalizeRecoveryCode("123456")).toBeNull();
  });
});
