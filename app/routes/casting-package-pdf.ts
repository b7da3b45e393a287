import type { Route } from "./+types/casting-package-pdf";
import { getRequestContext } from "../server/route-kit/context.server";
import { servePackagePdf } from "./casting-package-pdf.server";

/** /casting/{token}/package.pdf: the whole casting package as one PDF (a cover, then a page per artist). */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return servePackagePdf(getRequestContext(context), request, params.token, null);
}
