import type { Route } from "./+types/login-passkey";
import { getRequestContext } from "../../server/route-kit/context.server";
import { handleLoginPasskeyAction, loadLoginPasskey } from "./login-passkey.server";

/**
 * /adminLogin/verify/passkey: the sign-in's second step with a passkey (decision 040), for the second
 * step's page script: GET gives the options, POST takes the browser's answer. JSON both ways.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadLoginPasskey(getRequestContext(context), request);
}

export function action({ context, request }: Route.ActionArgs) {
  return handleLoginPasskeyAction(getRequestContext(context), request);
}
