import type { Route } from "./+types/sitemap";
import { getRequestContext } from "../server/http/context.server";
import { listSitemapEntries } from "../server/site/sitemap.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const origin = runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
  const entries = await listSitemapEntries(runtime.db);
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const urls = entries
    .map((e) => `  <url><loc>${escape(new URL(e.path, origin).toString())}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
