import { apiJson, apiLocale } from "../../server/api/api.server";
import { artistToApi } from "../../server/api/api-shapes.server";
import { listArtists } from "../../server/artists/artist-queries.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** GET /api/we/actorList: every visible artist, in display order. */
export async function loadApiActorList(ctx: RequestContext, request: Request): Promise<Response> {
  const locale = apiLocale(request);
  return apiJson((await listArtists(ctx.runtime.db)).map((artist) => artistToApi(artist, locale)));
}
