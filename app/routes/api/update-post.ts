import type { Route } from "./+types/update-post";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { handleUpdatePostAction } from "./update-post.server";

/** PUT /api/we/updatenews|updatenotice/{postId}; `version` (optional) guards against stale writes. */
export function action({ context, request, params, pattern }: Route.ActionArgs) {
  return handleApi(context, (ctx) => handleUpdatePostAction(ctx, request, pattern, params.postId));
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["PUT"]));
}
