import type { Route } from "./+types/artist-profile-pdf";
import { loadArtistProfilePdf } from "./artist-profile-pdf.server";
import { getRequestContext } from "../server/route-kit/context.server";

/**
 * /artist/{name}/profile.pdf and /en/artist/{name}/profile.pdf: the artist's casting profile as an A4
 * PDF, for whoever may see the artist page (the administrator also gets hidden and draft artists').
 */
export function loader({ context, params, pattern, request }: Route.LoaderArgs) {
  return loadArtistProfilePdf(getRequestContext(context), request, pattern, params.name);
}
