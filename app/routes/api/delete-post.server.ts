import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import { postKindOfPattern } from "../../domain/post-kinds";
import { ApiError, methodNotAllowed, requirePostId } from "../../server/api/api.server";
import { deletePost } from "../../server/posts/post-use-cases.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** DELETE /api/we/deletenews|deletenotice/{postId}. */
export async function handleDeletePostAction(ctx: RequestContext, request: Request, pattern: string, rawPostId: string | undefined): Promise<Response> {
  if (request.method !== "DELETE") methodNotAllowed(["DELETE"]);
  const actor = apiWriterOf(ctx);
  const deleted = await deletePost(ctx.runtime, actor, { kind: postKindOfPattern(pattern), postId: requirePostId(rawPostId) });
  if (!deleted) throw new ApiError(404, "not_found", "해당 글을 찾을 수 없습니다.");
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
