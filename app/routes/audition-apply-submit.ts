import type { Route } from "./+types/audition-apply-submit";
import { getRequestContext } from "../server/route-kit/context.server";
import { handleApplySubmit } from "./audition-apply.server";

/** The JavaScript form's post (multipart in, JSON out), so the page can show the upload's progress. */
export function action({ context, request }: Route.ActionArgs) {
  return handleApplySubmit(getRequestContext(context), request);
}

export function loader() {
  return Response.json({ error: { code: "method_not_allowed", message: "POST로 보내 주세요." } }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
