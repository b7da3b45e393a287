import type { Route } from "./+types/robots";
import { ADMIN_PATH_PREFIXES, PATHS } from "../domain/site-routes";
import { getRequestContext } from "../server/route-kit/context.server";

/** Every admin address of the route table and the JSON API are not for crawlers. */
export function loader({ context, request }: Route.LoaderArgs) {
  const origin = getRequestContext(context).runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
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
