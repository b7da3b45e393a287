import type { Route } from "./+types/update-actor";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { handleUpdateActorAction } from "./update-actor.server";

/** PUT /api/we/updateactor/{name}: replaces the artist's fields and images; `version` (optional) guards against stale writes. */
export function action({ context, request, params }: Route.ActionArgs) {
  return handleApi(context, (ctx) => handleUpdateActorAction(ctx, request, params.name));
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["PUT"]));
}
