import type { Route } from "./+types/actor-list";
import { apiJson, apiLocale, handleApi, methodNotAllowed } from "../../server/api/api.server";
import { artistToApi } from "../../server/api/api-shapes.server";
import { listArtists } from "../../server/artists/artist-queries.server";

/** GET /api/we/actorList: every visible artist, in display order. */
export function loader({ context, request }: Route.LoaderArgs) {
  return handleApi(context, async ({ runtime }) => {
    const locale = apiLocale(request);
    return apiJson((await listArtists(runtime.db)).map((artist) => artistToApi(artist, locale)));
  });
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
