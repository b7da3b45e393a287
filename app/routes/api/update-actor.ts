import type { Route } from "./+types/update-actor";
import { apiJson, artistToApi, asObject, handleApi, methodNotAllowed, readJsonBody, readVersion, requireApiWriter } from "../../server/api/api.server";
import { artistSaveError, parseArtistBody } from "../../server/api/artist-bodies.server";
import { getArtistForAdmin, saveArtist } from "../../server/artists/artists.server";
import { recordAudit } from "../../server/platform/audit.server";

/** PUT /api/we/updateactor/{name}: replaces the artist's fields and images; `version` (optional) guards against stale writes. */
export function action({ context, request, params }: Route.ActionArgs) {
  return handleApi(context, async (ctx) => {
    if (request.method !== "PUT") methodNotAllowed(["PUT"]);
    const writer = await requireApiWriter(ctx, request);
    const body = asObject(await readJsonBody(request));
    const expectedVersion = readVersion(body);
    const { imgList, ...fields } = parseArtistBody(body);
    const existing = await getArtistForAdmin(ctx.runtime.db, params.name);
    if (!existing) throw artistSaveError({ status: "not-found" });
    const result = await saveArtist(ctx.runtime.db, {
      existingName: params.name,
      fields,
      imageUrls: imgList,
      isVisible: existing.isVisible,
      displayOrder: null,
      expectedVersion,
    });
    if (result.status !== "saved") throw artistSaveError(result);
    await recordAudit(ctx.runtime.db, { adminId: writer.adminId, action: "update", entity: "artist", entityId: result.id, details: { via: writer.via } });
    return apiJson(artistToApi((await getArtistForAdmin(ctx.runtime.db, result.name))!));
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["PUT"]));
}
