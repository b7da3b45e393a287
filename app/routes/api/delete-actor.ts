import type { Route } from "./+types/delete-actor";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { handleDeleteActorAction } from "./delete-actor.server";

/** DELETE /api/we/deleteactor/{name}. */
export function action({ context, request, params }: Route.ActionArgs) {
  return handleApi(context, (ctx) => handleDeleteActorAction(ctx, request, params.name));
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["DELETE"]));
}
