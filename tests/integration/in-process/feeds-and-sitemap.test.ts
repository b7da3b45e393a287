import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../../drizzle/schema";
import { emptyArtistFields } from "../../../app/domain/artist-fields";
import { saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import { uploadImage } from "../../../app/server/media/upload-image.server";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { deletePost, savePost } from "../../../app/server/posts/post-use-cases.server";
import { FEED_SIZE } from "../../../app/routes/post-feed.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { testEngine } from "../../setup/test-database";
import { articleSchema, jsonLdOf, organizationSchema, personSchema } from "../../fixtures/structured-data";

const ADMIN: Actor = { staffId: null, via: "session", label: "admin", ip: "203.0.113.9" };
const HOUR = 60 * 60 * 1000;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["item", "url", "xhtml:link"].includes(name) });

interface FeedItem {
  title: string;
  link: string;
  guid: { "#text": string; "@isPermaLink": string };
  pubDate: string;
  description?: string;
}
interface SitemapUrl {
  loc: string;
  lastmod?: string;
  "xhtml:link"?: { "@rel": string; "@hreflang": string; "@href": string }[];
}

describe(`RSS feeds and the bilingual sitemap: what is public, in which language, dropped at once (${testEngine()}, in-process)`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;
  const ids = { plain: 0, english: 0, hostile: 0, notice: 0, draft: 0, scheduled: 0, trashed: 0 };

  const fetchText = async (path: string) => {
    const response = await fetch(baseURL + path);
    return { status: response.status, type: response.headers.get("content-type"), cacheControl: response.headers.get("cache-control"), cache: response.headers.get("x-cache"), text: await response.text() };
  };
  const feed = async (path: string) => {
    const response = await fetchText(path);
    expect(response.status).toBe(200);
    expect(response.type).toBe("application/rss+xml; charset=utf-8");
    expect(XMLValidator.validate(response.text)).toBe(true);
    const channel = parser.parse(response.text).rss.channel;
    return { ...response, channel, items: (channel.item ?? []) as FeedItem[] };
  };
  const sitemap = async () => {
    const response = await fetchText("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(XMLValidator.validate(response.text)).toBe(true);
    return { ...response, urls: parser.parse(response.text).urlset.url as SitemapUrl[] };
  };
  const save = async (input: Parameters<typeof savePost>[2]) => {
    const result = await savePost(runtime, ADMIN, input);
    if (result.status !== "saved") throw new Error(JSON.stringify(result));
    return result.postId;
  };
  const post = (kind: "news" | "notice", title: string, writeDay: string, extra: Partial<Parameters<typeof savePost>[2]> = {}) =>
    save({ kind, postId: null, title, content: `<p>${title}의 본문입니다.</p>`, expectedVersion: null, writeDay, ...extra });

  beforeAll(async () => {
    app = await startInProcessApp("feeds");
    ({ runtime, baseURL } = app);
    ids.plain = await post("news", "한국어로만 쓴 소식", "2026-10-01");
    ids.english = await post("news", "영문판이 있는 소식", "2026-10-02");
    ids.hostile = await post("news", `"R&D" <팀> & 배우의 'A&B' 소식`, "2026-10-03");
    ids.notice = await post("notice", "오디션 안내", "2026-10-04", { pinned: true });
    ids.draft = await post("news", "아직 쓰는 중인 소식", "2026-10-05", { publication: { mode: "draft" } });
    ids.scheduled = await post("news", "예약된 소식", "2026-10-06", { publication: { mode: "schedule", at: new Date(Date.now() + 48 * HOUR) } });
    ids.trashed = await post("news", "휴지통에 간 소식", "2026-10-07");
    await deletePost(runtime, ADMIN, { kind: "news", postId: ids.trashed });
    // The English version as the editor will store it; written before anything is cached.
    await runtime.db.update(posts).set({ titleEn: "News with an English version & more", descriptionEn: "An English summary." }).where(eq(posts.id, ids.english));
    // A hidden draft with an English title must stay out of the English feed as well.
    await runtime.db.update(posts).set({ titleEn: "A draft in English" }).where(eq(posts.id, ids.draft));

    const photo = await uploadImage(runtime, ADMIN, await sharp({ create: { width: 600, height: 800, channels: 3, background: "#c89" } }).jpeg().toBuffer());
    const artist = {
      ...emptyArtistFields(),
      name: "한서윤",
      nameEn: "HAN SEO YUN",
      birthday: "1994.03.14",
      height: "168",
      socialLink: "https://instagram.example/seoyun/",
      education: ["한국예술종합학교 연기과 졸업"],
      awards: ["2025 한강영화제 여우주연상"],
      films: ["2025 영화 〈바람이 머무는 곳〉 주연 '서하' 역"],
      dramas: ["2024 tvN 〈봄날의 편지〉 주연 '윤슬' 역"],
      imageUrls: [photo.url],
    };
    for (const [name, status] of [["한서윤", null], ["숨은배우", "hidden"]] as const) {
      const saved = await saveArtist(runtime, ADMIN, { existingName: null, input: { ...artist, name }, status, displayOrder: null, expectedVersion: null });
      if (saved.status !== "saved") throw new Error(saved.status);
    }
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("the Korean news feed carries every published news post with its title exactly, and nothing unpublished", async () => {
    const { channel, items, cacheControl } = await feed("/news/rss.xml");
    expect(cacheControl).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(channel.title).toBe("WE ENTERTAINMENT 뉴스");
    expect(channel.link).toBe(`${baseURL}/news`);
    expect(channel.language).toBe("ko");
    expect(channel["atom:link"]["@href"]).toBe(`${baseURL}/news/rss.xml`);
    // Newest first, as the list shows them.
    expect(items.map((i) => i.title)).toEqual([`"R&D" <팀> & 배우의 'A&B' 소식`, "영문판이 있는 소식", "한국어로만 쓴 소식"]);
    const english = items[1]!;
    expect(english.link).toBe(`${baseURL}/newsDetail/${ids.english}`);
    expect(english.guid).toEqual({ "#text": english.link, "@isPermaLink": "true" });
    expect(english.description).toContain("영문판이 있는 소식의 본문입니다.");
    // Saved without a time on an earlier day: dated by its writeDay, 00:00 KST.
    expect(new Date(english.pubDate).toISOString()).toBe("2026-10-01T15:00:00.000Z");
    expect(english.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(items.length).toBeLessThanOrEqual(FEED_SIZE);
  });

  it("the notice feed has the notices only, the pinned one as any other", async () => {
    const { channel, items } = await feed("/notice/rss.xml");
    expect(channel.title).toBe("WE ENTERTAINMENT 공지사항");
    expect(items.map((i) => i.link)).toEqual([`${baseURL}/noticeDetail/${ids.notice}`]);
  });

  it("the English feeds carry only posts with an English version, in English, linking the English pages", async () => {
    const { channel, items } = await feed("/en/news/rss.xml");
    expect(channel.title).toBe("WE ENTERTAINMENT News");
    expect(channel.language).toBe("en");
    expect(channel.link).toBe(`${baseURL}/en/news`);
    expect(channel["atom:link"]["@href"]).toBe(`${baseURL}/en/news/rss.xml`);
    expect(items).toEqual([
      expect.objectContaining({ title: "News with an English version & more", description: "An English summary.", link: `${baseURL}/en/newsDetail/${ids.english}` }),
    ]);
    expect((await feed("/en/notice/rss.xml")).items).toEqual([]);
  });

  it("the sitemap lists both languages with reciprocal hreflang pairs; a post without English only in Korean", async () => {
    const { urls, cacheControl } = await sitemap();
    expect(cacheControl).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const byLoc = new Map(urls.map((u) => [u.loc, u]));
    const pairs = (url: SitemapUrl | undefined) => url?.["xhtml:link"]?.map((l) => [l["@hreflang"], l["@href"]]);
    const artist = `/artist/${encodeURIComponent("한서윤")}`;
    // The application form and the privacy policy have English twins too (decision 065).
    for (const [ko, en] of [["/", "/en"], ["/company", "/en/company"], ["/news", "/en/news"], ["/privacy", "/en/privacy"], ["/audition/apply", "/en/audition/apply"], [artist, `/en${artist}`], [`/newsDetail/${ids.english}`, `/en/newsDetail/${ids.english}`]]) {
      const expected = [["ko", baseURL + ko], ["en", baseURL + en], ["x-default", baseURL + ko]];
      expect(pairs(byLoc.get(baseURL + ko)), ko).toEqual(expected);
      expect(pairs(byLoc.get(baseURL + en)), en).toEqual(expected);
    }
    for (const koreanOnly of [`/newsDetail/${ids.plain}`, `/newsDetail/${ids.hostile}`]) {
      expect(byLoc.get(baseURL + koreanOnly), koreanOnly).toBeDefined();
      expect(byLoc.get(baseURL + koreanOnly)?.["xhtml:link"], koreanOnly).toBeUndefined();
      expect(byLoc.has(`${baseURL}/en${koreanOnly}`), koreanOnly).toBe(false);
    }
    const locs = [...byLoc.keys()];
    for (const id of [ids.draft, ids.scheduled, ids.trashed]) expect(locs.filter((l) => l.endsWith(`Detail/${id}`))).toEqual([]);
    expect(locs.some((l) => l.includes(encodeURIComponent("숨은배우")))).toBe(false);
    // lastmod is the record's own change time; list pages take their newest post's.
    for (const url of urls.filter((u) => u.lastmod)) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);
    const [row] = await runtime.db.select({ updatedAt: posts.updatedAt }).from(posts).where(eq(posts.id, ids.hostile));
    expect(Date.parse(byLoc.get(`${baseURL}/newsDetail/${ids.hostile}`)!.lastmod!)).toBe(Math.floor(row!.updatedAt.getTime() / 1000) * 1000);
    expect(byLoc.get(`${baseURL}/news`)!.lastmod).toBe(byLoc.get(`${baseURL}/newsDetail/${ids.hostile}`)!.lastmod);
    expect(byLoc.get(`${baseURL}/artist`)!.lastmod).toBe(byLoc.get(baseURL + artist)!.lastmod);
    expect(byLoc.get(`${baseURL}/company`)!.lastmod).toBeDefined();
  });

  it("every URL of the sitemap and every link of the feeds is a page that answers, in both languages", async () => {
    const locs = (await sitemap()).urls.map((u) => u.loc);
    const links = [];
    for (const path of ["/news/rss.xml", "/notice/rss.xml", "/en/news/rss.xml", "/en/notice/rss.xml"]) {
      const { channel, items } = await feed(path);
      links.push(channel.link, ...items.map((i) => i.link));
    }
    expect(locs.some((l) => l.startsWith(`${baseURL}/en/`))).toBe(true);
    for (const url of new Set([...locs, ...links])) expect((await fetch(url)).status, url).toBe(200);
  });

  it("the English pages offer the English feeds and state their JSON-LD in English", async () => {
    const links = (html: string) => [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]);
    expect(links((await fetchText("/en/news")).text)).toEqual([["WE ENTERTAINMENT News", `${baseURL}/en/news/rss.xml`]]);
    expect(links((await fetchText("/en/pr")).text)).toEqual([
      ["WE ENTERTAINMENT News", `${baseURL}/en/news/rss.xml`],
      ["WE ENTERTAINMENT Notices", `${baseURL}/en/notice/rss.xml`],
    ]);

    const [organization] = jsonLdOf((await fetchText("/en")).text);
    expect(organizationSchema.parse(organization).url).toBe(`${baseURL}/en`);
    const [person] = jsonLdOf((await fetchText(`/en/artist/${encodeURIComponent("한서윤")}`)).text);
    expect(personSchema.parse(person)).toMatchObject({ name: "HAN SEO YUN", alternateName: "한서윤", jobTitle: "Actor", url: `${baseURL}/en/artist/${encodeURIComponent("한서윤")}` });
    const [english] = jsonLdOf((await fetchText(`/en/newsDetail/${ids.english}`)).text);
    expect(articleSchema.parse(english)).toMatchObject({ headline: "News with an English version & more", inLanguage: "en-US", url: `${baseURL}/en/newsDetail/${ids.english}` });
    // An English page showing a post that has no English version states the Korean article.
    const [korean] = jsonLdOf((await fetchText(`/en/newsDetail/${ids.plain}`)).text);
    expect(articleSchema.parse(korean)).toMatchObject({ headline: "한국어로만 쓴 소식", inLanguage: "ko-KR", url: `${baseURL}/newsDetail/${ids.plain}` });
  });

  it("a post unpublished or deleted drops out of the feeds and the sitemap on the very next request", async () => {
    const inFeeds = async () => ({
      ko: (await feed("/news/rss.xml")).items.some((i) => i.link.endsWith(`/newsDetail/${ids.english}`)),
      en: (await feed("/en/news/rss.xml")).items.some((i) => i.link.endsWith(`/newsDetail/${ids.english}`)),
      sitemap: (await sitemap()).urls.filter((u) => u.loc.endsWith(`/newsDetail/${ids.english}`)).length,
    });
    expect(await inFeeds()).toEqual({ ko: true, en: true, sitemap: 2 });
    // Served from the page cache now, so the next answers prove the change emptied it.
    expect((await fetchText("/news/rss.xml")).cache).toBe("HIT");
    expect((await fetchText("/en/news/rss.xml")).cache).toBe("HIT");
    expect((await fetchText("/sitemap.xml")).cache).toBe("HIT");

    const [current] = await runtime.db.select({ version: posts.version }).from(posts).where(eq(posts.id, ids.english));
    await save({ kind: "news", postId: ids.english, title: "영문판이 있는 소식", content: "<p>잠시 내립니다.</p>", expectedVersion: current!.version, publication: { mode: "draft" } });
    expect(await inFeeds()).toEqual({ ko: false, en: false, sitemap: 0 });

    expect((await fetchText("/news/rss.xml")).cache).toBe("HIT");
    await deletePost(runtime, ADMIN, { kind: "news", postId: ids.hostile });
    const after = await feed("/news/rss.xml");
    expect(after.cache).toBe("MISS");
    expect(after.items.map((i) => i.title)).toEqual(["한국어로만 쓴 소식"]);
    expect((await sitemap()).urls.some((u) => u.loc.endsWith(`/newsDetail/${ids.hostile}`))).toBe(false);
  });

  it("the list pages point feed readers at their feeds", async () => {
    const links = (html: string) => [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]);
    expect(links((await fetchText("/news")).text)).toEqual([["WE ENTERTAINMENT 뉴스", `${baseURL}/news/rss.xml`]]);
    expect(links((await fetchText("/notice")).text)).toEqual([["WE ENTERTAINMENT 공지사항", `${baseURL}/notice/rss.xml`]]);
    expect(links((await fetchText("/pr")).text)).toEqual([
      ["WE ENTERTAINMENT 뉴스", `${baseURL}/news/rss.xml`],
      ["WE ENTERTAINMENT 공지사항", `${baseURL}/notice/rss.xml`],
    ]);
    expect(links((await fetchText("/company")).text)).toEqual([]);
  });

  it("home, artist and post pages carry JSON-LD in the shapes we promise; no verification tags without the settings", async () => {
    const home = (await fetchText("/")).text;
    const [organization] = jsonLdOf(home);
    expect(organizationSchema.parse(organization)).toMatchObject({ name: "WE ENTERTAINMENT", url: `${baseURL}/` });
    expect(home).not.toContain("site-verification");

    const [person] = jsonLdOf((await fetchText(`/artist/${encodeURIComponent("한서윤")}`)).text);
    expect(personSchema.parse(person)).toMatchObject({
      name: "한서윤",
      alternateName: "HAN SEO YUN",
      birthDate: "1994-03-14",
      height: { value: 168 },
      alumniOf: [{ name: "한국예술종합학교 연기과" }],
      award: ["2025 한강영화제 여우주연상"],
      "@reverse": { actor: [{ "@type": "Movie", name: "바람이 머무는 곳" }, { "@type": "TVSeries", name: "봄날의 편지" }] },
    });
    expect((person as { image: string }).image).toMatch(new RegExp(`^${baseURL}/media/`));

    const page = await fetchText(`/newsDetail/${ids.plain}`);
    const [article] = jsonLdOf(page.text);
    expect(articleSchema.parse(article)).toMatchObject({
      "@type": "NewsArticle",
      headline: "한국어로만 쓴 소식",
      url: `${baseURL}/newsDetail/${ids.plain}`,
      datePublished: "2026-10-01T00:00:00+09:00",
      inLanguage: "ko-KR",
    });
    const [notice] = jsonLdOf((await fetchText(`/noticeDetail/${ids.notice}`)).text);
    expect(articleSchema.parse(notice)["@type"]).toBe("Article");
  });
});
