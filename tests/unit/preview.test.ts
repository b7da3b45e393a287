import { describe, expect, it } from "vitest";
import { formatKoreanDate, previewText } from "../../app/lib/preview";

describe("list preview (requirements R6.4)", () => {
  it("keeps text of up to 400 characters whole", () => {
    const text = "가".repeat(400);
    expect(previewText(text)).toBe(text);
  });

  it("cuts text longer than 400 characters to 200 plus an ellipsis", () => {
    const text = "나".repeat(401);
    expect(previewText(text)).toBe(`${"나".repeat(200)}...`);
  });

  it("counts characters, not UTF-16 units", () => {
    const text = "😀".repeat(401);
    expect(Array.from(previewText(text).replace(/\.\.\.$/, ""))).toHaveLength(200);
  });
});

describe("dates", () => {
  it("are YYYY-MM-DD in Korea time", () => {
    // 2026-03-31 20:00 UTC is already April 1st in Seoul.
    expect(formatKoreanDate(new Date("2026-03-31T20:00:00Z"))).toBe("2026-04-01");
    expect(formatKoreanDate(new Date("2026-03-31T10:00:00Z"))).toBe("2026-03-31");
  });
});
