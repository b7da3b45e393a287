import { asc, desc, eq } from "drizzle-orm";
import { artists, posts, siteSettings } from "../../drizzle/schema";
import { publicArtistFilter } from "../server/artists/artist-queries.server";
import { publicPostFilter } from "../server/posts/post-queries.server";
import { toKstIsoString } from "../domain/kst";
import { hasEnglishVersion, LOCALE_INFO, localizedPath } from "../domain/locale";
import { POST_KIND_INFO, POST_KINDS, postDetailPath, type PostKind } from "../domain/post-kinds";
import { SITEMAP_STATIC_PATHS } from "../domain/site-routes";
import { artistPath, PATHS } from "../domain/paths";
import { AUDITION_PATHS } from "../domain/auditions";
import { SETTINGS_KEY } from "../server/site/settings.server";
import type { Database } from "../server/platform/db.server";
import type { RequestContext } from "../server/route-kit/context.server";
import { escapeXml } from "../server/site/xml.server";

/** One language version of a page with its alternates. */
export interface SitemapEntry {
  /** The URL's path (Korean, or English under `/en`). */
  path: string;
  /** When what the page shows last changed (ISO 8601 in KST); omitted when not known. */
  lastmod?: string;
  /** Both languages' versions and x-default (the Korean one); empty for a page in Korean only. */
  alternates: { hreflang: string; path: string }[];
}

/** A page in Korean, whether it has an English version, and when what it shows last changed. */
interface SitemapPage {
  path: string;
  english: boolean;
  changed: Date | null;
}

const newest = (dates: readonly (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((latest, d) => (d && (!latest || d > latest) ? d : latest), null);

/**
 * Every public page in both languages: the fixed pages of the route table, each public artist and each
 * published post (in English only when it has an English version). Drafts, scheduled, hidden and
 * trashed records are never here; the page cache drops the file on every change, so they go at once.
 */
export async function listSitemapEntries(db: Database): Promise<SitemapEntry[]> {
  const [artistRows, postRows, settingsRows] = await Promise.all([
    db.select({ name: artists.name, updatedAt: artists.updatedAt }).from(artists).where(publicArtistFilter()).orderBy(asc(artists.displayOrder), asc(artists.id)),
    db
      .select({ id: posts.id, kind: posts.kind, titleEn: posts.titleEn, updatedAt: posts.updatedAt })
      .from(posts)
      .where(publicPostFilter())
      .orderBy(desc(posts.writeDay), desc(posts.id)),
    db.select({ updatedAt: siteSettings.updatedAt, value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, SETTINGS_KEY)),
  ]);
  const settingsChanged = settingsRows[0]?.updatedAt ?? null;
  const policyDate = (settingsRows[0]?.value as { privacyPolicyUpdatedAt?: unknown } | undefined)?.privacyPolicyUpdatedAt;
  const policyChanged = typeof policyDate === "string" && !Number.isNaN(Date.parse(policyDate)) ? new Date(policyDate) : null;
  const artistsChanged = newest(artistRows.map((a) => a.updatedAt));
  const postsChanged = (kinds: readonly PostKind[]) => newest(postRows.filter((p) => kinds.includes(p.kind)).map((p) => p.updatedAt));

  // What each fixed page shows, hence when it last changed; a page not listed here has no lastmod.
  const fixedPageChanged: Record<string, Date | null> = {
    [PATHS.home]: newest([artistsChanged, settingsChanged]),
    [PATHS.company]: settingsChanged,
    [PATHS.artists]: artistsChanged,
    [PATHS.audition]: settingsChanged,
    [AUDITION_PATHS.apply]: settingsChanged,
    [PATHS.pr]: postsChanged(POST_KINDS),
    ...Object.fromEntries(POST_KINDS.map((kind) => [POST_KIND_INFO[kind].listPath, postsChanged([kind])])),
    [PATHS.privacy]: policyChanged,
  };

  const pages: SitemapPage[] = [
    ...SITEMAP_STATIC_PATHS.map((path) => ({ path, english: hasEnglishVersion(path), changed: fixedPageChanged[path] ?? null })),
    ...artistRows.map((a) => ({ path: artistPath(a.name), english: hasEnglishVersion(artistPath(a.name)), changed: a.updatedAt })),
    ...postRows.map((p) => ({ path: postDetailPath(p.kind, p.id), english: p.titleEn !== "", changed: p.updatedAt })),
  ];
  return pages.flatMap(languageEntries);
}

/** A page's URL in each of its languages, each naming all of them (hreflang must be reciprocal). */
function languageEntries(page: SitemapPage): SitemapEntry[] {
  const lastmod = page.changed ? toKstIsoString(page.changed) : undefined;
  if (!page.english) return [{ path: page.path, lastmod, alternates: [] }];
  const english = localizedPath("en", page.path);
  const alternates = [
    { hreflang: LOCALE_INFO.ko.hreflang, path: page.path },
    { hreflang: LOCALE_INFO.en.hreflang, path: english },
    { hreflang: "x-default", path: page.path },
  ];
  return [
    { path: page.path, lastmod, alternates },
    { path: english, lastmod, alternates },
  ];
}

/** The sitemap document (with xhtml:link alternates); URLs are absolute under `origin`. */
export function renderSitemap(entries: readonly SitemapEntry[], origin: string): string {
  const url = (path: string) => escapeXml(new URL(path, origin).toString());
  const urls = entries.map((e) =>
    [
      `  <url><loc>${url(e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}`,
      ...e.alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${url(a.path)}"/>`),
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** /sitemap.xml: every public page, with its language versions, under the site's public origin. */
export async function loadSitemap(ctx: RequestContext, request: Request): Promise<Response> {
  const { runtime } = ctx;
  const origin = runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
  const xml = renderSitemap(await listSitemapEntries(runtime.db), origin);
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
