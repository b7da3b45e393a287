import type { Route } from "./+types/update-post";
import {
  ApiError,
  apiJson,
  asObject,
  handleApi,
  methodNotAllowed,
  postKindFromPath,
  postToApi,
  readJsonBody,
  readVersion,
  requireApiWriter,
  requirePostId,
} from "../../server/api/api.server";
import { parsePostBody } from "../../server/api/post-bodies.server";
import { recordAudit } from "../../server/platform/audit.server";
import { getPost, updatePost } from "../../server/posts/posts.server";

/** PUT /api/we/updatenews|updatenotice/{postId}; `version` (optional) guards against stale writes. */
export function action({ context, request, params }: Route.ActionArgs) {
  return handleApi(context, async (ctx) => {
    if (request.method !== "PUT") methodNotAllowed(["PUT"]);
    const writer = await requireApiWriter(ctx, request);
    const kind = postKindFromPath(request);
    const postId = requirePostId(params.postId);
    const body = asObject(await readJsonBody(request));
    const expectedVersion = readVersion(body);
    const input = parsePostBody(body);
    const result = await updatePost(ctx.runtime.db, kind, postId, input, expectedVersion);
    if (result.status === "not-found") throw new ApiError(404, "not_found", "해당 글을 찾을 수 없습니다.");
    if (result.status === "conflict") {
      throw new ApiError(409, "version_conflict", `다른 곳에서 먼저 수정되었습니다. 최신 버전(${result.version})을 다시 읽은 뒤 저장해 주세요.`);
    }
    await recordAudit(ctx.runtime.db, { adminId: writer.adminId, action: "update", entity: kind, entityId: postId, details: { via: writer.via } });
    return apiJson(postToApi((await getPost(ctx.runtime.db, kind, postId))!));
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["PUT"]));
}
