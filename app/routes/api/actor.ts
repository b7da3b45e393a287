import type { Route } from "./+types/actor";
import { ApiError, apiJson, apiLocale, handleApi, methodNotAllowed } from "../../server/api/api.server";
import { artistToApi } from "../../server/api/api-shapes.server";
import { getArtist } from "../../server/artists/artist-queries.server";

/** GET /api/we/actorList/{name}: one visible artist. */
export function loader({ context, params, request }: Route.LoaderArgs) {
  return handleApi(context, async ({ runtime }) => {
    const locale = apiLocale(request);
    const artist = await getArtist(runtime.db, params.name);
    if (!artist) throw new ApiError(404, "not_found", "해당 배우를 찾을 수 없습니다.");
    return apiJson(artistToApi(artist, locale));
  });
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
