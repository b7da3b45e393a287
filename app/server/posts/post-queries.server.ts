import { and, asc, count, desc, eq, isNull, ne, or, type SQL } from "drizzle-orm";
import { posts } from "../../../drizzle/schema";
import { PAGE_SIZE } from "../../domain/constants";
import type { PostStatus } from "../../domain/content-states";
import type { PostPage } from "../../domain/post-page";
import type { Locale } from "../../domain/locale";
import type { PostKind } from "../../domain/post-kinds";
import { pageWindow } from "../../lib/pagination";
import { POST_FIELDS, type PostFieldValues } from "../../domain/post-fields";
import { postFieldColumns } from "./post-content.server";
import type { Database } from "../platform/db.server";
import { cachedRead } from "../platform/read-cache.server";
import { containsText } from "../platform/search-pattern.server";

/** The SQL condition of a post the public sees: published and not in the trash. */
export function publicPostFilter(): SQL {
  return and(eq(posts.status, "published"), isNull(posts.deletedAt))!;
}

/** A post as its public page shows it (the rendered HTML and the link-preview facts stored on write). */
export interface PostForPage {
  postId: number;
  kind: PostKind;
  title: string;
  writeDay: string;
  renderedContent: string;
  description: string;
  firstImage: string | null;
  updatedAt: Date;
  /** When it last went public (its JSON-LD's publication time, on its writeDay). */
  publishedAt: Date | null;
}

/**
 * A post as the editor and the JSON API read it: its fields (app/domain/post-fields.ts: the sanitized HTML
 * it was saved with, the English version, the featured image, excerpt and SEO description) and its state.
 */
export interface Post extends PostFieldValues {
  postId: number;
  kind: PostKind;
  writeDay: string;
  status: PostStatus;
  publishAt: Date | null;
  unpublishAt: Date | null;
  publishedAt: Date | null;
  pinned: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  updatedBy: string;
}

const postColumns = {
  postId: posts.id,
  kind: posts.kind,
  ...postFieldColumns(POST_FIELDS),
  writeDay: posts.writeDay,
  status: posts.status,
  publishAt: posts.publishAt,
  unpublishAt: posts.unpublishAt,
  publishedAt: posts.publishedAt,
  pinned: posts.pinned,
  version: posts.version,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  updatedBy: posts.updatedBy,
};

const summaryColumns = { postId: posts.id, title: posts.title, writeDay: posts.writeDay, preview: posts.preview, thumbnail: posts.thumbnail, pinned: posts.pinned };

/** English versions of the list's columns. */
const englishSummaryColumns = { ...summaryColumns, title: posts.titleEn, preview: posts.previewEn };

/**
 * One page of a kind's published posts, newest first, with the pinned notices on top. A page past the
 * end shows the last page. In English only the posts that have an English version, with
 * their English titles and previews.
 */
export function listPosts(db: Database, kind: PostKind, requestedPage: number, locale: Locale = "ko"): Promise<PostPage> {
  // Public reads are kept between changes (read-cache.server.ts).
  return cachedRead(db, `posts:${kind}:${locale}:${requestedPage}`, () => readPostPage(db, kind, requestedPage, locale));
}

async function readPostPage(db: Database, kind: PostKind, requestedPage: number, locale: Locale): Promise<PostPage> {
  const english = locale === "en";
  const inLocale = english ? and(eq(posts.kind, kind), publicPostFilter(), ne(posts.titleEn, "")) : and(eq(posts.kind, kind), publicPostFilter());
  const columns = english ? englishSummaryColumns : summaryColumns;
  const unpinned = and(inLocale, eq(posts.pinned, false));
  const [totals] = await db.select({ total: count() }).from(posts).where(unpinned);
  const total = totals?.total ?? 0;
  const { page, pageCount, limit, offset } = pageWindow(total, requestedPage, PAGE_SIZE);
  const [pinned, items] = await Promise.all([
    db
      .select(columns)
      .from(posts)
      .where(and(inLocale, eq(posts.pinned, true)))
      .orderBy(desc(posts.writeDay), desc(posts.id)),
    db
      .select(columns)
      .from(posts)
      .where(unpinned)
      .orderBy(desc(posts.writeDay), desc(posts.id))
      .limit(limit)
      .offset(offset),
  ]);
  return { page, pageCount, total, pinned, items };
}

const pageColumns = {
  postId: posts.id,
  kind: posts.kind,
  title: posts.title,
  writeDay: posts.writeDay,
  renderedContent: posts.renderedContent,
  description: posts.description,
  firstImage: posts.firstImage,
  updatedAt: posts.updatedAt,
  publishedAt: posts.publishedAt,
};

const englishPageColumns = {
  ...pageColumns,
  titleEn: posts.titleEn,
  renderedContentEn: posts.renderedContentEn,
  descriptionEn: posts.descriptionEn,
};

/**
 * A published post of the given kind for its public page, or null (an id of the other kind is not
 * found). In English: the English version, or the Korean one marked `inLocale: false` when it has none
 * (the page says so; never an empty page).
 */
export function getPostForPage(
  db: Database,
  kind: PostKind,
  postId: number,
  locale: Locale = "ko",
): Promise<(PostForPage & { inLocale: boolean; hasEnglish: boolean }) | null> {
  return cachedRead(db, `post-page:${kind}:${locale}:${postId}`, () => readPostForPage(db, kind, postId, locale));
}

async function readPostForPage(db: Database, kind: PostKind, postId: number, locale: Locale): Promise<(PostForPage & { inLocale: boolean; hasEnglish: boolean }) | null> {
  const [row] = await db
    .select(englishPageColumns)
    .from(posts)
    .where(and(eq(posts.kind, kind), eq(posts.id, postId), publicPostFilter()))
    .limit(1);
  if (!row) return null;
  const { titleEn, renderedContentEn, descriptionEn, ...korean } = row;
  const hasEnglish = titleEn !== "";
  if (locale === "en" && hasEnglish) return { ...korean, title: titleEn, renderedContent: renderedContentEn, description: descriptionEn, inLocale: true, hasEnglish };
  return { ...korean, inLocale: locale === "ko", hasEnglish };
}

/** Any post not in the trash as its public page would show it: the administrator's preview. */
export async function getPostForPreview(db: Database, kind: PostKind, postId: number): Promise<(PostForPage & { status: PostStatus }) | null> {
  const [row] = await db
    .select({ ...pageColumns, status: posts.status })
    .from(posts)
    .where(and(eq(posts.kind, kind), eq(posts.id, postId), isNull(posts.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * A post of the given kind as saved, or null (an id of the other kind is not found): published ones
 * for the public, any not in the trash for the workspace (editors, API writers).
 */
export function getPost(db: Database, kind: PostKind, postId: number, audience: "public" | "workspace" = "public"): Promise<Post | null> {
  if (audience === "public") return cachedRead(db, `post:${kind}:${postId}`, () => readPost(db, kind, postId, audience));
  return readPost(db, kind, postId, audience);
}

async function readPost(db: Database, kind: PostKind, postId: number, audience: "public" | "workspace"): Promise<Post | null> {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.kind, kind), eq(posts.id, postId), audience === "public" ? publicPostFilter() : isNull(posts.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** A post by id, whatever its kind and state, in the trash or not (the workspace's history), or null. */
export async function getPostById(db: Database, postId: number): Promise<(Post & { deletedAt: Date | null }) | null> {
  const [row] = await db
    .select({ ...postColumns, deletedAt: posts.deletedAt })
    .from(posts)
    .where(eq(posts.id, postId))
    .limit(1);
  return row ?? null;
}

/** Every published post of a kind, newest first (the JSON API's lists; the original client pages them itself). */
export function listAllPosts(db: Database, kind: PostKind): Promise<Post[]> {
  return cachedRead(db, `posts-all:${kind}`, () => readAllPosts(db, kind));
}

async function readAllPosts(db: Database, kind: PostKind): Promise<Post[]> {
  return db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.kind, kind), publicPostFilter()))
    .orderBy(desc(posts.pinned), desc(posts.writeDay), desc(posts.id));
}

/** Posts per page in the workspace's list. */
export const WORKSPACE_PAGE_SIZE = 20;

export interface WorkspacePostFilter {
  kind: PostKind | null;
  status: PostStatus | null;
  /** Part of the title. */
  query: string;
  page: number;
}

/** The workspace's list of news and notices (not in the trash), last changed first, 20 per page. */
export async function listPostsForWorkspace(db: Database, filter: WorkspacePostFilter) {
  const where = and(
    isNull(posts.deletedAt),
    filter.kind ? eq(posts.kind, filter.kind) : undefined,
    filter.status ? eq(posts.status, filter.status) : undefined,
    // Title and text, in either language (the plain text, not the HTML's tags).
    filter.query ? or(...[posts.title, posts.contentText, posts.titleEn, posts.contentTextEn].map((column) => containsText(column, filter.query))) : undefined,
  );
  const [totals] = await db.select({ total: count() }).from(posts).where(where);
  const total = totals?.total ?? 0;
  const { page, pageCount, limit, offset } = pageWindow(total, filter.page, WORKSPACE_PAGE_SIZE);
  const items = await db
    .select(postColumns)
    .from(posts)
    .where(where)
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(limit)
    .offset(offset);
  return { items, total, page, pageCount };
}

/** What needs the administrator's attention: drafts, the schedule, what went public lately. */
export async function postsNeedingAttention(db: Database) {
  const live = isNull(posts.deletedAt);
  const [drafts, scheduled, recent] = await Promise.all([
    db.select(postColumns).from(posts).where(and(live, eq(posts.status, "draft"))).orderBy(desc(posts.updatedAt)).limit(10),
    db.select(postColumns).from(posts).where(and(live, eq(posts.status, "scheduled"))).orderBy(asc(posts.publishAt)).limit(10),
    db.select(postColumns).from(posts).where(publicPostFilter()).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(5),
  ]);
  return { drafts, scheduled, recent };
}

/** The earliest scheduled publish or unpublish still to come (the scheduler's next wake-up), or null. */
export async function nextScheduledTime(db: Database): Promise<Date | null> {
  const [publish] = await db
    .select({ at: posts.publishAt })
    .from(posts)
    .where(and(eq(posts.status, "scheduled"), isNull(posts.deletedAt)))
    .orderBy(asc(posts.publishAt))
    .limit(1);
  const [unpublish] = await db
    .select({ at: posts.unpublishAt })
    .from(posts)
    .where(and(eq(posts.status, "published"), isNull(posts.deletedAt)))
    .orderBy(asc(posts.unpublishAt))
    .limit(1);
  const times = [publish?.at, unpublish?.at].filter((t): t is Date => t instanceof Date);
  return times.length === 0 ? null : new Date(Math.min(...times.map((t) => t.getTime())));
}
