import type { Route } from "./+types/img";
import { recordAudit } from "../../server/audit.server";
import { requireAdminApi } from "../../server/auth.server";
import { getRequestContext } from "../../server/context.server";
import { ImageRejectedError, storeImage } from "../../server/media.server";
import { parseUploadForm, RequestBodyError, uploadedFile } from "../../server/uploads.server";

function jsonError(status: number, code: string, message: string) {
  return Response.json({ error: { code, message } }, { status, headers: { "Cache-Control": "no-store" } });
}

/** POST /api/img: multipart field `image` → `{ "url": ... }` (spec §7), through the media pipeline. */
export async function action({ context, request }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "method_not_allowed", "POST로 보내 주세요.");
  const { runtime, logger } = getRequestContext(context);
  const session = await requireAdminApi(runtime.db, runtime.sessionSecret, request);
  try {
    const form = await parseUploadForm(request, { fileFields: ["image"], maxFiles: 1, maxParts: 20 });
    const file = uploadedFile(form, "image");
    if (!file) return jsonError(400, "image_required", "이미지 파일을 선택해 주세요. (필드 이름: image)");
    const stored = await storeImage(runtime.db, runtime.storage, new Uint8Array(await file.arrayBuffer()));
    await recordAudit(runtime.db, { adminId: session.adminId, action: "upload", entity: "media", entityId: stored.id });
    return Response.json(
      { url: stored.url, width: stored.width, height: stored.height, variants: stored.variants },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    if (error instanceof RequestBodyError) return jsonError(error.status, error.code, error.message);
    if (error instanceof ImageRejectedError) return jsonError(error.status, error.reason, error.message);
    logger.error({ err: error }, "image upload failed");
    return jsonError(500, "upload_failed", "이미지 업로드 중 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.");
  }
}

export function loader() {
  return Response.json({ error: { code: "method_not_allowed", message: "POST로 보내 주세요." } }, { status: 405, headers: { Allow: "POST" } });
}
