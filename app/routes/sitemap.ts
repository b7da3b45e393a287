import type { Route } from "./+types/sitemap";
import { getRequestContext } from "../server/route-kit/context.server";
import { listSitemapEntries, renderSitemap } from "./sitemap.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const origin = runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
  const xml = renderSitemap(await listSitemapEntries(runtime.db), origin);
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
