import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getRequestContext } from "../../server/route-kit/context.server";
import { handleLogoutAction } from "./logout.server";

/** Signing out is a POST: the session is deleted on the server, the cookie cleared, then home (requirements R8.1). */
export function action({ context, request }: Route.ActionArgs) {
  return handleLogoutAction(getRequestContext(context), request);
}

export function loader() {
  return redirect("/");
}
