import type { Route } from "./+types/robots";
import { getRequestContext } from "../server/http/context.server";

/** Admin routes are not for crawlers. */
export function loader({ context, request }: Route.LoaderArgs) {
  const origin = getRequestContext(context).runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /adminLogin",
    "Disallow: /adminNewsWrite",
    "Disallow: /adminNoticeWrite",
    "Disallow: /adminActor",
    "Disallow: /api/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
