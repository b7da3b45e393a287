import { and, count, desc, eq } from "drizzle-orm";
import { posts } from "../../../drizzle/schema";
import { PAGE_SIZE } from "../../domain/constants";
import type { PostKind } from "../../domain/post-kinds";
import type { Database } from "../platform/db.server";

/** A post as listed: its stored preview and thumbnail (spec §9). */
export interface PostSummary {
  postId: number;
  title: string;
  writeDay: string;
  preview: string;
  thumbnail: string | null;
}

export interface PostPage {
  items: PostSummary[];
  page: number;
  pageCount: number;
  total: number;
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
}

/** A post as edited and as the JSON API gives it: the sanitized HTML it was saved with. */
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

const postColumns = {
  postId: posts.id,
  kind: posts.kind,
  title: posts.title,
  content: posts.content,
  writeDay: posts.writeDay,
  version: posts.version,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};

/** One page of a kind's posts, newest first. A page past the end shows the last page. */
export async function listPosts(db: Database, kind: PostKind, requestedPage: number): Promise<PostPage> {
  const [totals] = await db.select({ total: count() }).from(posts).where(eq(posts.kind, kind));
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(requestedPage)), pageCount);
  const items = await db
    .select({ postId: posts.id, title: posts.title, writeDay: posts.writeDay, preview: posts.preview, thumbnail: posts.thumbnail })
    .from(posts)
    .where(eq(posts.kind, kind))
    .orderBy(desc(posts.writeDay), desc(posts.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { page, pageCount, total, items };
}

/** A post of the given kind for its public page, or null (an id of the other kind is not found). */
export async function getPostForPage(db: Database, kind: PostKind, postId: number): Promise<PostForPage | null> {
  const [row] = await db
    .select({
      postId: posts.id,
      kind: posts.kind,
      title: posts.title,
      writeDay: posts.writeDay,
      renderedContent: posts.renderedContent,
      description: posts.description,
      firstImage: posts.firstImage,
      updatedAt: posts.updatedAt,
    })
    .from(posts)
    .where(and(eq(posts.kind, kind), eq(posts.id, postId)))
    .limit(1);
  return row ?? null;
}

/** A post of the given kind as saved, or null (an id of the other kind is not found). */
export async function getPost(db: Database, kind: PostKind, postId: number): Promise<Post | null> {
  const [row] = await db.select(postColumns).from(posts).where(and(eq(posts.kind, kind), eq(posts.id, postId))).limit(1);
  return row ?? null;
}

/** Every post of a kind, newest first (the JSON API's lists; the original client pages them itself). */
export async function listAllPosts(db: Database, kind: PostKind): Promise<Post[]> {
  return db.select(postColumns).from(posts).where(eq(posts.kind, kind)).orderBy(desc(posts.writeDay), desc(posts.id));
}
