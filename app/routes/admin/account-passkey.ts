import type { Route } from "./+types/account-passkey";
import { getRequestContext } from "../../server/route-kit/context.server";
import { handleAccountPasskeyAction, refuseAccountPasskeyRead } from "./account-passkey.server";

/**
 * /admin/account/security/passkey (POST, JSON): registering a passkey on the account's security page
 * (decision 040), for the page's script.
 */
export function action({ context, request }: Route.ActionArgs) {
  return handleAccountPasskeyAction(getRequestContext(context), request);
}

export function loader() {
  return refuseAccountPasskeyRead();
}
