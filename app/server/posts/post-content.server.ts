import { and, eq, lt } from "drizzle-orm";
import { postMedia, posts } from "../../../drizzle/schema";
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
export const DERIVED_CONTENT_VERSION = 2;

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

/**
 * The stored forms of sanitized post HTML (text, preview (spec §9), description, first image, rendered
 * HTML) and the stored media it shows (kept in post_media: the media library's "used by", and purges).
 */
export async function derivePostContent(db: Database | Tx, cleanHtml: string): Promise<{ columns: DerivedPostContent; mediaIds: number[] }> {
  const sources = imageSources(cleanHtml);
  const media = await getMediaByUrls(db, sources);
  const contentText = postHtmlToText(cleanHtml);
  const firstImage = sources[0] ?? null;
  return {
    columns: {
      contentText,
      preview: previewText(contentText),
      description: contentText.slice(0, DESCRIPTION_LENGTH),
      firstImage,
      // The list thumbnail is the smallest stored variant of the first image (or the image itself).
      thumbnail: firstImage ? (media.get(firstImage)?.variants[0]?.url ?? firstImage) : null,
      renderedContent: enhancePostImages(cleanHtml, media),
      derivedVersion: DERIVED_CONTENT_VERSION,
    },
    mediaIds: [...new Set([...media.values()].map((m) => m.id))],
  };
}

/** Replaces the record of which stored media a post shows. */
export async function writePostMedia(tx: Database | Tx, postId: number, mediaIds: number[]): Promise<void> {
  await tx.delete(postMedia).where(eq(postMedia.postId, postId));
  if (mediaIds.length > 0) await tx.insert(postMedia).values(mediaIds.map((mediaId) => ({ postId, mediaId })));
}

/** Derives again every post made by an older derivation (after an upgrade); returns how many. */
export async function refreshDerivedPostContent(db: Database, logger?: Logger): Promise<number> {
  const stale = await db
    .select({ id: posts.id, content: posts.content, contentEn: posts.contentEn, derivedVersion: posts.derivedVersion })
    .from(posts)
    .where(lt(posts.derivedVersion, DERIVED_CONTENT_VERSION));
  for (const row of stale) {
    const derived = await derivePostContent(db, row.content);
    // The English version is derived the same way.
    const english = row.contentEn ? await derivePostContent(db, row.contentEn) : null;
    const englishColumns = english
      ? {
          contentTextEn: english.columns.contentText,
          previewEn: english.columns.preview,
          descriptionEn: english.columns.description,
          renderedContentEn: english.columns.renderedContent,
        }
      : {};
    await db.transaction(async (tx) => {
      // Only if nobody derived it meanwhile (another app server starting at the same time).
      const updated = await tx
        .update(posts)
        .set({ ...derived.columns, ...englishColumns })
        .where(and(eq(posts.id, row.id), eq(posts.derivedVersion, row.derivedVersion)))
        .returning({ id: posts.id });
      if (updated.length > 0) await writePostMedia(tx, row.id, [...new Set([...derived.mediaIds, ...(english?.mediaIds ?? [])])]);
    });
  }
  if (stale.length > 0) logger?.info({ posts: stale.length, version: DERIVED_CONTENT_VERSION }, "post content derived again");
  return stale.length;
}
