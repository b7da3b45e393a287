import { describe, expect, it } from "vitest";
import { formatKstSpoken } from "../../app/domain/kst";
import { scheduledMessage } from "../../app/lib/flash-messages";

describe("the notice after 예약 says the time in KST as a sentence does (decision 067)", () => {
  const now = new Date("2026-11-29T03:00:00Z");

  it("says the month, day, 오전/오후 and the minutes, in KST whatever the server's zone", () => {
    expect(scheduledMessage(new Date("2026-11-30T06:00:00Z"), now)).toBe("11월 30일 오후 3:00에 공개되도록 예약했습니다.");
    expect(formatKstSpoken(new Date("2026-11-30T15:05:00Z"), now)).toBe("12월 1일 오전 12:05");
    expect(formatKstSpoken(new Date("2026-11-30T03:30:00Z"), now)).toBe("11월 30일 오후 12:30");
  });

  it("adds the year when it is not this one (KST)", () => {
    expect(formatKstSpoken(new Date("2027-01-05T00:00:00Z"), now)).toBe("2027년 1월 5일 오전 9:00");
    // 2026-12-31 23:30 KST is still this year.
    expect(formatKstSpoken(new Date("2026-12-31T14:30:00Z"), now)).toBe("12월 31일 오후 11:30");
  });
});
