import type { Route } from "./+types/actor-list";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { loadApiActorList } from "./actor-list.server";

/** GET /api/we/actorList: every visible artist, in display order. */
export function loader({ context, request }: Route.LoaderArgs) {
  return handleApi(context, (ctx) => loadApiActorList(ctx, request));
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
