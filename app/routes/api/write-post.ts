import type { Route } from "./+types/write-post";
import { apiJson, asObject, handleApi, methodNotAllowed, postKindFromPath, postToApi, readJsonBody, requireApiWriter } from "../../server/api/api.server";
import { parsePostBody } from "../../server/api/post-bodies.server";
import { recordAudit } from "../../server/platform/audit.server";
import { createPost, getPost } from "../../server/posts/posts.server";

/** POST /api/we/writenews|writenotice: a new post (content sanitized like the admin editor's). */
export function action({ context, request }: Route.ActionArgs) {
  return handleApi(context, async (ctx) => {
    if (request.method !== "POST") methodNotAllowed(["POST"]);
    const writer = await requireApiWriter(ctx, request);
    const kind = postKindFromPath(request);
    const input = parsePostBody(asObject(await readJsonBody(request)));
    const { postId } = await createPost(ctx.runtime.db, { kind, ...input });
    await recordAudit(ctx.runtime.db, { adminId: writer.adminId, action: "create", entity: kind, entityId: postId, details: { via: writer.via } });
    return apiJson(postToApi((await getPost(ctx.runtime.db, kind, postId))!), 201);
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["POST"]));
}
