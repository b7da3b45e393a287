import type { Route } from "./+types/img";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { handleImgAction } from "./img.server";

/** POST /api/img: multipart field `image` → `{ "url": ... }` (requirements R9.4), through the media pipeline. */
export function action({ context, request }: Route.ActionArgs) {
  return handleApi(context, (ctx) => handleImgAction(ctx, request));
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["POST"]));
}
