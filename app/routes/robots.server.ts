import { ADMIN_PATH_PREFIXES } from "../domain/site-routes";
import { PATHS } from "../domain/paths";
import type { RequestContext } from "../server/route-kit/context.server";

/** /robots.txt: every admin address of the route table and the JSON API are not for crawlers. */
export function loadRobots(ctx: RequestContext, request: Request): Response {
  const origin = ctx.runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    ...ADMIN_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}${PATHS.sitemap}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
