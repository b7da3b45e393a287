import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chosenPhotosProblem } from "../../app/domain/audition-constants";
import { auditionConsent, auditionFieldsSchemaFor, normalizeApplicantPhone, retentionSentence } from "../../app/domain/auditions";
import { AUDITION_FIELDS } from "../../app/domain/audition-fields";
import { looksLikeImage } from "../../app/server/auditions/application-upload.server";
import { HANGUL, ZOD_ENGLISH } from "../fixtures/korean-messages";

/** Decision 065: the English application form's rules, texts and photo checks. */
describe("the English application form", () => {
  const messages = (locale: "ko" | "en", input: unknown) => {
    const parsed = auditionFieldsSchemaFor(locale).safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it("answers every refused field in English, never with zod's own words or Korean", () => {
    const empty = messages("en", {});
    expect(empty).toContain("Please enter your name.");
    expect(empty).toContain("You need to agree to the collection and use of your personal information to apply.");
    fc.assert(
      // A form sends text: every field as a string, or not at all.
      fc.property(fc.dictionary(fc.constantFrom(...AUDITION_FIELDS.map((f) => f.key)), fc.oneof(fc.string(), fc.constant(""), fc.constant("on"))), (input) => {
        for (const message of messages("en", input)) {
          expect(message).not.toMatch(HANGUL);
          expect(message).not.toMatch(ZOD_ENGLISH);
        }
      }),
      { numRuns: 100 },
    );
    // The Korean form is unchanged.
    expect(messages("ko", {})).toContain("이름을 입력해 주세요.");
    expect(messages("ko", { height: "300" })).toContain("키는 80에서 230 사이의 숫자로 입력해 주세요.");
    // A hundred random forms take a second alone, more on a busy machine.
  }, 30_000);

  it("takes a number abroad with its country code on the English form only", () => {
    expect(normalizeApplicantPhone("+44 7700 900123", "en")).toBe("+447700900123");
    expect(normalizeApplicantPhone("+82 10-1234-5678", "en")).toBe("010-1234-5678");
    expect(normalizeApplicantPhone("010 1234 5678", "en")).toBe("010-1234-5678");
    expect(normalizeApplicantPhone("+44 7700 900123", "ko")).toBeNull();
    expect(normalizeApplicantPhone("07700 900123", "en")).toBeNull();
    expect(normalizeApplicantPhone("+1 555", "en")).toBeNull();
  });

  it("states consent and retention in English from the same field model and days", () => {
    const consent = auditionConsent("en");
    expect(consent.requiredItems).toHaveLength(auditionConsent("ko").requiredItems.length);
    expect(consent.requiredItems[0]).toBe("name");
    expect(`${consent.purpose} ${consent.refusal} ${consent.requiredItems.join()} ${consent.optionalItems.join()} ${consent.guardianItems.join()}`).not.toMatch(HANGUL);
    expect(retentionSentence(45, "en")).toContain("for 45 days");
    expect(retentionSentence(45)).toContain("45일 동안 보관");
  });

  it("names a chosen file that is not a photo, one too large and one too many, in the form's language", () => {
    const jpeg = { name: "face.jpg", type: "image/jpeg", size: 1000 };
    expect(chosenPhotosProblem([jpeg, { ...jpeg, name: "body.JPG", type: "" }], "en")).toBeNull();
    expect(chosenPhotosProblem([{ name: "C:\\fakepath\\resume.pdf", type: "application/pdf", size: 10 }, jpeg], "en")).toBe(
      "Photo 1 (“resume.pdf”): this is not a photo. Please choose JPEG, PNG or WebP photos of up to 15 MB each.",
    );
    expect(chosenPhotosProblem([jpeg, { name: "IMG_1.HEIC", type: "image/heic", size: 10 }], "ko")).toBe(
      "2번째 사진(‘IMG_1.HEIC’): 사진 파일이 아닙니다. JPEG, PNG, WebP 사진을 장당 15MB 이하로 올려 주세요.",
    );
    expect(chosenPhotosProblem([{ ...jpeg, size: 16 * 1024 * 1024 }], "ko")).toBe("1번째 사진(‘face.jpg’): 사진 한 장은 15MB 이하로 올려 주세요.");
    expect(chosenPhotosProblem(Array.from({ length: 6 }, () => jpeg), "en")).toBe("You can upload up to 5 photos.");
  });

  it("tells an image from other files by its first bytes, before decoding it", () => {
    const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
    expect(looksLikeImage(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(looksLikeImage(bytes([0x89], "PNG\r\n"))).toBe(true);
    expect(looksLikeImage(bytes("GIF89a"))).toBe(true);
    expect(looksLikeImage(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe(true);
    expect(looksLikeImage(bytes([0, 0, 0, 28], "ftypavif"))).toBe(true);
    expect(looksLikeImage(bytes("%PDF-1.4"))).toBe(false);
    expect(looksLikeImage(bytes([0, 0, 0, 28], "ftypisom"))).toBe(false);
    expect(looksLikeImage(bytes("<svg xmlns"))).toBe(false);
  });
});
