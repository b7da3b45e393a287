import type { Route } from "./+types/post";
import { postKindOfPattern } from "../../domain/post-kinds";
import { ApiError, apiJson, handleApi, methodNotAllowed, requirePostId } from "../../server/api/api.server";
import { postToApi } from "../../server/api/api-shapes.server";
import { getPost } from "../../server/posts/post-queries.server";

/** GET /api/we/newspost|noticepost|getnews|getnotice/{postId}: one post. */
export function loader({ context, params, pattern }: Route.LoaderArgs) {
  return handleApi(context, async ({ runtime }) => {
    const post = await getPost(runtime.db, postKindOfPattern(pattern), requirePostId(params.postId));
    if (!post) throw new ApiError(404, "not_found", "해당 글을 찾을 수 없습니다.");
    return apiJson(postToApi(post));
  });
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
