import type { Route } from "./+types/post-list";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { loadApiPostList } from "./post-list.server";

/** GET /api/we/newslist and /api/we/noticelist: every post of the kind, newest first. */
export function loader({ context, pattern, request }: Route.LoaderArgs) {
  return handleApi(context, (ctx) => loadApiPostList(ctx, request, pattern));
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
