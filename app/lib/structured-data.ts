/**
 * Schema.org JSON-LD of the public pages, built in one place (docs/decisions/022-feeds-sitemap-structured-data.md):
 * the agency (Organization: home, company), an artist (Person: profile page) and a post (NewsArticle or
 * Article: detail page), in either language. tests/fixtures/structured-data.ts states what we promise.
 */
import type { MetaDescriptor } from "react-router";
import { instantOnKstDay, toKstIsoString } from "../domain/kst";
import { localizedPath, type Locale } from "../domain/locale";
import { postDetailPath, type PostKind } from "../domain/post-kinds";
import { artistPath } from "../domain/paths";
import { reelEmbedUrl, reelWatchUrl, type ReelProvider } from "../domain/reels";
import { absoluteUrl, SITE_NAME } from "./seo";

export type JsonLd = Extract<MetaDescriptor, { "script:ld+json": unknown }>["script:ld+json"];
type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
type JsonObject = { [key: string]: JsonValue };

const CONTEXT = "https://schema.org";
const LOGO_PATH = "/logo.png";

/** `inLanguage` of each language's pages (BCP 47). */
export const IN_LANGUAGE: Record<Locale, string> = { ko: "ko-KR", en: "en-US" };
const AVAILABLE_LANGUAGES = ["Korean", "English"];

/** The site settings the Organization states (the root loader's `contact` and `social`). */
export interface OrganizationFacts {
  origin: string;
  contact: { companyName: string; companyNameEn: string; address: string; addressEn?: string; phone: string; email: string; auditionEmail: string };
  social: { instagram: string; youtube: string; blog: string | null };
}

/** The agency's node id: every page's JSON-LD points at the same Organization. */
function organizationId(origin: string): string {
  return absoluteUrl(origin, "/#organization");
}

/** The agency as another node names it (employer, author, publisher). */
function organizationReference(origin: string, locale: Locale): JsonObject {
  return {
    "@type": "Organization",
    "@id": organizationId(origin),
    name: SITE_NAME,
    url: absoluteUrl(origin, localizedPath(locale, "/")),
    logo: { "@type": "ImageObject", url: absoluteUrl(origin, LOGO_PATH) },
  };
}

/** "02-545-7070" → "+82-2-545-7070": the international form search engines ask for; others as entered. */
export function internationalPhone(phone: string): string {
  const trimmed = phone.trim();
  return /^0\d[\d\s-]*$/.test(trimmed) ? `+82-${trimmed.slice(1).replace(/\s+/g, "-")}` : trimmed;
}

/**
 * A Korean road address as PostalAddress parts: the province or metropolitan city (시·도), then the city,
 * county or district (시·군·구), then the rest; the whole text as the street when it does not read so.
 */
export function postalAddress(address: string): JsonObject {
  const match = /^(\S+(?:특별시|광역시|특별자치시|특별자치도|도))\s+(\S+[시군구])\s+(.+)$/.exec(address.trim());
  const parts: JsonObject = match ? { addressRegion: match[1]!, addressLocality: match[2]!, streetAddress: match[3]! } : { streetAddress: address.trim() };
  return { "@type": "PostalAddress", ...parts, addressCountry: "KR" };
}

/** The agency: names, address, contact points and social profiles from the site settings. */
export function organizationJsonLd(site: OrganizationFacts, locale: Locale): JsonLd {
  const { origin, contact, social } = site;
  const telephone = internationalPhone(contact.phone);
  return {
    "@context": CONTEXT,
    ...organizationReference(origin, locale),
    name: contact.companyNameEn || SITE_NAME,
    alternateName: contact.companyName,
    email: contact.email,
    telephone,
    address: postalAddress(locale === "en" && contact.addressEn ? contact.addressEn : contact.address),
    sameAs: [social.instagram, social.youtube, ...(social.blog ? [social.blog] : [])],
    contactPoint: [
      { "@type": "ContactPoint", contactType: "customer service", telephone, email: contact.email, areaServed: "KR", availableLanguage: AVAILABLE_LANGUAGES },
      { "@type": "ContactPoint", contactType: "audition", email: contact.auditionEmail, areaServed: "KR", availableLanguage: AVAILABLE_LANGUAGES },
    ],
  };
}

/** The profile facts the Person states (the profile page's view of the artist, in the page's language). */
export interface PersonFacts {
  name: string;
  nameEn: string;
  birthday: string;
  height: string;
  socialLink: string;
  main: { src: string } | null;
  profileLists: { key: string; items: string[] }[];
  credits: { key: string; items: string[] }[];
  /** Showreels, named (decision 046). */
  reels?: { provider: ReelProvider; id: string; name: string }[];
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** Year, month and day of a birthday as written in Korean or English, if it reads as one. */
function birthdayParts(text: string): [number, number, number] | null {
  const numeric = /^(\d{4})\s*(?:[./-]|년)\s*(\d{1,2})\s*(?:[./-]|월)\s*(\d{1,2})\s*(?:일|\.)?$/.exec(text);
  if (numeric) return [Number(numeric[1]), Number(numeric[2]), Number(numeric[3])];
  const monthFirst = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  const dayFirst = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(text);
  const [monthName, day, year] = monthFirst ? [monthFirst[1]!, monthFirst[2]!, monthFirst[3]!] : dayFirst ? [dayFirst[2]!, dayFirst[1]!, dayFirst[3]!] : [];
  const month = monthName ? MONTHS.indexOf(monthName.slice(0, 3).toLowerCase()) + 1 : 0;
  return month > 0 ? [Number(year), month, Number(day)] : null;
}

/** "1994.03.14", "1994년 3월 14일", "March 14, 1994", "14 Mar 1994" → "1994-03-14"; null unless a real date. */
export function parseBirthDate(text: string): string | null {
  const parts = birthdayParts(text.trim());
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** "168", "168cm", "168.5 cm" → 168 (centimetres); null unless a plausible number. */
export function parseHeightCm(text: string): number | null {
  const match = /^(\d{2,3}(?:\.\d)?)\s*(?:cm)?$/i.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  return value >= 50 && value <= 250 ? value : null;
}

const LEADING_YEAR = /^((?:19|20)\d{2})\s*(?:년\s*)?/;
const TITLE_MARKS = /[〈《<「『“"]([^〉》>」』”"]+)[〉》>」』”"]/;

/**
 * A credit as a work: "2025 영화 〈바람이 머무는 곳〉 주연 '서하' 역" → name "바람이 머무는 곳", year "2025". With
 * `titled` false (advertising, print: "2025 《모노 매거진》 4월호 커버 화보" is the shoot, not the magazine),
 * the whole entry without its year is the name.
 */
export function creditWork(entry: string, titled = true): { name: string; year: string | null } {
  const text = entry.trim();
  const year = LEADING_YEAR.exec(text)?.[1] ?? null;
  const title = titled ? TITLE_MARKS.exec(text)?.[1]?.trim() : undefined;
  return { name: title || text.replace(LEADING_YEAR, "").trim() || text, year };
}

/** "한국예술종합학교 연기과 졸업" → "한국예술종합학교 연기과": the school, without the year and the status. */
export function schoolName(entry: string): string {
  const name = entry
    .trim()
    .replace(LEADING_YEAR, "")
    .replace(/\s*(?:졸업\s*예정|졸업|재학\s*중|재학|수료|중퇴|휴학|입학)$/, "")
    .replace(/\s*[,(]?\s*(?:graduated|graduate|enrolled|attending|dropped out)\)?$/i, "")
    .trim();
  return name || entry.trim();
}

/**
 * The credits' schema.org types: screen work names the artist as its `actor`; stage, advertising and
 * print work, where schema.org has no actor, as a `contributor`. Unknown lists are left out.
 */
const CREDIT_TYPES: Record<string, { type: string; property: "actor" | "contributor"; titled: boolean }> = {
  films: { type: "Movie", property: "actor", titled: true },
  dramas: { type: "TVSeries", property: "actor", titled: true },
  theater: { type: "Play", property: "contributor", titled: true },
  commercials: { type: "CreativeWork", property: "contributor", titled: false },
  books: { type: "CreativeWork", property: "contributor", titled: false },
};

/** The artist: names, profile facts (only those that parse), education, awards, skills and credits. */
export function personJsonLd(origin: string, artist: PersonFacts, locale: Locale): JsonLd {
  const lists = new Map([...artist.profileLists, ...artist.credits].map((l) => [l.key, l.items.filter((item) => item.trim() !== "")]));
  const [name, alternateName] = locale === "en" && artist.nameEn ? [artist.nameEn, artist.name] : [artist.name, artist.nameEn];
  const birthDate = parseBirthDate(artist.birthday);
  const height = parseHeightCm(artist.height);
  const schools = lists.get("education") ?? [];
  const awards = lists.get("awards") ?? [];
  const skills = lists.get("specialSkills") ?? [];
  const works: Record<"actor" | "contributor", JsonObject[]> = { actor: [], contributor: [] };
  for (const [key, { type, property, titled }] of Object.entries(CREDIT_TYPES)) {
    for (const entry of lists.get(key) ?? []) {
      const work = creditWork(entry, titled);
      works[property].push({ "@type": type, name: work.name, ...(work.year ? { dateCreated: work.year } : {}) });
    }
  }
  const reverse = Object.fromEntries(Object.entries(works).filter(([, items]) => items.length > 0));
  return {
    "@context": CONTEXT,
    "@type": "Person",
    name,
    ...(alternateName ? { alternateName } : {}),
    url: absoluteUrl(origin, localizedPath(locale, artistPath(artist.name))),
    ...(artist.main ? { image: absoluteUrl(origin, artist.main.src) } : {}),
    jobTitle: locale === "en" ? "Actor" : "배우",
    ...(/^https?:\/\//i.test(artist.socialLink) ? { sameAs: [artist.socialLink] } : {}),
    worksFor: organizationReference(origin, locale),
    ...(birthDate ? { birthDate } : {}),
    ...(height !== null ? { height: { "@type": "QuantitativeValue", value: height, unitCode: "CMT", unitText: "cm" } } : {}),
    ...(schools.length > 0 ? { alumniOf: schools.map((entry) => ({ "@type": "EducationalOrganization", name: schoolName(entry) })) } : {}),
    ...(awards.length > 0 ? { award: awards } : {}),
    ...(skills.length > 0 ? { knowsAbout: skills } : {}),
    // Person has no property for the works it appears in; the works' own `actor`/`contributor`, reversed, say it.
    ...(Object.keys(reverse).length > 0 ? { "@reverse": reverse } : {}),
    // The showreels (decision 046): what we know for certain, the name, the video's page and its player.
    // No thumbnailUrl (no image of ours shows the video) and no uploadDate (unknown; never invented):
    // valid schema.org, though not eligible for Google's video results, which need both and a watch page.
    ...(artist.reels && artist.reels.length > 0
      ? { subjectOf: artist.reels.map((reel) => ({ "@type": "VideoObject", name: reel.name, url: reelWatchUrl(reel), embedUrl: reelEmbedUrl(reel) })) }
      : {}),
  };
}

/** The post facts the article states (the detail page's loader data, in the page's language). */
export interface ArticleFacts {
  postId: number;
  title: string;
  description: string;
  image: string | null;
  writeDay: string;
  /** ISO 8601 or null: when it last went public. */
  publishedAt: string | null;
  /** ISO 8601. */
  updatedAt: string;
}

/** A news post as a NewsArticle, a notice as an Article (an announcement is not news reporting). */
export function articleJsonLd(origin: string, kind: PostKind, post: ArticleFacts, locale: Locale): JsonLd {
  const url = absoluteUrl(origin, localizedPath(locale, postDetailPath(kind, post.postId)));
  const published = instantOnKstDay(post.writeDay, post.publishedAt ? new Date(post.publishedAt) : null);
  const updated = new Date(post.updatedAt);
  const organization = organizationReference(origin, locale);
  return {
    "@context": CONTEXT,
    "@type": kind === "news" ? "NewsArticle" : "Article",
    headline: post.title,
    ...(post.description ? { description: post.description } : {}),
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    datePublished: toKstIsoString(published),
    // Never before the publication date (a post may be dated by its writeDay after its last edit).
    dateModified: toKstIsoString(updated > published ? updated : published),
    ...(post.image ? { image: [absoluteUrl(origin, post.image)] } : {}),
    inLanguage: IN_LANGUAGE[locale],
    author: organization,
    publisher: organization,
  };
}
