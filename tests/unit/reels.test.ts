import { describe, expect, it } from "vitest";
import { isReel, MAX_REELS, parseReelUrl, reelEmbedUrl, reelsFromForm, reelWatchUrl, storedReels } from "../../app/domain/reels";
import { artistFieldErrors, artistInputSchema, reelListSchema } from "../../app/domain/schemas";

describe("parseReelUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL123", "youtube", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["http://www.youtube.com/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "youtube", "dQw4w9WgXcQ"],
    ["youtu.be/dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["  https://www.youtube.com/shorts/a_B-c1D2e3F  ", "youtube", "a_B-c1D2e3F"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=3", "youtube", "dQw4w9WgXcQ"],
    ["https://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ", "youtube", "dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "vimeo", "76979871"],
    ["https://www.vimeo.com/76979871/", "vimeo", "76979871"],
    ["https://tv.naver.com/v/12345678", "navertv", "12345678"],
    ["https://m.tv.naver.com/v/12345678?query=x", "navertv", "12345678"],
    ["https://tv.naver.com/embed/12345678", "navertv", "12345678"],
  ])("takes %s", (input, provider, id) => {
    expect(parseReelUrl(input)).toEqual({ provider, id });
  });

  it.each([
    "",
    "   ",
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "JaVaScRiPt:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ1",
    "https://www.youtube.com/watch?v=dQw4w9WgX%22Q",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/channel/UC1234567890",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ/extra",
    "https://youtu.be/",
    "https://youtu.be/dQw4w9WgXcQ/x",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
    "https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ",
    "https://vimeo.com/channels/staffpicks/76979871",
    "https://vimeo.com/abc",
    "https://vimeo.com/0123",
    "https://vimeo.com/1234567890123",
    "https://player.vimeo.com.evil.example/video/1",
    "https://tv.naver.com/v/abc",
    "https://tv.naver.com/l/12345",
    "https://naver.com/v/12345",
    "http://127.0.0.1/watch?v=dQw4w9WgXcQ",
    "http://[::1]/embed/dQw4w9WgXcQ",
    "http://169.254.169.254/latest/meta-data",
    "http://localhost/v/123",
    "http://10.0.0.1/v/123",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ\nhttps://evil.example",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ\u202e",
    `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${"a".repeat(600)}`,
    "https://xn--youtube-.com/watch?v=dQw4w9WgXcQ",
  ])("refuses %s", (input) => {
    expect(parseReelUrl(input)).toBeNull();
  });
});

describe("the addresses we build", () => {
  it("the watch page and the privacy-enhanced player of each provider", () => {
    expect(reelWatchUrl({ provider: "youtube", id: "dQw4w9WgXcQ" })).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(reelEmbedUrl({ provider: "youtube", id: "dQw4w9WgXcQ" }, true)).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
    expect(reelWatchUrl({ provider: "vimeo", id: "76979871" })).toBe("https://vimeo.com/76979871");
    expect(reelEmbedUrl({ provider: "vimeo", id: "76979871" }, true)).toBe("https://player.vimeo.com/video/76979871?dnt=1&autoplay=1");
    expect(reelEmbedUrl({ provider: "vimeo", id: "76979871" })).toBe("https://player.vimeo.com/video/76979871?dnt=1");
    expect(reelWatchUrl({ provider: "navertv", id: "12345678" })).toBe("https://tv.naver.com/v/12345678");
    expect(reelEmbedUrl({ provider: "navertv", id: "12345678" }, true)).toBe("https://tv.naver.com/embed/12345678?autoPlay=true");
  });

  it("a stored value is checked again on the way out: a tampered row never becomes a link", () => {
    expect(isReel({ provider: "youtube", id: "dQw4w9WgXcQ", title: "" })).toBe(true);
    expect(
      storedReels([
        { provider: "youtube", id: "dQw4w9WgXcQ", title: "하이라이트", extra: 1 },
        { provider: "youtube", id: "x\"><script>", title: "" },
        { provider: "evil", id: "1", title: "" },
        { provider: "vimeo", id: "1", title: 3 },
        null,
        "https://youtu.be/dQw4w9WgXcQ",
      ]),
    ).toEqual([{ provider: "youtube", id: "dQw4w9WgXcQ", title: "하이라이트" }]);
    expect(storedReels(null)).toEqual([]);
  });
});

describe("reelListSchema", () => {
  it("stores provider and id, not the address as typed; blank rows are dropped", () => {
    const parsed = reelListSchema.parse([
      { url: " https://youtu.be/dQw4w9WgXcQ?si=tracking ", title: " 2025 쇼릴 " },
      { url: "", title: "" },
      { url: "https://vimeo.com/76979871" },
    ]);
    expect(parsed).toEqual([
      { provider: "youtube", id: "dQw4w9WgXcQ", title: "2025 쇼릴" },
      { provider: "vimeo", id: "76979871", title: "" },
    ]);
  });

  it("names the reel and what is wrong, in Korean", () => {
    const errors = (reels: unknown) => {
      const result = artistInputSchema.safeParse({ name: "한서윤", reels });
      expect(result.success).toBe(false);
      return artistFieldErrors(result.error!);
    };
    expect(errors([{ url: "https://youtu.be/dQw4w9WgXcQ", title: "" }, { url: "https://evil.example/v.mp4", title: "" }])).toEqual({
      reels: "2번 영상: YouTube, Vimeo, 네이버TV 영상 주소만 넣을 수 있습니다.",
    });
    expect(errors([{ url: "javascript:alert(1)", title: "" }]).reels).toBe("1번 영상: YouTube, Vimeo, 네이버TV 영상 주소만 넣을 수 있습니다.");
    expect(errors([{ url: "", title: "제목만" }]).reels).toBe("1번 영상의 주소를 입력해 주세요.");
    expect(errors([{ url: "https://youtu.be/dQw4w9WgXcQ", title: "가".repeat(81) }]).reels).toBe("1번 영상의 제목은 80자 이내로 입력해 주세요.");
    expect(errors([{ url: "https://youtu.be/dQw4w9WgXcQ", title: "줄\n바꿈" }]).reels).toMatch(/^1번 영상의 제목/);
    expect(errors(Array.from({ length: MAX_REELS + 1 }, () => ({ url: "https://youtu.be/dQw4w9WgXcQ", title: "" }))).reels).toBe("영상은 5개까지 넣을 수 있습니다.");
    expect(errors("https://youtu.be/dQw4w9WgXcQ").reels).toBe("영상 목록 형식이 올바르지 않습니다.");
    expect(errors([42]).reels).toBe("영상은 주소(url)와 제목(title)을 가진 객체여야 합니다.");
    expect(errors([{ url: 42, title: "" }]).reels).toBe("영상 주소는 글자여야 합니다.");
  });

  it("omitted, the reels are left as they are (no key in the input)", () => {
    const parsed = artistInputSchema.parse({ name: "한서윤" });
    expect("reels" in parsed && parsed.reels !== undefined).toBe(false);
  });
});

describe("reelsFromForm", () => {
  it("pairs the rows' addresses and titles in order; empty rows are dropped", () => {
    const form = new FormData();
    for (const [url, title] of [
      ["https://vimeo.com/1", "하나"],
      ["", ""],
      ["https://youtu.be/dQw4w9WgXcQ", ""],
      ["", "제목만"],
    ]) {
      form.append("reelUrl", url!);
      form.append("reelTitle", title!);
    }
    expect(reelsFromForm(form)).toEqual([
      { url: "https://vimeo.com/1", title: "하나" },
      { url: "https://youtu.be/dQw4w9WgXcQ", title: "" },
      { url: "", title: "제목만" },
    ]);
  });
});
