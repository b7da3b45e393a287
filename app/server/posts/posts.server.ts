import { and, count, desc, eq, sql } from "drizzle-orm";
import { posts } from "../../../drizzle/schema";
import { PAGE_SIZE } from "../../domain/constants";
import { formatKoreanDate, previewText } from "../../lib/preview";
import type { Database } from "../platform/db.server";
import { getMediaByUrls } from "../media/media.server";
import { enhancePostImages, firstImageSrc, imageSources, postHtmlToText, sanitizePostHtml } from "./sanitize.server";

export type PostKind = "news" | "notice";

export interface PostSummary {
  postId: number;
  title: string;
  writeDay: string;
  preview: string;
  thumbnail: string | null;
}

export interface Post {
  postId: number;
  kind: PostKind;
  title: string;
  content: string;
  writeDay: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface PostPage {
  items: PostSummary[];
  page: number;
  pageCount: number;
  total: number;
}

/** Today's date in Korea, the default writeDay of a new post. */
export function todayInKorea(now = new Date()): string {
  return formatKoreanDate(now);
}

/**
 * One page of a kind's posts, newest first, with list previews (spec §9). A page past the end shows
 * the last page. Thumbnails use the smallest stored variant of the content's first image.
 */
export async function listPosts(db: Database, kind: PostKind, requestedPage: number): Promise<PostPage> {
  const [totals] = await db.select({ total: count() }).from(posts).where(eq(posts.kind, kind));
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(requestedPage)), pageCount);
  const rows = await db
    .select({ id: posts.id, title: posts.title, content: posts.content, writeDay: posts.writeDay })
    .from(posts)
    .where(eq(posts.kind, kind))
    .orderBy(desc(posts.writeDay), desc(posts.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const firstImages = rows.map((row) => firstImageSrc(row.content));
  const stored = await getMediaByUrls(db, firstImages.filter((src): src is string => src !== null));
  return {
    page,
    pageCount,
    total,
    items: rows.map((row, i) => {
      const src = firstImages[i] ?? null;
      const info = src ? stored.get(src) : undefined;
      return {
        postId: row.id,
        title: row.title,
        writeDay: row.writeDay,
        preview: previewText(postHtmlToText(row.content)),
        thumbnail: info?.variants[0]?.url ?? src,
      };
    }),
  };
}

/** A post's HTML for the page: sanitized again, our images with their size and variants. */
export async function renderPostContent(db: Database, content: string): Promise<string> {
  const clean = sanitizePostHtml(content);
  const media = await getMediaByUrls(db, imageSources(clean));
  return enhancePostImages(clean, media);
}

/** One post of the given kind, or null (an id of the other kind is not found). */
export async function getPost(db: Database, kind: PostKind, postId: number): Promise<Post | null> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.kind, kind), eq(posts.id, postId)))
    .limit(1);
  if (!row) return null;
  return {
    postId: row.id,
    kind: row.kind,
    title: row.title,
    content: sanitizePostHtml(row.content),
    writeDay: row.writeDay,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Post content as stored: sanitized, or null when nothing (no text, no image) is left. */
export function preparePostContent(html: string): string | null {
  const clean = sanitizePostHtml(html);
  return postHtmlToText(clean) || firstImageSrc(clean) ? clean : null;
}

export type SaveResult = { status: "saved"; postId: number; version: number } | { status: "not-found" } | { status: "conflict"; version: number };

/**
 * Updates a post only if nobody saved it since `expectedVersion` was read: a stale save is a
 * conflict, never a silent overwrite.
 */
export async function updatePost(
  db: Database,
  kind: PostKind,
  postId: number,
  input: { title: string; content: string },
  /** The version the client edited; null skips the check (clients that never read versions). */
  expectedVersion: number | null,
): Promise<SaveResult> {
  const [row] = await db
    .update(posts)
    .set({ title: input.title, content: sanitizePostHtml(input.content), version: sql`${posts.version} + 1`, updatedAt: new Date() })
    .where(
      expectedVersion === null
        ? and(eq(posts.kind, kind), eq(posts.id, postId))
        : and(eq(posts.kind, kind), eq(posts.id, postId), eq(posts.version, expectedVersion)),
    )
    .returning({ version: posts.version });
  if (row) return { status: "saved", postId, version: row.version };
  const [current] = await db
    .select({ version: posts.version })
    .from(posts)
    .where(and(eq(posts.kind, kind), eq(posts.id, postId)));
  return current ? { status: "conflict", version: current.version } : { status: "not-found" };
}

/** Deletes a post of the given kind; false when there was none. */
export async function deletePost(db: Database, kind: PostKind, postId: number): Promise<boolean> {
  const rows = await db.delete(posts).where(and(eq(posts.kind, kind), eq(posts.id, postId))).returning({ id: posts.id });
  return rows.length > 0;
}

/** Saves a new post; the content is sanitized before it is stored. */
export async function createPost(
  db: Database,
  input: { kind: PostKind; title: string; content: string; writeDay?: string },
): Promise<{ postId: number }> {
  const [row] = await db
    .insert(posts)
    .values({
      kind: input.kind,
      title: input.title,
      content: sanitizePostHtml(input.content),
      writeDay: input.writeDay ?? todayInKorea(),
    })
    .returning({ id: posts.id });
  return { postId: row!.id };
}

/** The plain-text description of a post for link previews. */
export function describePost(content: string): string {
  return postHtmlToText(content).slice(0, 150);
}

/** Every post of a kind, newest first (the JSON API's lists; the original client pages them itself). */
export async function listAllPosts(db: Database, kind: PostKind): Promise<Post[]> {
  const rows = await db.select().from(posts).where(eq(posts.kind, kind)).orderBy(desc(posts.writeDay), desc(posts.id));
  return rows.map((row) => ({
    postId: row.id,
    kind: row.kind,
    title: row.title,
    content: sanitizePostHtml(row.content),
    writeDay: row.writeDay,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}
