/**
 * The RSS feeds of news and notices (docs/decisions/022-feeds-sitemap-structured-data.md): their titles
 * and descriptions per language, and the `<link rel="alternate">` tags that let browsers, feed readers
 * and Naver find them from the list pages. The feed documents are made in app/routes/post-feed.server.ts.
 */
import type { MetaDescriptor } from "react-router";
import type { Locale } from "../domain/locale";
import { postFeedPath, postKindText, type PostKind } from "../domain/post-kinds";
import { absoluteUrl, SITE_NAME } from "./seo";

/** "WE ENTERTAINMENT 공지사항", "WE ENTERTAINMENT Notices". */
export function feedTitle(kind: PostKind, locale: Locale): string {
  return `${SITE_NAME} ${postKindText(kind, locale).name}`;
}

/** The channel's description: the list page's, in the feed's language. */
export function feedDescription(kind: PostKind, locale: Locale): string {
  return postKindText(kind, locale).description;
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
