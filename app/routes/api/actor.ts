import type { Route } from "./+types/actor";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { loadApiActor } from "./actor.server";

/** GET /api/we/actorList/{name}: one visible artist. */
export function loader({ context, params, request }: Route.LoaderArgs) {
  return handleApi(context, (ctx) => loadApiActor(ctx, request, params.name));
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
