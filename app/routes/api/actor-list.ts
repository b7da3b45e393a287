import type { Route } from "./+types/actor-list";
import { apiJson, artistToApi, handleApi, methodNotAllowed } from "../../server/api/api.server";
import { listPublicArtists } from "../../server/artists/artists.server";

/** GET /api/we/actorList: every visible artist, in display order. */
export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async ({ runtime }) => apiJson((await listPublicArtists(runtime.db)).map(artistToApi)));
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
