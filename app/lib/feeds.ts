/**
 * The RSS feeds of news and notices (docs/decisions/022-feeds-sitemap-structured-data.md): their titles
 * and descriptions per language, and the `<link rel="alternate">` tags that let browsers, feed readers
 * and Naver find them from the list pages. The feed documents are made in app/server/site/feeds.server.ts.
 */
import type { MetaDescriptor } from "react-router";
import type { Locale } from "../domain/locale";
import { POST_KIND_INFO, postFeedPath, type PostKind } from "../domain/post-kinds";
import { absoluteUrl, SITE_NAME } from "./seo";

const ENGLISH_DESCRIPTIONS: Record<PostKind, string> = {
  news: "Castings, new productions and awards of WE ENTERTAINMENT's actors.",
  notice: "Auditions and announcements from WE ENTERTAINMENT.",
};

/** "WE ENTERTAINMENT 뉴스", "WE ENTERTAINMENT News". */
export function feedTitle(kind: PostKind, locale: Locale): string {
  const info = POST_KIND_INFO[kind];
  return `${SITE_NAME} ${locale === "ko" ? info.label : info.title}`;
}

/** The channel's description: the list page's in Korean, an English one in English. */
export function feedDescription(kind: PostKind, locale: Locale): string {
  return locale === "ko" ? POST_KIND_INFO[kind].listDescription : ENGLISH_DESCRIPTIONS[kind];
}

/** `<link rel="alternate" type="application/rss+xml">` for each kind's feed in the page's language. */
export function feedLinks(kinds: readonly PostKind[], locale: Locale, origin: string): MetaDescriptor[] {
  return kinds.map((kind) => ({
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: feedTitle(kind, locale),
    href: absoluteUrl(origin, postFeedPath(kind, locale)),
  }));
}
