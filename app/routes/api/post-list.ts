import type { Route } from "./+types/post-list";
import { apiJson, handleApi, methodNotAllowed, postKindFromPath, postToApi } from "../../server/api/api.server";
import { listAllPosts } from "../../server/posts/posts.server";

/** GET /api/we/newslist and /api/we/noticelist: every post of the kind, newest first. */
export function loader({ context, request }: Route.LoaderArgs) {
  return handleApi(context, async ({ runtime }) => apiJson((await listAllPosts(runtime.db, postKindFromPath(request))).map(postToApi)));
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
