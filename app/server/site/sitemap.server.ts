import { asc, desc, eq } from "drizzle-orm";
import { artists, posts } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

const STATIC_PAGES = ["/", "/company", "/artist", "/audition", "/pr", "/news", "/notice"];

/** Every public page: the fixed ones, each visible artist and each post. */
export async function listSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const artistRows = await db
    .select({ name: artists.name, updatedAt: artists.updatedAt })
    .from(artists)
    .where(eq(artists.isVisible, true))
    .orderBy(asc(artists.displayOrder), asc(artists.id));
  const postRows = await db
    .select({ id: posts.id, kind: posts.kind, updatedAt: posts.updatedAt })
    .from(posts)
    .orderBy(desc(posts.writeDay), desc(posts.id));
  return [
    ...STATIC_PAGES.map((path) => ({ path })),
    ...artistRows.map((a) => ({ path: `/artist/${encodeURIComponent(a.name)}`, lastmod: a.updatedAt.toISOString().slice(0, 10) })),
    ...postRows.map((p) => ({
      path: `/${p.kind === "news" ? "newsDetail" : "noticeDetail"}/${p.id}`,
      lastmod: p.updatedAt.toISOString().slice(0, 10),
    })),
  ];
}
