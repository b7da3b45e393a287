import type { MetaDescriptor } from "react-router";
import { LOCALE_INFO, LOCALES, localeOfPath, localizedPath, type Locale } from "../domain/locale";
import { messagesFor } from "../domain/messages";

export const SITE_NAME = "WE ENTERTAINMENT";
export const DEFAULT_DESCRIPTION =
  "배우의 창작 욕구와 경험을 존중하는 배우 매니지먼트, WE ENTERTAINMENT(위이엔터테인먼트). Want and Experience.";
export const DEFAULT_OG_IMAGE = "/og-image.png";

type JsonLd = Extract<MetaDescriptor, { "script:ld+json": unknown }>["script:ld+json"];

/** A link-preview image with what crawlers are told about it (KakaoTalk lays out the card from the size). */
export interface SeoImage {
  /** Path or URL. */
  url: string;
  width: number;
  height: number;
  /** MIME type, e.g. `image/jpeg`. */
  type: string;
  alt: string;
}

export interface SeoInput {
  /** Page title without the site name; omit on the home page. */
  title?: string;
  description: string;
  /** Path of the canonical URL, e.g. `/artist/한서윤`. */
  path: string;
  /** Site origin (PUBLIC_ORIGIN or the request's), e.g. `https://www.we-entertainment.co.kr`. */
  origin: string;
  /** Image for link previews (KakaoTalk, social): a path or URL, or one with its size, type and alt text. */
  image?: string | SeoImage | null;
  /** The page's language (`og:locale`); by default the path's: English under `/en`, else Korean. */
  locale?: Locale;
  type?: "website" | "article" | "profile";
  jsonLd?: JsonLd;
  /**
   * The Korean path of a page that exists in both languages: `hreflang` alternates for each and
   * `x-default` (the Korean one). Omitted on pages in one language only.
   */
  alternates?: string;
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, origin).toString();
}

/** Title, description, canonical, Open Graph and Twitter tags, and JSON-LD for one page. */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const locale = input.locale ?? localeOfPath(input.path);
  const title = input.title ? `${input.title} | ${SITE_NAME}` : messagesFor(locale).seo.siteTitle;
  const url = absoluteUrl(input.origin, input.path);
  const imageInfo = typeof input.image === "object" && input.image !== null ? input.image : null;
  const image = absoluteUrl(input.origin, imageInfo?.url ?? (input.image as string | null | undefined) ?? DEFAULT_OG_IMAGE);
  const description = input.description.length > 160 ? `${input.description.slice(0, 157)}...` : input.description;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: LOCALE_INFO[locale].ogLocale },
    ...(input.alternates !== undefined
      ? LOCALES.filter((other) => other !== locale).map((other) => ({ property: "og:locale:alternate", content: LOCALE_INFO[other].ogLocale }))
      : []),
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    ...(imageInfo
      ? [
          { property: "og:image:width", content: String(imageInfo.width) },
          { property: "og:image:height", content: String(imageInfo.height) },
          { property: "og:image:type", content: imageInfo.type },
          { property: "og:image:alt", content: imageInfo.alt },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(imageInfo ? [{ name: "twitter:image:alt", content: imageInfo.alt }] : []),
  ];
  if (input.alternates !== undefined) {
    const base = input.alternates;
    for (const other of LOCALES) tags.push({ tagName: "link", rel: "alternate", hrefLang: LOCALE_INFO[other].hreflang, href: absoluteUrl(input.origin, localizedPath(other, base)) });
    tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(input.origin, base) });
  }
  if (input.jsonLd) tags.push({ "script:ld+json": input.jsonLd });
  return tags;
}
