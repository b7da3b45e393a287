import { describe, expect, it } from "vitest";
import { ageFromBirthday, isLinkPreviewAgent, PACKAGE_TOKEN_PATTERN } from "../../app/domain/casting-packages";

/** Casting packages' small rules (decision 047). */
describe("casting packages", () => {
  it("an age in full years from a birthday as the workspace stores it, or nothing", () => {
    expect(ageFromBirthday("1995.03.14", "2026-03-13")).toBe(30);
    expect(ageFromBirthday("1995.03.14", "2026-03-14")).toBe(31);
    expect(ageFromBirthday("1995-3-4", "2026-11-26")).toBe(31);
    expect(ageFromBirthday("March 14, 1995", "2026-11-26")).toBeNull();
    expect(ageFromBirthday("", "2026-11-26")).toBeNull();
  });

  it("link previews of messengers and crawlers are told from people's browsers", () => {
    for (const bot of ["facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "Mozilla/5.0 (compatible; kakaotalk-scrap/1.0; +https://devtalk.kakao.com/)", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "WhatsApp/2.23.20.0", "Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)"]) {
      expect(isLinkPreviewAgent(bot), bot).toBe(true);
    }
    for (const person of [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 KAKAOTALK 10.4.5",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 NAVER(inapp; search; 2000; 12.7.2)",
    ]) {
      expect(isLinkPreviewAgent(person), person).toBe(false);
    }
    expect(isLinkPreviewAgent(null)).toBe(false);
  });

  it("a token is 43 base64url characters", () => {
    expect(PACKAGE_TOKEN_PATTERN.test("a".repeat(43))).toBe(true);
    expect(PACKAGE_TOKEN_PATTERN.test("a".repeat(42))).toBe(false);
    expect(PACKAGE_TOKEN_PATTERN.test(`${"a".repeat(42)}=`)).toBe(false);
  });
});
