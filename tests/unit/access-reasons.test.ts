import { describe, expect, it } from "vitest";
import { parseAccessReason } from "../../app/domain/access-records";
import { canonicalEntry } from "../../app/server/privacy/access-records.server";

const params = (query: string) => new URLSearchParams(query);

describe("the reason asked before a download or export (decision 039)", () => {
  it("takes one of the choices, with optional words, trimmed", () => {
    expect(parseAccessReason(params("reason=review"))).toEqual({ ok: true, reason: { reason: "review", reasonText: "" } });
    expect(parseAccessReason(params("reason=contract&reasonText=%20계약서%20"))).toEqual({ ok: true, reason: { reason: "contract", reasonText: "계약서" } });
    expect(parseAccessReason(params("reason=other&reasonText=방송사%20요청"))).toEqual({ ok: true, reason: { reason: "other", reasonText: "방송사 요청" } });
  });

  it("refuses a missing or unknown choice, 기타 without words, and more than 200 characters, in Korean", () => {
    expect(parseAccessReason(params(""))).toEqual({ ok: false, message: "내려받는 이유를 선택해 주세요." });
    expect(parseAccessReason(params("reason="))).toEqual({ ok: false, message: "내려받는 이유를 선택해 주세요." });
    expect(parseAccessReason(params("reason=__proto__"))).toEqual({ ok: false, message: "내려받는 이유를 선택해 주세요." });
    expect(parseAccessReason(params("reason=other&reasonText=%20"))).toEqual({ ok: false, message: "‘기타’를 선택한 경우 이유를 적어 주세요." });
    expect(parseAccessReason(params(`reason=review&reasonText=${"a".repeat(201)}`))).toEqual({ ok: false, message: "이유는 200자 이하로 적어 주세요." });
    expect(parseAccessReason(params(`reason=review&reasonText=${"a".repeat(200)}`)).ok).toBe(true);
  });

  it("serializes an entry the same whatever the order of its details' keys", () => {
    const entry = { id: 1, at: new Date("2026-11-26T00:00:00Z"), actorLabel: "admin", ip: "::1", action: "view", receiptNumbers: ["AUD-2026-000001"], reasonCode: null, reasonText: null };
    expect(canonicalEntry({ ...entry, details: { b: 1, a: { d: 2, c: 3 } } })).toBe(canonicalEntry({ ...entry, details: { a: { c: 3, d: 2 }, b: 1 } }));
    expect(canonicalEntry({ ...entry, details: {} })).not.toBe(canonicalEntry({ ...entry, details: {}, ip: "::2" }));
  });
});
