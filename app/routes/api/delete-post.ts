import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import type { Route } from "./+types/delete-post";
import { postKindOfPattern } from "../../domain/post-kinds";
import { ApiError, handleApi, methodNotAllowed, requirePostId } from "../../server/api/api.server";
import { deletePost } from "../../server/posts/post-use-cases.server";

/** DELETE /api/we/deletenews|deletenotice/{postId}. */
export function action({ context, request, params, pattern }: Route.ActionArgs) {
  return handleApi(context, async (ctx) => {
    if (request.method !== "DELETE") methodNotAllowed(["DELETE"]);
    const actor = apiWriterOf(ctx);
    const deleted = await deletePost(ctx.runtime, actor, { kind: postKindOfPattern(pattern), postId: requirePostId(params.postId) });
    if (!deleted) throw new ApiError(404, "not_found", "해당 글을 찾을 수 없습니다.");
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["DELETE"]));
}
