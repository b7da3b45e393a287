import { describe, expect, it } from "vitest";
import { entrustedTasks, formatKoreanDate, PRIVACY_POLICY_SECTIONS, PRIVACY_POLICY_TEXT_DATE, privacyPolicyEffectiveDate, PROCESSOR_TASKS } from "../../app/domain/privacy-policy";
import { siteSettingsInputSchema } from "../../app/domain/site-settings";

describe("the privacy policy's parts", () => {
  it("takes effect on the text's date, or on the (KST) day the settings it states last changed, whichever is later", () => {
    expect(privacyPolicyEffectiveDate(null)).toBe(PRIVACY_POLICY_TEXT_DATE);
    expect(privacyPolicyEffectiveDate("2020-01-01T00:00:00Z")).toBe(PRIVACY_POLICY_TEXT_DATE);
    // 23:30 UTC is already the next day in Korea.
    expect(privacyPolicyEffectiveDate("2027-05-04T23:30:00Z")).toBe("2027-05-05");
    expect(privacyPolicyEffectiveDate("not a date")).toBe(PRIVACY_POLICY_TEXT_DATE);
    expect(formatKoreanDate("2027-05-05")).toBe("2027년 5월 5일");
  });

  it("lists only the entrusted work, in a fixed order, with the company as typed (trimmed)", () => {
    expect(entrustedTasks({ hosting: "", storage: "", email: "" })).toEqual([]);
    expect(entrustedTasks({ hosting: " 가나클라우드 ", storage: "", email: "다라메일" })).toEqual([
      { company: "가나클라우드", task: PROCESSOR_TASKS.hosting },
      { company: "다라메일", task: PROCESSOR_TASKS.email },
    ]);
  });

  it("has one anchor per section", () => {
    expect(new Set(PRIVACY_POLICY_SECTIONS.map((s) => s.id)).size).toBe(PRIVACY_POLICY_SECTIONS.length);
  });

  it("takes the retention period as a whole number of days from 7 to 1095", () => {
    const days = (value: string) => siteSettingsInputSchema.shape.auditionRetentionDays.safeParse(value);
    expect(days("7").data).toBe(7);
    expect(days(" 1095 ").data).toBe(1095);
    for (const bad of ["6", "1096", "30.5", "-30", "1e2", "", "서른"]) expect(days(bad).success, bad).toBe(false);
  });
});
