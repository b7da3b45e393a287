import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import type { Route } from "./+types/write-post";
import { postKindOfPattern } from "../../domain/post-kinds";
import { apiJson, handleApi, invalidFields, methodNotAllowed, readApiBody } from "../../server/api/api.server";
import { apiEnglish, apiPostInputSchema, apiPublication, postToApi } from "../../server/api/api-shapes.server";
import { getPost } from "../../server/posts/post-queries.server";
import { savePost } from "../../server/posts/post-use-cases.server";

/** POST /api/we/writenews|writenotice: a new post (published at once unless `status` or `publishAt` say otherwise), through the same use case as the admin editor. */
export function action({ context, request, pattern }: Route.ActionArgs) {
  return handleApi(context, async (ctx) => {
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
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["POST"]));
}
