import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import type { Route } from "./+types/delete-actor";
import { ApiError, handleApi, methodNotAllowed } from "../../server/api/api.server";
import { deleteArtist } from "../../server/artists/artist-use-cases.server";

/** DELETE /api/we/deleteactor/{name}. */
export function action({ context, request, params }: Route.ActionArgs) {
  return handleApi(context, async (ctx) => {
    if (request.method !== "DELETE") methodNotAllowed(["DELETE"]);
    const actor = apiWriterOf(ctx);
    if (!(await deleteArtist(ctx.runtime, actor, params.name))) throw new ApiError(404, "not_found", "해당 배우를 찾을 수 없습니다.");
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["DELETE"]));
}
