import type { Route } from "./+types/application-form";
import { DEFAULT_APPLICATION_FORM } from "../domain/application-form-file";
import { getRequestContext } from "../server/route-kit/context.server";
import { serveApplicationForm } from "../server/site/application-form.server";

/** /files/audition-application: the uploaded application form, or a redirect to the bundled PDF. */
export function loader({ context, request }: Route.LoaderArgs) {
  return serveApplicationForm(getRequestContext(context).runtime, request, DEFAULT_APPLICATION_FORM.path);
}
