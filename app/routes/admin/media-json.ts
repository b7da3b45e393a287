import type { Route } from "./+types/media-json";
import { getRequestContext } from "../../server/route-kit/context.server";
import { loadMediaJson } from "./workspace/media.server";

/** /admin/media.json?page=N: the media library for the editors' picker (administrators only, no cache). */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadMediaJson(getRequestContext(context), request);
}
