import type { SaveArtistResult } from "../artists/artist-use-cases.server";
import { ApiError, invalidFields, versionConflict } from "./api.server";
import { seedNameOf } from "./api-shapes.server";

/** An artist save that did not go through, as the API's error. */
export function artistSaveError(result: Exclude<SaveArtistResult, { status: "saved" }>): ApiError {
  switch (result.status) {
    case "invalid":
      // The use case names fields in the domain's words; the client sent the original API's.
      return invalidFields(Object.fromEntries(Object.entries(result.errors).map(([field, message]) => [seedNameOf(field), message])));
    case "duplicate-name":
      return new ApiError(
        409,
        "duplicate_name",
        result.inTrash ? "휴지통에 같은 이름의 배우가 있습니다. 관리 화면에서 복원하거나 영구 삭제해 주세요." : "같은 이름의 배우가 이미 있습니다. (비공개 배우 포함)",
      );
    case "conflict":
      return versionConflict(result.version);
    case "unknown-image":
      return new ApiError(400, "unknown_image", "imgList에는 /api/img로 올린 이미지 주소만 넣을 수 있습니다.");
    case "not-found":
      return new ApiError(404, "not_found", "해당 배우를 찾을 수 없습니다.");
  }
}
