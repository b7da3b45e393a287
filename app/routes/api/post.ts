import type { Route } from "./+types/post";
import { postKindOfPattern } from "../../domain/post-kinds";
import { ApiError, apiJson, apiLocale, handleApi, isApiWriter, methodNotAllowed, requirePostId } from "../../server/api/api.server";
import { postToApi } from "../../server/api/api-shapes.server";
import { getPost } from "../../server/posts/post-queries.server";

/**
 * GET /api/we/newspost|noticepost|getnews|getnotice/{postId}: one published post; with the admin
 * session or an API token also a draft or a scheduled one (getnews is how the original editor loads a
 * post for editing). Answers with credentials are never cached.
 */
export function loader({ context, request, params, pattern }: Route.LoaderArgs) {
  return handleApi(context, async (ctx) => {
    const audience = (await isApiWriter(ctx, request)) ? "workspace" : "public";
    const post = await getPost(ctx.runtime.db, postKindOfPattern(pattern), requirePostId(params.postId), audience);
    if (!post) throw new ApiError(404, "not_found", "해당 글을 찾을 수 없습니다.");
    return apiJson(postToApi(post, apiLocale(request)));
  });
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
