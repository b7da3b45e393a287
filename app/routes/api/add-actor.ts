import type { Route } from "./+types/add-actor";
import { apiJson, artistToApi, handleApi, methodNotAllowed, readJsonBody, requireApiWriter } from "../../server/api/api.server";
import { artistSaveError, parseArtistBody } from "../../server/api/artist-bodies.server";
import { getArtistForAdmin, saveArtist } from "../../server/artists/artists.server";
import { recordAudit } from "../../server/platform/audit.server";

/** POST /api/we/addactor: creates an artist with its images (URLs from /api/img). */
export function action({ context, request }: Route.ActionArgs) {
  return handleApi(context, async (ctx) => {
    if (request.method !== "POST") methodNotAllowed(["POST"]);
    const writer = await requireApiWriter(ctx, request);
    const { imgList, ...fields } = parseArtistBody(await readJsonBody(request));
    const result = await saveArtist(ctx.runtime.db, { existingName: null, fields, imageUrls: imgList, isVisible: true, displayOrder: null, expectedVersion: null });
    if (result.status !== "saved") throw artistSaveError(result);
    await recordAudit(ctx.runtime.db, { adminId: writer.adminId, action: "create", entity: "artist", entityId: result.id, details: { via: writer.via } });
    return apiJson(artistToApi((await getArtistForAdmin(ctx.runtime.db, result.name))!), 201);
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return handleApi(context, async () => methodNotAllowed(["POST"]));
}
