import { apiWriterOf } from "../../server/route-kit/access-gate.server";
import { ApiError, apiJson, methodNotAllowed } from "../../server/api/api.server";
import { RequestBodyError } from "../../server/platform/form-body.server";
import { parseUploadForm, uploadedFile } from "../../server/route-kit/uploads.server";
import { ImageRejectedError } from "../../server/media/media.server";
import { uploadImage } from "../../server/media/upload-image.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** POST /api/img: multipart field `image` → `{ "url": ... }` (requirements R9.4), through the media pipeline. */
export async function handleImgAction(ctx: RequestContext, request: Request): Promise<Response> {
  if (request.method !== "POST") methodNotAllowed(["POST"]);
  const actor = apiWriterOf(ctx);
  let form: FormData;
  try {
    form = await parseUploadForm(request, { fileFields: ["image"], maxFiles: 1, maxParts: 20 });
  } catch (error) {
    if (error instanceof RequestBodyError) throw new ApiError(error.status, error.code, error.message);
    throw error;
  }
  const file = uploadedFile(form, "image");
  if (!file) throw new ApiError(400, "image_required", "이미지 파일을 선택해 주세요. (필드 이름: image)");
  try {
    const stored = await uploadImage(ctx.runtime, actor, new Uint8Array(await file.arrayBuffer()), file.name);
    return apiJson({ url: stored.url, width: stored.width, height: stored.height, variants: stored.variants });
  } catch (error) {
    if (error instanceof ImageRejectedError) throw new ApiError(error.status, error.reason, error.message);
    throw error;
  }
}
