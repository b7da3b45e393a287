import type { Route } from "./+types/post";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { loadApiPost } from "./post.server";

/**
 * GET /api/we/newspost|noticepost|getnews|getnotice/{postId}: one published post; with the admin
 * session or an API token also a draft or a scheduled one. Answers with credentials are never cached.
 */
export function loader({ context, request, params, pattern }: Route.LoaderArgs) {
  return handleApi(context, (ctx) => loadApiPost(ctx, request, pattern, params.postId));
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
