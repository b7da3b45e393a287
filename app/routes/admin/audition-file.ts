import type { Route } from "./+types/audition-file";
import { serveApplicantFile } from "./audition-file.server";
import { getRequestContext } from "../../server/route-kit/context.server";

/** GET/HEAD /admin/auditions/:id/files/:fileId: an applicant's photo or video, for the administrator only. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return serveApplicantFile(getRequestContext(context), request, params);
}
