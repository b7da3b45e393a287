import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import { postKindOfPattern } from "../../domain/post-kinds";
import { ApiError, apiJson, invalidFields, methodNotAllowed, readApiBody, requirePostId, versionConflict } from "../../server/api/api.server";
import { apiEnglish, apiPostInputSchema, apiPublication, postToApi } from "../../server/api/api-shapes.server";
import { getPost } from "../../server/posts/post-queries.server";
import { savePost } from "../../server/posts/post-use-cases.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** PUT /api/we/updatenews|updatenotice/{postId}; `version` (optional) guards against stale writes. */
export async function handleUpdatePostAction(ctx: RequestContext, request: Request, pattern: string, rawPostId: string | undefined): Promise<Response> {
  if (request.method !== "PUT") methodNotAllowed(["PUT"]);
  const actor = apiWriterOf(ctx);
  const kind = postKindOfPattern(pattern);
  const postId = requirePostId(rawPostId);
  const body = await readApiBody(request, apiPostInputSchema);
  const result = await savePost(ctx.runtime, actor, {
    kind,
    postId,
    title: body.title,
    content: body.content,
    english: apiEnglish(body),
    expectedVersion: body.version ?? null,
    publication: apiPublication(body),
  });
  switch (result.status) {
    case "invalid":
      throw invalidFields(result.errors);
    case "not-found":
      throw new ApiError(404, "not_found", "해당 글을 찾을 수 없습니다.");
    case "conflict":
      throw versionConflict(result.version);
    case "saved":
      return apiJson(postToApi((await getPost(ctx.runtime.db, kind, postId, "workspace"))!));
  }
}
