import type { Route } from "./+types/audition-export";
import { getRequestContext } from "../../server/route-kit/context.server";
import { exportAuditionsCsv } from "./workspace/auditions.server";

/** POST /admin/auditions/export: the applications checked on the list, as a CSV file (administrators only). */
export function action({ context, request }: Route.ActionArgs) {
  return exportAuditionsCsv(getRequestContext(context), request);
}
