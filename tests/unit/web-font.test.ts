import { describe, expect, it } from "vitest";
import { inUnicodeRange, WEB_FONT_CLASS, WEB_FONT_FLAG, WEB_FONT_SCRIPT } from "../../app/lib/web-font";

/** The web font's warm-up picks the Pretendard subsets a page needs by their CSS unicode-range (decision 048). */
describe("inUnicodeRange", () => {
  const points = (text: string) => [...new Set(Array.from(text, (c) => c.codePointAt(0)!))].sort((a, b) => a - b);

  it("finds a character inside a range, at its edges, or as a single code point", () => {
    expect(inUnicodeRange("U+ac00-ac3f", points("가"))).toBe(true); // U+AC00, the low edge
    expect(inUnicodeRange("U+ac00-ac3f", points("갿"))).toBe(true); // U+AC3F, the high edge
    expect(inUnicodeRange("U+f9ca-fa0b, U+ff03-ff05, U+ff07", points("＇"))).toBe(true); // U+FF07
    expect(inUnicodeRange("U+F9CA-FA0B, U+FF03-FF05", points("＄"))).toBe(true); // upper case, as Chromium serializes
  });

  it("finds nothing when every character is outside", () => {
    expect(inUnicodeRange("U+ac00-ac3f", points("Aa힣"))).toBe(false); // U+0041, U+0061, U+D7A3
    expect(inUnicodeRange("U+ac40-ac7f, U+20", points("가갿"))).toBe(false); // U+AC00 and U+AC3F, just below
  });

  it("refuses what is not a range", () => {
    expect(inUnicodeRange("", points("가"))).toBe(false);
    expect(inUnicodeRange("U+ac00-ac3f", [])).toBe(false);
  });
});

describe("WEB_FONT_SCRIPT", () => {
  it("reads the flag and sets the class the warm-up and the stylesheet use", () => {
    expect(WEB_FONT_SCRIPT).toContain(`localStorage.getItem("${WEB_FONT_FLAG}")`);
    expect(WEB_FONT_SCRIPT).toContain(`classList.add("${WEB_FONT_CLASS}")`);
  });
});
