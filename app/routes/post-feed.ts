import type { Route } from "./+types/post-feed";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadPostFeed } from "./post-feed.server";

/** /news/rss.xml, /notice/rss.xml and their English versions under /en: RSS 2.0 of the latest posts. */
export function loader({ context, request, pattern }: Route.LoaderArgs) {
  return loadPostFeed(getRequestContext(context), request, pattern);
}
