import type { Route } from "./+types/casting-artist-pdf";
import { getRequestContext } from "../server/route-kit/context.server";
import { servePackagePdf } from "./casting-package-pdf.server";

/** /casting/{token}/{artistId}/profile.pdf: one artist's profile PDF as the package presents them. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return servePackagePdf(getRequestContext(context), request, params.token, params.artistId);
}
