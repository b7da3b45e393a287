import { describe, expect, it } from "vitest";
import { finalConsonant, withParticle } from "../../app/domain/korean";
import { emptyListMessage, POST_KINDS } from "../../app/domain/post-kinds";
import { FLASH_MESSAGES } from "../../app/lib/flash-messages";

describe("Korean particles after a variable word", () => {
  it.each([
    ["공지사항", "이/가", "공지사항이"],
    ["뉴스", "이/가", "뉴스가"],
    ["사진", "을/를", "사진을"],
    ["배우", "을/를", "배우를"],
    ["이름", "은/는", "이름은"],
    ["키", "은/는", "키는"],
    ["SNS 주소", "은/는", "SNS 주소는"],
    ["영문 이름", "은/는", "영문 이름은"],
    ["도서·화보", "은/는", "도서·화보는"],
    ["서울", "으로/로", "서울로"],
    ["부산", "으로/로", "부산으로"],
    ["학교", "으로/로", "학교로"],
    ["배우", "과/와", "배우와"],
    ["작품", "과/와", "작품과"],
    ["2026", "이/가", "2026이"],
    ["15MB", "을/를", "15MB를"],
    ["version", "은/는", "version은"],
    ["imgList", "은/는", "imgList는"],
    ["‘한서윤’", "이/가", "‘한서윤’이"],
    // Words after their pronunciation, abbreviations letter by letter.
    ["‘TikTok’", "을/를", "‘TikTok’을"],
    ["‘YouTube’", "을/를", "‘YouTube’를"],
    ["Instagram", "으로/로", "Instagram으로"],
    ["Facebook", "은/는", "Facebook은"],
    ["Slack", "과/와", "Slack과"],
    ["Chat", "이/가", "Chat이"],
    ["Twitter", "이/가", "Twitter가"],
    ["Kakao Talk", "으로/로", "Kakao Talk으로"],
    ["Wang", "이/가", "Wang이"],
    ["Blog", "이/가", "Blog가"],
    ["URL", "을/를", "URL을"],
    ["PDF", "을/를", "PDF를"],
  ] as const)("%s + %s → %s", (word, pair, expected) => {
    expect(withParticle(word, pair)).toBe(expected);
  });

  it("writes both forms when the last sound cannot be told", () => {
    expect(withParticle("★", "이/가")).toBe("★이(가)");
    expect(withParticle("", "을/를")).toBe("을(를)");
    expect(withParticle("😀", "으로/로")).toBe("😀(으)로");
    expect(finalConsonant("★")).toBeNull();
  });

  it("every post kind's empty list and notices use the particle its name needs", () => {
    expect(emptyListMessage("notice")).toBe("등록된 공지사항이 없습니다.");
    expect(emptyListMessage("news")).toBe("등록된 뉴스가 없습니다.");
    expect(FLASH_MESSAGES["notice-published"]).toBe("공지사항을 공개했습니다. 사이트에서 바로 볼 수 있습니다.");
    expect(FLASH_MESSAGES["news-drafted"]).toBe("뉴스를 임시 저장했습니다. 사이트에는 보이지 않습니다.");
    expect(FLASH_MESSAGES["news-deleted"]).toBe("뉴스가 휴지통으로 옮겨졌습니다. 30일 안에 복원할 수 있습니다.");
    for (const kind of POST_KINDS) expect(emptyListMessage(kind)).not.toMatch(/[이가]\(|사항가|스이/);
  });
});
