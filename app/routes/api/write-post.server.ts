import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import { postKindOfPattern } from "../../domain/post-kinds";
import { apiJson, invalidFields, methodNotAllowed, readApiBody } from "../../server/api/api.server";
import { apiEnglish, apiPostInputSchema, apiPublication, postToApi } from "../../server/api/api-shapes.server";
import { getPost } from "../../server/posts/post-queries.server";
import { savePost } from "../../server/posts/post-use-cases.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** POST /api/we/writenews|writenotice: a new post (published at once unless `status` or `publishAt` say otherwise), through the same use case as the admin editor. */
export async function handleWritePostAction(ctx: RequestContext, request: Request, pattern: string): Promise<Response> {
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const actor = apiWriterOf(ctx);
  const kind = postKindOfPattern(pattern);
  const body = await readApiBody(request, apiPostInputSchema);
  const result = await savePost(ctx.runtime, actor, {
    kind,
    postId: null,
    title: body.title,
    content: body.content,
    english: apiEnglish(body),
    expectedVersion: null,
    publication: apiPublication(body),
  });
  if (result.status === "invalid") throw invalidFields(result.errors);
  if (result.status !== "saved") throw new Error(`unexpected result of a create: ${result.status}`);
  return apiJson(postToApi((await getPost(ctx.runtime.db, kind, result.postId, "workspace"))!), 201);
}
