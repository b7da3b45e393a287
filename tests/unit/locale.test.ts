import { describe, expect, it } from "vitest";
import { basePathOf, bothLanguagePaths, hasEnglishVersion, localeOfPath, localeOfPattern, localizedPath, switchLanguagePath } from "../../app/domain/locale";
import { formatDay, messagesFor } from "../../app/domain/messages";
import { postKindOfPattern } from "../../app/domain/post-kinds";
import { pathsShowingArtist, pathsShowingPost } from "../../app/domain/site-routes";

describe("English pages under /en", () => {
  it("tells the language from the path, and maps paths both ways", () => {
    expect(localeOfPath("/")).toBe("ko");
    expect(localeOfPath("/en")).toBe("en");
    expect(localeOfPath("/en/artist/한서윤")).toBe("en");
    // A Korean path that merely starts with the letters is not English.
    expect(localeOfPath("/enter")).toBe("ko");
    expect(localeOfPattern("en/newsDetail/:postId")).toBe("en");
    expect(localeOfPattern("newsDetail/:postId")).toBe("ko");
    expect(localizedPath("en", "/")).toBe("/en");
    expect(localizedPath("en", "/news?page=2")).toBe("/en/news?page=2");
    expect(localizedPath("ko", "/news")).toBe("/news");
    expect(basePathOf("/en")).toBe("/");
    expect(basePathOf("/en/company")).toBe("/company");
    expect(postKindOfPattern("en/noticeDetail/:postId")).toBe("notice");
  });

  it("the language switch keeps the visitor on the same page, or the closest English one", () => {
    expect(switchLanguagePath("/artist/%ED%95%9C", "")).toEqual({ locale: "en", path: "/en/artist/%ED%95%9C" });
    expect(switchLanguagePath("/en/news", "?page=2")).toEqual({ locale: "ko", path: "/news?page=2" });
    expect(switchLanguagePath("/en", "")).toEqual({ locale: "ko", path: "/" });
    expect(switchLanguagePath("/", "")).toEqual({ locale: "en", path: "/en" });
    // The application form, its receipt and the policy have English twins (decision 065).
    expect(switchLanguagePath("/audition/apply", "")).toEqual({ locale: "en", path: "/en/audition/apply" });
    expect(switchLanguagePath("/en/audition/apply/complete", "")).toEqual({ locale: "ko", path: "/audition/apply/complete" });
    expect(switchLanguagePath("/privacy", "")).toEqual({ locale: "en", path: "/en/privacy" });
    // A page without an English version leads to the English home page.
    expect(switchLanguagePath("/adminLogin", "")).toEqual({ locale: "en", path: "/en" });
    expect(hasEnglishVersion("/adminActor")).toBe(false);
    expect(hasEnglishVersion("/noticeDetail/3")).toBe(true);
  });

  it("a change purges both languages' pages", () => {
    expect(bothLanguagePaths("/privacy")).toEqual(["/privacy", "/en/privacy"]);
    expect(bothLanguagePaths("/adminLogin")).toEqual(["/adminLogin"]);
    expect(pathsShowingPost("news", 7)).toEqual(expect.arrayContaining(["/newsDetail/7", "/en/newsDetail/7", "/news", "/en/news", "/pr", "/en/pr"]));
    expect(pathsShowingArtist("한서윤")).toEqual(expect.arrayContaining(["/", "/en", "/artist", "/en/artist", "/en/artist/%ED%95%9C%EC%84%9C%EC%9C%A4"]));
  });

  it("dates read as Nov 18, 2026 in English and stay as stored in Korean", () => {
    expect(formatDay("en", "2026-11-18")).toBe("Nov 18, 2026");
    expect(formatDay("en", "2027-01-05")).toBe("Jan 5, 2027");
    expect(formatDay("ko", "2026-11-18")).toBe("2026-11-18");
  });

  it("has an English text for every Korean one", () => {
    const shape = (value: unknown): unknown =>
      typeof value === "function" ? "function" : Array.isArray(value) ? value.map(shape) : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)])) : typeof value;
    expect(shape(messagesFor("en"))).toEqual(shape(messagesFor("ko")));
    expect(messagesFor("en").posts.empty("News")).toBe("There is no news in English yet.");
    expect(messagesFor("en").posts.empty("Notices")).toBe("There are no notices in English yet.");
  });
});
