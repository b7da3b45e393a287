import { and, eq, lt } from "drizzle-orm";
import { posts } from "../../../drizzle/schema";
import { previewText } from "../../lib/preview";
import type { Database, Tx } from "../platform/db.server";
import type { Logger } from "../platform/logger.server";
import { getMediaByUrls } from "../media/media.server";
import { enhancePostImages, imageSources, postHtmlToText } from "./sanitize.server";

/**
 * Post HTML is sanitized once, when it is written, and everything the pages need from it is derived
 * then and stored with it: reading a post never parses HTML. Raise the version when the derivation
 * changes: rows made by an older one are derived again at start (`refreshDerivedPostContent`).
 */
export const DERIVED_CONTENT_VERSION = 1;

/** Longest link-preview description (characters of plain text). */
const DESCRIPTION_LENGTH = 150;

export interface DerivedPostContent {
  contentText: string;
  preview: string;
  description: string;
  firstImage: string | null;
  thumbnail: string | null;
  renderedContent: string;
  derivedVersion: number;
}

/** The stored forms of sanitized post HTML: text, preview (spec §9), description, first image, rendered HTML. */
export async function derivePostContent(db: Database | Tx, cleanHtml: string): Promise<DerivedPostContent> {
  const sources = imageSources(cleanHtml);
  const media = await getMediaByUrls(db, sources);
  const contentText = postHtmlToText(cleanHtml);
  const firstImage = sources[0] ?? null;
  return {
    contentText,
    preview: previewText(contentText),
    description: contentText.slice(0, DESCRIPTION_LENGTH),
    firstImage,
    // The list thumbnail is the smallest stored variant of the first image (or the image itself).
    thumbnail: firstImage ? (media.get(firstImage)?.variants[0]?.url ?? firstImage) : null,
    renderedContent: enhancePostImages(cleanHtml, media),
    derivedVersion: DERIVED_CONTENT_VERSION,
  };
}

/** Derives again every post made by an older derivation (after an upgrade); returns how many. */
export async function refreshDerivedPostContent(db: Database, logger?: Logger): Promise<number> {
  const stale = await db
    .select({ id: posts.id, content: posts.content, derivedVersion: posts.derivedVersion })
    .from(posts)
    .where(lt(posts.derivedVersion, DERIVED_CONTENT_VERSION));
  for (const row of stale) {
    const derived = await derivePostContent(db, row.content);
    // Only if nobody derived it meanwhile (another app server starting at the same time).
    await db.update(posts).set(derived).where(and(eq(posts.id, row.id), eq(posts.derivedVersion, row.derivedVersion)));
  }
  if (stale.length > 0) logger?.info({ posts: stale.length, version: DERIVED_CONTENT_VERSION }, "post content derived again");
  return stale.length;
}
