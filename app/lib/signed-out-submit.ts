import { data, isRouteErrorResponse, redirect } from "react-router";
import { signInPath } from "../domain/paths";
import type { StaffFormReply } from "./admin-form-reply";

/**
 * What a hydrated admin page does when the private gate refuses a submission because the session has
 * ended (a 401 before the route's action ran; decision 031). The page is not left: React Router would
 * otherwise show the error page in place of the form and lose what was typed.
 */

export const SESSION_EXPIRED_MESSAGE = "로그인이 만료되었습니다. 입력한 내용은 그대로 있습니다. 새 창에서 다시 로그인한 뒤 저장해 주세요.";

function isSignedOut(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 401;
}

/** The admin form shell's reply for an ended session: the banner with "sign in again in a new window". */
export function sessionExpiredReply(): StaffFormReply<never> {
  return { formError: SESSION_EXPIRED_MESSAGE, fields: {}, values: null, expired: true, conflictVersion: null, imageErrors: {}, librarySearch: null, arrivalFocus: null };
}

/**
 * A `clientAction` for forms with typed text: sends the form to the server; when the gate refuses it,
 * the page stays as it is (the browser still holds every field) with `reply`, default the shell's
 * "login expired" banner. Answered with status 401, so nothing is reloaded after it (a reload would
 * be sent to the sign-in page).
 */
export async function submitKeepingTypedText<T, R = StaffFormReply<never>>(
  { serverAction }: { serverAction: () => Promise<T> },
  reply: R = sessionExpiredReply() as R,
) {
  try {
    return await serverAction();
  } catch (error) {
    if (isSignedOut(error)) return data(reply, { status: 401 });
    throw error;
  }
}

/** A `clientAction` for buttons with nothing typed (restore, move, change status): sign in again and come back. */
export async function submitOrSignIn<T>({ serverAction, request }: { serverAction: () => Promise<T>; request: Request }) {
  try {
    return await serverAction();
  } catch (error) {
    if (isSignedOut(error)) {
      const url = new URL(request.url);
      throw redirect(signInPath(url.pathname + url.search));
    }
    throw error;
  }
}
