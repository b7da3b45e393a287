import { asc, desc } from "drizzle-orm";
import { artists, posts } from "../../../drizzle/schema";
import { publicArtistFilter } from "../artists/artist-queries.server";
import { publicPostFilter } from "../posts/post-queries.server";
import { postDetailPath } from "../../domain/post-kinds";
import { artistPath, SITEMAP_STATIC_PATHS } from "../../domain/site-routes";
import type { Database } from "../platform/db.server";

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

/** Every public page: the fixed ones of the route table, each public artist and each published post. */
export async function listSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const artistRows = await db
    .select({ name: artists.name, updatedAt: artists.updatedAt })
    .from(artists)
    .where(publicArtistFilter())
    .orderBy(asc(artists.displayOrder), asc(artists.id));
  const postRows = await db
    .select({ id: posts.id, kind: posts.kind, updatedAt: posts.updatedAt })
    .from(posts)
    .where(publicPostFilter())
    .orderBy(desc(posts.writeDay), desc(posts.id));
  return [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ path })),
    ...artistRows.map((a) => ({ path: artistPath(a.name), lastmod: a.updatedAt.toISOString().slice(0, 10) })),
    ...postRows.map((p) => ({ path: postDetailPath(p.kind, p.id), lastmod: p.updatedAt.toISOString().slice(0, 10) })),
  ];
}
