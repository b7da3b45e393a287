import { and, desc, eq, ne, sql } from "drizzle-orm";
import { media, posts } from "../../drizzle/schema";
import { instantOnKstDay } from "../domain/kst";
import { LOCALE_INFO, LOCALES, localizedPath, type Locale } from "../domain/locale";
import { POST_KIND_INFO, POST_KINDS, postDetailPath, postFeedPath, type PostKind } from "../domain/post-kinds";
import { feedDescription, feedTitle } from "../lib/feeds";
import { publicPostFilter } from "../server/posts/post-queries.server";
import type { Database } from "../server/platform/db.server";
import type { RequestContext } from "../server/route-kit/context.server";
import { escapeXml } from "../server/site/xml.server";

/** How many posts a feed carries: the latest ones (feed readers keep what they have seen). */
export const FEED_SIZE = 30;

/** A post as a feed item, in the feed's language. */
export interface FeedPost {
  postId: number;
  title: string;
  description: string;
  /** When it went public, as its page dates it (app/domain/kst.ts `instantOnKstDay`). */
  published: Date;
  updatedAt: Date;
  /** Its image (the featured image, else the content's first): an enclosure and a media:content. */
  image: { url: string; type: string; bytes: number; width: number; height: number } | null;
}

/**
 * The latest published posts of a kind, newest first, as the lists order them (pinned notices have no
 * special place in a feed). English: only posts with an English version, with their English text.
 */
export async function listFeedPosts(db: Database, kind: PostKind, locale: Locale): Promise<FeedPost[]> {
  const rows = await db
    .select({
      postId: posts.id,
      title: posts.title,
      titleEn: posts.titleEn,
      description: posts.description,
      descriptionEn: posts.descriptionEn,
      writeDay: posts.writeDay,
      publishedAt: posts.publishedAt,
      updatedAt: posts.updatedAt,
      imageUrl: posts.firstImage,
      imageType: media.mimeType,
      imageBytes: media.bytes,
      imageWidth: media.width,
      imageHeight: media.height,
    })
    .from(posts)
    // Only our stored images: their type and size are known (an enclosure needs both).
    .leftJoin(media, eq(sql`'/media/' || ${media.storageKey}`, posts.firstImage))
    .where(and(eq(posts.kind, kind), publicPostFilter(), locale === "en" ? ne(posts.titleEn, "") : undefined))
    .orderBy(desc(posts.writeDay), desc(posts.id))
    .limit(FEED_SIZE);
  return rows.map((row) => ({
    postId: row.postId,
    title: locale === "en" ? row.titleEn : row.title,
    description: locale === "en" ? row.descriptionEn : row.description,
    published: instantOnKstDay(row.writeDay, row.publishedAt),
    updatedAt: row.updatedAt,
    image:
      row.imageUrl && row.imageType && row.imageBytes !== null && row.imageWidth !== null && row.imageHeight !== null
        ? { url: row.imageUrl, type: row.imageType, bytes: row.imageBytes, width: row.imageWidth, height: row.imageHeight }
        : null,
  }));
}

/** An RSS 2.0 document of a kind's feed in a language; URLs are absolute under `origin`. */
export function renderRssFeed(input: { kind: PostKind; locale: Locale; origin: string; posts: FeedPost[] }): string {
  const { kind, locale, origin } = input;
  const url = (path: string) => escapeXml(new URL(path, origin).toString());
  const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
  // The channel changed when its newest item did (a stable value keeps the page cache's ETag stable).
  const lastChange = input.posts.reduce<Date | null>((latest, p) => (latest && latest > p.updatedAt ? latest : p.updatedAt), null);
  const items = input.posts.map((post) => {
    const link = url(localizedPath(locale, postDetailPath(kind, post.postId)));
    return [
      "    <item>",
      `      ${element("title", post.title)}`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <pubDate>${post.published.toUTCString()}</pubDate>`,
      ...(post.description ? [`      ${element("description", post.description)}`] : []),
      ...(post.image
        ? [
            `      <enclosure url="${url(post.image.url)}" length="${post.image.bytes}" type="${escapeXml(post.image.type)}"/>`,
            `      <media:content url="${url(post.image.url)}" medium="image" type="${escapeXml(post.image.type)}" width="${post.image.width}" height="${post.image.height}"/>`,
          ]
        : []),
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    "  <channel>",
    `    ${element("title", feedTitle(kind, locale))}`,
    `    <link>${url(localizedPath(locale, POST_KIND_INFO[kind].listPath))}</link>`,
    `    ${element("description", feedDescription(kind, locale))}`,
    `    ${element("language", LOCALE_INFO[locale].lang)}`,
    ...(lastChange ? [`    <lastBuildDate>${lastChange.toUTCString()}</lastBuildDate>`] : []),
    `    <atom:link href="${url(postFeedPath(kind, locale))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** The feed document of a kind in a language, from the database. */
export async function postFeedXml(db: Database, kind: PostKind, locale: Locale, origin: string): Promise<string> {
  return renderRssFeed({ kind, locale, origin, posts: await listFeedPosts(db, kind, locale) });
}

/** The feed a route pattern serves: its kind and language (the route table registers all four). */
function feedOfPattern(pattern: string) {
  const path = pattern.startsWith("/") ? pattern : `/${pattern}`;
  for (const kind of POST_KINDS) for (const locale of LOCALES) if (postFeedPath(kind, locale) === path) return { kind, locale };
  throw new Error(`No feed is served at the route pattern ${pattern}`);
}

/** /news/rss.xml, /notice/rss.xml and their English versions under /en: RSS 2.0 of the latest posts. */
export async function loadPostFeed(ctx: RequestContext, request: Request, pattern: string): Promise<Response> {
  const { runtime } = ctx;
  const { kind, locale } = feedOfPattern(pattern);
  const origin = runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
  const xml = await postFeedXml(runtime.db, kind, locale, origin);
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
