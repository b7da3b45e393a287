import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import { apiJson, methodNotAllowed, readApiBody } from "../../server/api/api.server";
import { apiArtistInputSchema, artistInputFromApi, artistToApi } from "../../server/api/api-shapes.server";
import { artistSaveError } from "../../server/api/artist-errors.server";
import { getArtist } from "../../server/artists/artist-queries.server";
import { saveArtist } from "../../server/artists/artist-use-cases.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** PUT /api/we/updateactor/{name}: replaces the artist's fields and images; `version` (optional) guards against stale writes. */
export async function handleUpdateActorAction(ctx: RequestContext, request: Request, name: string): Promise<Response> {
  if (request.method !== "PUT") methodNotAllowed(["PUT"]);
  const actor = apiWriterOf(ctx);
  const { version, ...body } = await readApiBody(request, apiArtistInputSchema);
  const input = artistInputFromApi(body);
  const result = await saveArtist(ctx.runtime, actor, { existingName: name, input, status: null, displayOrder: null, expectedVersion: version ?? null });
  if (result.status !== "saved") throw artistSaveError(result);
  return apiJson(artistToApi((await getArtist(ctx.runtime.db, result.name, "workspace"))!));
}
