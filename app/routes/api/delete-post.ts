import type { Route } from "./+types/delete-post";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { handleDeletePostAction } from "./delete-post.server";

/** DELETE /api/we/deletenews|deletenotice/{postId}. */
export function action({ context, request, params, pattern }: Route.ActionArgs) {
  return handleApi(context, (ctx) => handleDeletePostAction(ctx, request, pattern, params.postId));
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["DELETE"]));
}
