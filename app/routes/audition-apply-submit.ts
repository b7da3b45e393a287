import type { Route } from "./+types/audition-apply-submit";
import { localeOfPattern } from "../domain/locale";
import { getRequestContext } from "../server/route-kit/context.server";
import { handleApplySubmit, postOnly } from "./audition-apply.server";

/** The JavaScript form's post (multipart in, JSON out), so the page can show the upload's progress. */
export function action({ context, request, pattern }: Route.ActionArgs) {
  return handleApplySubmit(getRequestContext(context), request, localeOfPattern(pattern));
}

export function loader({ pattern }: Route.LoaderArgs) {
  return postOnly(localeOfPattern(pattern));
}
