import { postKindOfPattern } from "../../domain/post-kinds";
import { ApiError, apiJson, apiLocale, isApiWriter, requirePostId } from "../../server/api/api.server";
import { postToApi } from "../../server/api/api-shapes.server";
import { getPost } from "../../server/posts/post-queries.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/**
 * GET /api/we/newspost|noticepost|getnews|getnotice/{postId}: one published post; with the admin
 * session or an API token also a draft or a scheduled one (getnews is how the original editor loads a
 * post for editing). Answers with credentials are never cached.
 */
export async function loadApiPost(ctx: RequestContext, request: Request, pattern: string, rawPostId: string | undefined): Promise<Response> {
  const audience = (await isApiWriter(ctx, request)) ? "workspace" : "public";
  const post = await getPost(ctx.runtime.db, postKindOfPattern(pattern), requirePostId(rawPostId), audience);
  if (!post) throw new ApiError(404, "not_found", "해당 글을 찾을 수 없습니다.");
  return apiJson(postToApi(post, apiLocale(request)));
}
