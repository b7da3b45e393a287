import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { signOut } from "../../server/auth/sessions.server";
import { getRequestContext } from "../../server/route-kit/context.server";
import { setFlash } from "../../server/route-kit/flash.server";

/** Signing out is a POST: the session is deleted on the server, the cookie cleared, then home (requirements R8.1). */
export async function action({ context, request }: Route.ActionArgs) {
  const { runtime, clientIp } = getRequestContext(context);
  const headers = new Headers();
  headers.append("Set-Cookie", await signOut(runtime.db, runtime.sessionSecret, request, clientIp));
  headers.append("Set-Cookie", await setFlash("signed-out"));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
