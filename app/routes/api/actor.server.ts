import { ApiError, apiJson, apiLocale } from "../../server/api/api.server";
import { artistToApi } from "../../server/api/api-shapes.server";
import { getArtist } from "../../server/artists/artist-queries.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** GET /api/we/actorList/{name}: one visible artist. */
export async function loadApiActor(ctx: RequestContext, request: Request, name: string): Promise<Response> {
  const locale = apiLocale(request);
  const artist = await getArtist(ctx.runtime.db, name);
  if (!artist) throw new ApiError(404, "not_found", "해당 배우를 찾을 수 없습니다.");
  return apiJson(artistToApi(artist, locale));
}
