import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { testEngine } from "../../setup/test-database";
import { call, getPage, postForm, uploadImage } from "../../setup/site-requests";

const attribute = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null;

describe(`English pages under /en, entered through the admin forms without JavaScript (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });
  const translated = encodeURIComponent("번역배우");
  const untranslated = encodeURIComponent("한글배우");
  let englishPostId = 0;
  let koreanPostId = 0;

  beforeAll(async () => {
    const photo = ((await uploadImage(server, server.cookie, "#a55")).body as { url: string }).url;
    const artist = await postForm(server, server.cookie, "/adminActor", [
      ["name", "번역배우"],
      ["nameEn", "BEON YEOK"],
      ["birthday", "1995.03.14"],
      ["image0", photo],
      ["status", "public"],
      ["education", "한국예술종합학교 연기과 졸업"],
      ["awards", "2025 신인상"],
      ["en.birthday", "March 14, 1995"],
      ["en.education", "Korea National University of Arts, B.F.A. in Acting"],
      ["en.awards", "Best New Actress, 2025"],
      ["intent", "save"],
    ]);
    expect(artist.status).toBe(302);
    expect((await postForm(server, server.cookie, "/adminActor", [["name", "한글배우"], ["nameEn", "HANGEUL"], ["image0", photo], ["status", "public"], ["education", "서울예대 졸업"], ["intent", "save"]])).status).toBe(302);

    const english = await postForm(server, server.cookie, "/adminNewsWrite", [
      ["title", "번역배우 주연 확정"],
      ["content", "<p>한글 기사입니다.</p>"],
      ["titleEn", "Beon Yeok cast in a lead role"],
      ["contentEn", "<p>The English article.</p>"],
      ["publication", "publish"],
    ]);
    expect(english.status).toBe(302);
    expect((await postForm(server, server.cookie, "/adminNewsWrite", [["title", "한글만 있는 기사"], ["content", "<p>영문 없음</p>"], ["publication", "publish"]])).status).toBe(302);
    const list = (await call(server, { method: "GET", path: "/api/we/newslist" })).body as { postId: number; title: string }[];
    englishPostId = list.find((p) => p.title === "번역배우 주연 확정")!.postId;
    koreanPostId = list.find((p) => p.title === "한글만 있는 기사")!.postId;
  });

  it("a half-filled English version comes back with a Korean message and everything typed", async () => {
    const refused = await postForm(server, server.cookie, "/adminNewsWrite", [
      ["title", "반쪽 영문"],
      ["content", "<p>본문</p>"],
      ["titleEn", "Half an English version"],
      ["contentEn", ""],
      ["publication", "publish"],
    ]);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("영문 제목이 있으면 영문 내용도 입력해 주세요.");
    expect(html).toContain('value="Half an English version"');
  });

  it("every English page type answers in English, with lang, hreflang alternates, x-default and og:locale", async () => {
    for (const path of ["/en", "/en/company", "/en/artist", `/en/artist/${translated}`, "/en/audition", "/en/pr", "/en/news", "/en/notice", `/en/newsDetail/${englishPostId}`]) {
      const { status, html } = await getPage(server, path);
      expect(status, path).toBe(200);
      expect(html, path).toMatch(/<html lang="en"/);
      expect(html, path).toContain('property="og:locale" content="en_US"');
      expect(html, path).toContain("Skip to content");
      const base = path === "/en" ? "/" : path.slice(3);
      expect(attribute(html, /<link rel="alternate" hrefLang="ko" href="([^"]+)"/), path).toBe(`${server.baseURL}${base}`);
      expect(attribute(html, /<link rel="alternate" hrefLang="en" href="([^"]+)"/), path).toBe(`${server.baseURL}${path}`);
      expect(attribute(html, /<link rel="alternate" hrefLang="x-default" href="([^"]+)"/), path).toBe(`${server.baseURL}${base}`);
      expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), path).toBe(`${server.baseURL}${path}`);
      // The switch leads to the same page in Korean.
      expect(html, path).toContain(`hrefLang="ko" lang="ko" class="language-switch__link" href="${base}"`);
    }
    const korean = await getPage(server, "/company");
    expect(korean.html).toMatch(/<html lang="ko"/);
    expect(korean.html).toContain('property="og:locale" content="ko_KR"');
    expect(korean.html).toContain('hrefLang="en" lang="en" class="language-switch__link" href="/en/company"');
  });

  it("an artist with an English profile reads in English; one without shows the Korean entries with a note", async () => {
    const english = (await getPage(server, `/en/artist/${translated}`)).html;
    expect(english).toMatch(/<h1 class="artist-detail__name" lang="en">BEON YEOK<\/h1>/);
    expect(english).toContain("March 14, 1995");
    expect(english).toContain("Korea National University of Arts, B.F.A. in Acting");
    expect(english).toContain("Best New Actress, 2025");
    expect(english).not.toContain("Parts of this profile are not yet available in English");

    const fallback = (await getPage(server, `/en/artist/${untranslated}`)).html;
    expect(fallback).toContain("Parts of this profile are not yet available in English and are shown in Korean.");
    expect(fallback).toMatch(/<ul class="profile-list" lang="ko"><li>서울예대 졸업<\/li>/);
    expect(fallback).toContain("Date of birth");
    // Links on English pages stay on English pages.
    expect((await getPage(server, "/en/artist")).html).toContain(`href="/en/artist/${translated}"`);
  });

  it("English lists hold only posts with an English version, dated like Nov 18, 2026; the rest open in Korean with a note", async () => {
    const list = (await getPage(server, "/en/news")).html;
    expect(list).toContain("Beon Yeok cast in a lead role");
    expect(list).not.toContain("한글만 있는 기사");
    expect(list).toMatch(/<time class="post-item__date" dateTime="\d{4}-\d{2}-\d{2}">[A-Z][a-z]{2} \d{1,2}, \d{4}<\/time>/);
    expect(list).toContain(`href="/en/newsDetail/${englishPostId}"`);
    expect((await getPage(server, "/en/notice")).html).toContain("There are no notices in English yet.");

    const fallback = await getPage(server, `/en/newsDetail/${koreanPostId}`);
    expect(fallback.status).toBe(200);
    expect(fallback.html).toContain("This post is not available in English yet and is shown in Korean.");
    expect(fallback.html).toContain("한글만 있는 기사");
    // Search engines are pointed to the Korean original, with no English alternate.
    expect(attribute(fallback.html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${server.baseURL}/newsDetail/${koreanPostId}`);
    expect(fallback.html).not.toContain('hrefLang="en" href=');
  });

  it("unknown English addresses get the English 404 page; the application and the privacy policy have English twins", async () => {
    const missing = await getPage(server, "/en/artist/nobody");
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("Page not found");
    expect(missing.html).toMatch(/<html lang="en"/);
    expect((await getPage(server, "/en/adminLogin")).status).toBe(404);
    // Decision 065: the form, its receipt and the policy in English; each language's switch leads to the twin.
    for (const [korean, english] of [
      ["/privacy", "/en/privacy"],
      ["/audition/apply", "/en/audition/apply"],
    ]) {
      const page = await getPage(server, english!);
      expect(page.status, english).toBe(200);
      expect(page.html, english).toMatch(/<html lang="en"/);
      expect(page.html, english).toContain(`hrefLang="ko" lang="ko" class="language-switch__link" href="${korean}"`);
      expect((await getPage(server, korean!)).html, korean).toContain(`hrefLang="en" lang="en" class="language-switch__link" href="${english}"`);
    }
    expect((await getPage(server, "/en/audition/apply/complete")).html).toContain("No application to show");
  });

  it("the JSON API stays Korean-first; lang=en gives the English fields", async () => {
    const korean = (await call(server, { method: "GET", path: `/api/we/actorList/${translated}` })).body as Record<string, unknown>;
    expect(korean.birthday).toBe("1995.03.14");
    expect(korean).not.toHaveProperty("lang");
    const english = (await call(server, { method: "GET", path: `/api/we/actorList/${translated}?lang=en` })).body as Record<string, unknown>;
    expect(english).toMatchObject({ birthday: "March 14, 1995", lang: "en", untranslated: [] });
    expect(JSON.parse(english.schoolList as string)).toEqual(["Korea National University of Arts, B.F.A. in Acting"]);

    const news = (await call(server, { method: "GET", path: "/api/we/newslist?lang=en" })).body as { title: string; lang: string }[];
    expect(news).toEqual([expect.objectContaining({ title: "Beon Yeok cast in a lead role", lang: "en" })]);
    const post = (await call(server, { method: "GET", path: `/api/we/newspost/${koreanPostId}?lang=en` })).body as { lang: string; title: string };
    expect(post).toMatchObject({ title: "한글만 있는 기사", lang: "ko" });

    const wrong = await call(server, { method: "GET", path: "/api/we/actorList?lang=fr" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: { code: "invalid_lang", message: "lang에는 ko 또는 en만 쓸 수 있습니다." } });
  });
});
