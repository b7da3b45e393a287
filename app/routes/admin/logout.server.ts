import { redirect } from "react-router";
import { signOut } from "../../server/auth/sessions.server";
import type { RequestContext } from "../../server/route-kit/context.server";
import { setFlash } from "../../server/route-kit/flash.server";

/** Signing out is a POST: the session is deleted on the server, the cookie cleared, then home (requirements R8.1). */
export async function handleLogoutAction(ctx: RequestContext, request: Request) {
  const { runtime, clientIp } = ctx;
  const headers = new Headers();
  headers.append("Set-Cookie", await signOut(runtime.db, runtime.sessionSecret, request, clientIp));
  headers.append("Set-Cookie", await setFlash("signed-out"));
  return redirect("/", { headers });
}
