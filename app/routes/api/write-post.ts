import type { Route } from "./+types/write-post";
import { handleApi, methodNotAllowed } from "../../server/api/api.server";
import { handleWritePostAction } from "./write-post.server";

/** POST /api/we/writenews|writenotice: a new post, through the same use case as the admin editor. */
export function action({ context, request, pattern }: Route.ActionArgs) {
  return handleApi(context, (ctx) => handleWritePostAction(ctx, request, pattern));
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["POST"]));
}
