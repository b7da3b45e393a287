import type { Route } from "./+types/sitemap";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadSitemap } from "./sitemap.server";

export function loader({ context, request }: Route.LoaderArgs) {
  return loadSitemap(getRequestContext(context), request);
}
