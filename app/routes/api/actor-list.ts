import type { Route } from "./+types/actor-list";
import { apiJson, handleApi, methodNotAllowed } from "../../server/api/api.server";
import { artistToApi } from "../../server/api/api-shapes.server";
import { listArtists } from "../../server/artists/artist-queries.server";

/** GET /api/we/actorList: every visible artist, in display order. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async ({ runtime }) => apiJson((await listArtists(runtime.db)).map(artistToApi)));
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
