import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { instantOnKstDay, toKstIsoString } from "../../app/domain/kst";
import { feedLinks } from "../../app/lib/feeds";
import {
  articleJsonLd,
  creditWork,
  internationalPhone,
  organizationJsonLd,
  parseBirthDate,
  parseHeightCm,
  personJsonLd,
  postalAddress,
  schoolName,
} from "../../app/lib/structured-data";
import { renderRssFeed } from "../../app/routes/post-feed.server";
import { renderSitemap } from "../../app/routes/sitemap.server";
import { escapeXml } from "../../app/server/site/xml.server";
import { articleSchema, organizationSchema, personSchema } from "../fixtures/structured-data";

const ORIGIN = "https://we.example";
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => ["item", "url", "xhtml:link"].includes(name) });

describe("XML text", () => {
  it("escapes markup and drops what XML forbids, keeping Korean and emoji", () => {
    expect(escapeXml(`A & B <b> "q" 'a'`)).toBe("A &amp; B &lt;b&gt; &quot;q&quot; &apos;a&apos;");
    expect(escapeXml("소식\u0000\u0008\u001F 🎬\uD800")).toBe("소식 🎬");
    expect(escapeXml("줄\n바꿈\t")).toBe("줄\n바꿈\t");
  });
});

describe("KST instants", () => {
  it("writes an instant as ISO 8601 in KST", () => {
    expect(toKstIsoString(new Date("2026-11-24T15:30:05.123Z"))).toBe("2026-11-25T00:30:05+09:00");
  });

  it("dates a post by its writeDay, with the time it went public only when that is the same KST day", () => {
    const sameDay = new Date("2026-11-23T16:30:00Z"); // 2026-11-24 01:30 KST
    expect(instantOnKstDay("2026-11-24", sameDay)).toEqual(sameDay);
    expect(instantOnKstDay("2026-11-24", new Date("2026-11-25T03:00:00Z")).toISOString()).toBe("2026-11-23T15:00:00.000Z");
    expect(instantOnKstDay("2026-11-24", null).toISOString()).toBe("2026-11-23T15:00:00.000Z");
  });
});

describe("RSS document", () => {
  const published = new Date("2026-11-24T01:00:00Z");
  const feed = (locale: "ko" | "en") =>
    renderRssFeed({
      kind: "news",
      locale,
      origin: ORIGIN,
      posts: [
        {
          postId: 7,
          title: `"R&D" <팀> & 배우 '한서윤'`,
          description: "설명 <b>굵게</b> & 끝\u0007",
          published,
          updatedAt: new Date("2026-11-25T00:00:00Z"),
          image: { url: "/media/2026/11/0123456789abcdef0123456789abcdef.jpg", type: "image/jpeg", bytes: 48_213, width: 1200, height: 800 },
        },
        { postId: 3, title: "설명 없는 소식", description: "", published: new Date("2026-11-01T15:00:00Z"), updatedAt: published, image: null },
      ],
    });

  it("is well-formed RSS 2.0 whose titles read back exactly as written", () => {
    const xml = feed("ko");
    expect(XMLValidator.validate(xml)).toBe(true);
    const { rss } = parser.parse(xml);
    expect(rss["@version"]).toBe("2.0");
    const channel = rss.channel;
    expect(channel.title).toBe("WE ENTERTAINMENT 뉴스");
    expect(channel.link).toBe(`${ORIGIN}/news`);
    expect(channel.language).toBe("ko");
    expect(channel.lastBuildDate).toBe("Wed, 25 Nov 2026 00:00:00 GMT");
    expect(channel["atom:link"]).toMatchObject({ "@href": `${ORIGIN}/news/rss.xml`, "@rel": "self", "@type": "application/rss+xml" });
    const [first, second] = channel.item;
    expect(first.title).toBe(`"R&D" <팀> & 배우 '한서윤'`);
    expect(first.description).toBe("설명 <b>굵게</b> & 끝");
    expect(first.link).toBe(`${ORIGIN}/newsDetail/7`);
    expect(first.guid).toMatchObject({ "#text": `${ORIGIN}/newsDetail/7`, "@isPermaLink": "true" });
    expect(first.pubDate).toBe("Tue, 24 Nov 2026 01:00:00 GMT");
    expect(second.description).toBeUndefined();
    // The post's image (its featured image, else its first) as an enclosure and a Media RSS item, absolute.
    const imageUrl = `${ORIGIN}/media/2026/11/0123456789abcdef0123456789abcdef.jpg`;
    expect(first.enclosure).toMatchObject({ "@url": imageUrl, "@length": "48213", "@type": "image/jpeg" });
    expect(first["media:content"]).toMatchObject({ "@url": imageUrl, "@medium": "image", "@width": "1200", "@height": "800" });
    expect(rss["@xmlns:media"]).toBe("http://search.yahoo.com/mrss/");
    expect(second.enclosure).toBeUndefined();
  });

  it("in English links the English pages and says so", () => {
    const { rss } = parser.parse(feed("en"));
    expect(rss.channel.title).toBe("WE ENTERTAINMENT News");
    expect(rss.channel.language).toBe("en");
    expect(rss.channel.link).toBe(`${ORIGIN}/en/news`);
    expect(rss.channel["atom:link"]["@href"]).toBe(`${ORIGIN}/en/news/rss.xml`);
    expect(rss.channel.item[0].guid["#text"]).toBe(`${ORIGIN}/en/newsDetail/7`);
  });

  it("without posts is still a valid channel", () => {
    const xml = renderRssFeed({ kind: "notice", locale: "ko", origin: ORIGIN, posts: [] });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(parser.parse(xml).rss.channel.title).toBe("WE ENTERTAINMENT 공지사항");
  });

  it("is offered to feed readers from the list pages in the page's language", () => {
    expect(feedLinks(["news", "notice"], "en", ORIGIN)).toEqual([
      { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "WE ENTERTAINMENT News", href: `${ORIGIN}/en/news/rss.xml` },
      { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "WE ENTERTAINMENT Notices", href: `${ORIGIN}/en/notice/rss.xml` },
    ]);
  });
});

describe("sitemap document", () => {
  it("is well-formed, with xhtml alternates only where given and escaped URLs", () => {
    const alternates = [
      { hreflang: "ko", path: "/company" },
      { hreflang: "en", path: "/en/company" },
      { hreflang: "x-default", path: "/company" },
    ];
    const xml = renderSitemap(
      [
        { path: "/company", lastmod: "2026-11-24T10:00:00+09:00", alternates },
        { path: "/en/company", lastmod: "2026-11-24T10:00:00+09:00", alternates },
        { path: "/privacy?a=1&b=2", alternates: [] },
      ],
      ORIGIN,
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    const { urlset } = parser.parse(xml);
    expect(urlset["@xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
    expect(urlset.url.map((u: { loc: string }) => u.loc)).toEqual([`${ORIGIN}/company`, `${ORIGIN}/en/company`, `${ORIGIN}/privacy?a=1&b=2`]);
    expect(urlset.url[1]["xhtml:link"].map((l: Record<string, string>) => [l["@hreflang"], l["@href"]])).toEqual([
      ["ko", `${ORIGIN}/company`],
      ["en", `${ORIGIN}/en/company`],
      ["x-default", `${ORIGIN}/company`],
    ]);
    expect(urlset.url[2]["xhtml:link"]).toBeUndefined();
    expect(urlset.url[2].lastmod).toBeUndefined();
  });
});

describe("structured data", () => {
  const site = {
    origin: ORIGIN,
    contact: {
      companyName: "위이엔터테인먼트",
      companyNameEn: "WE ENTERTAINMENT",
      address: "서울특별시 강남구 도산대로 000, 7층",
      phone: "02-0000-0000",
      email: "contact@we.example",
      auditionEmail: "audition@we.example",
    },
    social: { instagram: "https://instagram.example/we/", youtube: "https://youtube.example/@we", blog: null },
  };
  const artist = {
    name: "한서윤",
    nameEn: "HAN SEO YUN",
    birthday: "1994.03.14",
    height: "168cm",
    socialLink: "https://instagram.example/seoyun/",
    main: { src: "/media/2026/11/a-480.webp" },
    profileLists: [
      { key: "education", items: ["한국예술종합학교 연기과 졸업"] },
      { key: "awards", items: ["2025 한강영화제 여우주연상"] },
      { key: "specialSkills", items: ["현대무용", " "] },
    ],
    credits: [
      { key: "films", items: ["2025 영화 〈바람이 머무는 곳〉 주연 '서하' 역"] },
      { key: "dramas", items: [] },
      { key: "theater", items: ["2019 연극 〈등대지기의 딸〉 '연희' 역"] },
      { key: "commercials", items: ["2024 하늘샘 생수 온라인 광고"] },
      { key: "books", items: ["2025 《모노 매거진》 4월호 커버 화보"] },
    ],
  };

  it("reads profile facts only when they parse", () => {
    expect(parseBirthDate("1994.03.14")).toBe("1994-03-14");
    expect(parseBirthDate("1994-3-4")).toBe("1994-03-04");
    expect(parseBirthDate("1994년 3월 14일")).toBe("1994-03-14");
    expect(parseBirthDate("March 14, 1994")).toBe("1994-03-14");
    expect(parseBirthDate("14 Mar. 1994")).toBe("1994-03-14");
    expect(parseBirthDate("Smarch 14, 1994")).toBeNull();
    expect(parseBirthDate("1994.02.30")).toBeNull();
    expect(parseBirthDate("1994")).toBeNull();
    expect(parseBirthDate("비공개")).toBeNull();
    expect(parseHeightCm("168")).toBe(168);
    expect(parseHeightCm("172.5 cm")).toBe(172.5);
    expect(parseHeightCm("170 이상")).toBeNull();
    expect(parseHeightCm("5")).toBeNull();
    expect(schoolName("2016 서울예술고등학교 연극과 졸업")).toBe("서울예술고등학교 연극과");
    expect(schoolName("동국대학교 연극학부 재학 중")).toBe("동국대학교 연극학부");
    expect(schoolName("Korea National University of Arts, Acting (graduated)")).toBe("Korea National University of Arts, Acting");
    expect(creditWork("2025 영화 〈바람이 머무는 곳〉 주연 '서하' 역")).toEqual({ name: "바람이 머무는 곳", year: "2025" });
    expect(creditWork("2025 《모노 매거진》 4월호 커버 화보", false)).toEqual({ name: "《모노 매거진》 4월호 커버 화보", year: "2025" });
    expect(creditWork("Short film \"Empty Room\" (lead)")).toEqual({ name: "Empty Room", year: null });
    expect(internationalPhone("02-545-7070")).toBe("+82-2-545-7070");
    expect(internationalPhone("010 1234 5678")).toBe("+82-10-1234-5678");
    expect(internationalPhone("+82-2-545-7070")).toBe("+82-2-545-7070");
    expect(postalAddress("경기도 성남시 분당구 판교역로 235")).toMatchObject({ addressRegion: "경기도", addressLocality: "성남시", streetAddress: "분당구 판교역로 235" });
    expect(postalAddress("도산대로 317")).toEqual({ "@type": "PostalAddress", streetAddress: "도산대로 317", addressCountry: "KR" });
  });

  it("states the Organization, the Person and the article in the shapes we promise", () => {
    const organization = organizationSchema.parse(organizationJsonLd(site, "ko"));
    expect(organization.address).toMatchObject({ addressRegion: "서울특별시", addressLocality: "강남구" });

    const person = personSchema.parse(personJsonLd(ORIGIN, artist, "ko"));
    expect(person).toMatchObject({ name: "한서윤", alternateName: "HAN SEO YUN", birthDate: "1994-03-14", height: { value: 168 }, knowsAbout: ["현대무용"] });
    expect(person.worksFor["@id"]).toBe(organization["@id"]);
    expect(person["@reverse"]?.actor).toEqual([{ "@type": "Movie", name: "바람이 머무는 곳", dateCreated: "2025" }]);
    expect(person["@reverse"]?.contributor?.map((w) => w["@type"])).toEqual(["Play", "CreativeWork", "CreativeWork"]);

    expect(person.subjectOf).toBeUndefined();
    // Showreels: a VideoObject each, with the video's page and the privacy-enhanced player; no invented date or third-party thumbnail.
    const withReels = personSchema.parse(
      personJsonLd(ORIGIN, { ...artist, reels: [{ provider: "youtube", id: "dQw4w9WgXcQ", name: "2025 쇼릴" }, { provider: "navertv", id: "1234", name: "한서윤 영상 2" }] }, "ko"),
    );
    expect(withReels.subjectOf).toEqual([
      { "@type": "VideoObject", name: "2025 쇼릴", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" },
      { "@type": "VideoObject", name: "한서윤 영상 2", url: "https://tv.naver.com/v/1234", embedUrl: "https://tv.naver.com/embed/1234" },
    ]);

    const english = personSchema.parse(personJsonLd(ORIGIN, { ...artist, birthday: "", height: "" }, "en"));
    expect(english).toMatchObject({ name: "HAN SEO YUN", alternateName: "한서윤", jobTitle: "Actor", url: `${ORIGIN}/en/artist/${encodeURIComponent("한서윤")}` });
    expect(english.birthDate).toBeUndefined();
    expect(english.height).toBeUndefined();

    const post = { postId: 9, title: "제목", description: "요약", image: "/media/x.jpg", writeDay: "2026-11-24", publishedAt: "2026-11-24T01:00:00.000Z", updatedAt: "2026-11-20T00:00:00.000Z" };
    const article = articleSchema.parse(articleJsonLd(ORIGIN, "news", post, "en"));
    expect(article).toMatchObject({ "@type": "NewsArticle", url: `${ORIGIN}/en/newsDetail/9`, datePublished: "2026-11-24T10:00:00+09:00", dateModified: "2026-11-24T10:00:00+09:00", inLanguage: "en-US" });
    expect(articleSchema.parse(articleJsonLd(ORIGIN, "notice", { ...post, image: null, publishedAt: null }, "ko"))).toMatchObject({ "@type": "Article", datePublished: "2026-11-24T00:00:00+09:00" });
  });

  it("the schemas refuse what we do not promise", () => {
    expect(personSchema.safeParse({ ...(personJsonLd(ORIGIN, artist, "ko") as object), performerIn: [] }).success).toBe(false);
    expect(organizationSchema.safeParse({ ...(organizationJsonLd(site, "ko") as object), telephone: "02-0000-0000" }).success).toBe(false);
  });
});
