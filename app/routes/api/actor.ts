import type { Route } from "./+types/actor";
import { ApiError, apiJson, artistToApi, handleApi, methodNotAllowed } from "../../server/api/api.server";
import { getPublicArtist } from "../../server/artists/artists.server";

/** GET /api/we/actorList/{name}: one visible artist. */
export function loader({ context, params }: Route.LoaderArgs) {
  return handleApi(context, async ({ runtime }) => {
    const artist = await getPublicArtist(runtime.db, params.name);
    if (!artist) throw new ApiError(404, "not_found", "해당 배우를 찾을 수 없습니다.");
    return apiJson(artistToApi(artist));
  });
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
