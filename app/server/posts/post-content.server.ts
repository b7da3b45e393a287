import { and, eq, lt } from "drizzle-orm";
import { postMedia, posts } from "../../../drizzle/schema";
import { pickPostChoices, postFieldsOf, type PostChoices, type PostFieldEntry, type PostFieldKey } from "../../domain/post-fields";
import { previewText } from "../../lib/preview";
import type { Database, Tx } from "../platform/db.server";
import type { Logger } from "../platform/logger.server";
import { getMediaByUrls } from "../media/media.server";
import { enhancePostImages, imageSources, postHtmlToText } from "../platform/sanitize-html.server";

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
 * The stored forms of sanitized post HTML (text, preview (requirements R6.4), description, first image, rendered
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

/** The columns of some post fields (app/domain/post-fields.ts: a field's key is its column's). */
export function postFieldColumns<const K extends PostFieldKey>(fields: readonly PostFieldEntry<K>[]): { [P in K]: (typeof posts)[P] } {
  return Object.fromEntries(fields.map((f) => [f.key, posts[f.key]])) as { [P in K]: (typeof posts)[P] };
}

/** The columns of the choices (decision 043). */
export const choiceColumns = postFieldColumns(postFieldsOf("choice"));

/** The featured image as stored media (its id and list thumbnail), or null when it is not one of ours. */
export async function featuredMedia(db: Database | Tx, url: string): Promise<{ id: number; url: string; thumbnail: string } | null> {
  if (!url) return null;
  const found = (await getMediaByUrls(db, [url])).get(url);
  return found ? { id: found.id, url: found.url, thumbnail: found.variants[0]?.url ?? found.url } : null;
}

/**
 * What the pages show where the writer chose: the featured image over the content's first image (list
 * thumbnail, share image, feeds), the excerpt over the cut text (list preview), the SEO description over
 * both (meta description). `language` picks the Korean or the English choices.
 */
export function withChoices<T extends Pick<DerivedPostContent, "preview" | "description">>(
  derived: T,
  choices: PostChoices,
  language: "ko" | "en",
): T {
  const excerpt = language === "en" ? choices.excerptEn : choices.excerpt;
  const seo = language === "en" ? choices.seoDescriptionEn : choices.seoDescription;
  return { ...derived, preview: excerpt || derived.preview, description: seo || excerpt || derived.description };
}

/** The Korean derived columns with the choices applied, the featured image included. */
export function withKoreanChoices(derived: DerivedPostContent, choices: PostChoices, featured: { url: string; thumbnail: string } | null): DerivedPostContent {
  const chosen = withChoices(derived, choices, "ko");
  return featured ? { ...chosen, firstImage: featured.url, thumbnail: featured.thumbnail } : chosen;
}

/** The stored English columns derived from English content (before the choices). */
export function englishColumnsOf(derived: DerivedPostContent) {
  return { contentTextEn: derived.contentText, previewEn: derived.preview, descriptionEn: derived.description, renderedContentEn: derived.renderedContent };
}

/** The English columns with the English choices applied. */
export function withEnglishChoices<T extends { previewEn: string; descriptionEn: string }>(columns: T, choices: PostChoices): T {
  const chosen = withChoices({ preview: columns.previewEn, description: columns.descriptionEn }, choices, "en");
  return { ...columns, previewEn: chosen.preview, descriptionEn: chosen.description };
}

/** Replaces the record of which stored media a post shows. */
export async function writePostMedia(tx: Database | Tx, postId: number, mediaIds: number[]): Promise<void> {
  await tx.delete(postMedia).where(eq(postMedia.postId, postId));
  if (mediaIds.length > 0) await tx.insert(postMedia).values(mediaIds.map((mediaId) => ({ postId, mediaId })));
}

/** Derives again every post made by an older derivation (after an upgrade); returns how many. */
export async function refreshDerivedPostContent(db: Database, logger?: Logger): Promise<number> {
  const stale = await db
    .select({
      id: posts.id,
      content: posts.content,
      contentEn: posts.contentEn,
      derivedVersion: posts.derivedVersion,
      ...choiceColumns,
    })
    .from(posts)
    .where(lt(posts.derivedVersion, DERIVED_CONTENT_VERSION));
  for (const row of stale) {
    const derived = await derivePostContent(db, row.content);
    // The English version is derived the same way.
    const english = row.contentEn ? await derivePostContent(db, row.contentEn) : null;
    const choices = pickPostChoices(row);
    const featured = await featuredMedia(db, choices.featuredImage);
    const englishColumns = english ? withEnglishChoices(englishColumnsOf(english.columns), choices) : {};
    await db.transaction(async (tx) => {
      // Only if nobody derived it meanwhile (another app server starting at the same time).
      const updated = await tx
        .update(posts)
        .set({ ...withKoreanChoices(derived.columns, choices, featured), ...englishColumns })
        .where(and(eq(posts.id, row.id), eq(posts.derivedVersion, row.derivedVersion)))
        .returning({ id: posts.id });
      if (updated.length > 0) await writePostMedia(tx, row.id, [...new Set([...derived.mediaIds, ...(english?.mediaIds ?? []), ...(featured ? [featured.id] : [])])]);
    });
  }
  if (stale.length > 0) logger?.info({ posts: stale.length, version: DERIVED_CONTENT_VERSION }, "post content derived again");
  return stale.length;
}
