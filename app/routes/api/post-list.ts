import type { Route } from "./+types/post-list";
import { postKindOfPattern } from "../../domain/post-kinds";
import { apiJson, handleApi, methodNotAllowed } from "../../server/api/api.server";
import { postToApi } from "../../server/api/api-shapes.server";
import { listAllPosts } from "../../server/posts/post-queries.server";

/** GET /api/we/newslist and /api/we/noticelist: every post of the kind, newest first. */
export function loader({ context, pattern }: Route.LoaderArgs) {
  return handleApi(context, async ({ runtime }) => apiJson((await listAllPosts(runtime.db, postKindOfPattern(pattern))).map(postToApi)));
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
