import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import { apiJson, methodNotAllowed, readApiBody } from "../../server/api/api.server";
import { apiArtistInputSchema, artistInputFromApi, artistToApi } from "../../server/api/api-shapes.server";
import { artistSaveError } from "../../server/api/artist-errors.server";
import { getArtist } from "../../server/artists/artist-queries.server";
import { saveArtist } from "../../server/artists/artist-use-cases.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** POST /api/we/addactor: creates an artist with its images (URLs from /api/img). */
export async function handleAddActorAction(ctx: RequestContext, request: Request): Promise<Response> {
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const actor = apiWriterOf(ctx);
  const { version: _version, ...body } = await readApiBody(request, apiArtistInputSchema);
  const input = artistInputFromApi(body);
  const result = await saveArtist(ctx.runtime, actor, { existingName: null, input, status: null, displayOrder: null, expectedVersion: null });
  if (result.status !== "saved") throw artistSaveError(result);
  return apiJson(artistToApi((await getArtist(ctx.runtime.db, result.name, "workspace"))!), 201);
}
