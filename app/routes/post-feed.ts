import type { Route } from "./+types/post-feed";
import { LOCALES } from "../domain/locale";
import { POST_KINDS, postFeedPath } from "../domain/post-kinds";
import { getRequestContext } from "../server/route-kit/context.server";
import { postFeedXml } from "./post-feed.server";

/** The feed a route pattern serves: its kind and language (the route table registers all four). */
function feedOfPattern(pattern: string) {
  const path = pattern.startsWith("/") ? pattern : `/${pattern}`;
  for (const kind of POST_KINDS) for (const locale of LOCALES) if (postFeedPath(kind, locale) === path) return { kind, locale };
  throw new Error(`No feed is served at the route pattern ${pattern}`);
}

/** /news/rss.xml, /notice/rss.xml and their English versions under /en: RSS 2.0 of the latest posts. */
export async function loader({ context, request, pattern }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const { kind, locale } = feedOfPattern(pattern);
  const origin = runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
  const xml = await postFeedXml(runtime.db, kind, locale, origin);
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
