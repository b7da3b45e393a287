import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import { ApiError, methodNotAllowed } from "../../server/api/api.server";
import { deleteArtist } from "../../server/artists/artist-use-cases.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** DELETE /api/we/deleteactor/{name}. */
export async function handleDeleteActorAction(ctx: RequestContext, request: Request, name: string): Promise<Response> {
  if (request.method !== "DELETE") methodNotAllowed(["DELETE"]);
  const actor = apiWriterOf(ctx);
  if (!(await deleteArtist(ctx.runtime, actor, name))) throw new ApiError(404, "not_found", "해당 배우를 찾을 수 없습니다.");
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}
