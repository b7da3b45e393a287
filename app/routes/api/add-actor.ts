import type { Route } from "./+types/add-actor";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { handleAddActorAction } from "./add-actor.server";

/** POST /api/we/addactor: creates an artist with its images (URLs from /api/img). */
export function action({ context, request }: Route.ActionArgs) {
  return handleApi(context, (ctx) => handleAddActorAction(ctx, request));
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["POST"]));
}
