import type { Route } from "./+types/delete-post";
import { ApiError, handleApi, methodNotAllowed, postKindFromPath, requireApiWriter, requirePostId } from "../../server/api/api.server";
import { recordAudit } from "../../server/platform/audit.server";
import { deletePost } from "../../server/posts/posts.server";

/** DELETE /api/we/deletenews|deletenotice/{postId}. */
export function action({ context, request, params }: Route.ActionArgs) {
  return handleApi(context, async (ctx) => {
    if (request.method !== "DELETE") methodNotAllowed(["DELETE"]);
    const writer = await requireApiWriter(ctx, request);
    const kind = postKindFromPath(request);
    const postId = requirePostId(params.postId);
    if (!(await deletePost(ctx.runtime.db, kind, postId))) throw new ApiError(404, "not_found", "해당 글을 찾을 수 없습니다.");
    await recordAudit(ctx.runtime.db, { adminId: writer.adminId, action: "delete", entity: kind, entityId: postId, details: { via: writer.via } });
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["DELETE"]));
}
