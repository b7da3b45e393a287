import { readsUnpublishedContent } from "../server/route-kit/access-gate.server";
import type { Route } from "./+types/artist-profile-pdf";
import { localeOfPattern } from "../domain/locale";
import { serveProfilePdf } from "./artist-profile-pdf.server";
import { getRequestContext } from "../server/route-kit/context.server";

/**
 * /artist/{name}/profile.pdf and /en/artist/{name}/profile.pdf: the artist's casting profile as an A4
 * PDF, for whoever may see the artist page (the administrator also gets hidden and draft artists').
 */
export async function loader({ context, params, pattern, request }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const isAdmin = await readsUnpublishedContent(ctx);
  return serveProfilePdf(ctx.runtime, request, {
    name: params.name,
    locale: localeOfPattern(pattern),
    audience: isAdmin ? "admin-site" : "public",
    origin: ctx.runtime.env.PUBLIC_ORIGIN ?? new URL(request.url).origin,
  });
}
