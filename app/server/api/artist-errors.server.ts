import type { SaveArtistResult } from "../artists/artist-use-cases.server";
import { ApiError, invalidFields } from "./api.server";

/** An artist save that did not go through, as the API's error. */
export function artistSaveError(result: Exclude<SaveArtistResult, { status: "saved" }>): ApiError {
  switch (result.status) {
    case "invalid":
      return invalidFields(result.errors);
    case "duplicate-name":
      return new ApiError(409, "duplicate_name", "같은 이름의 배우가 이미 있습니다. (비공개 배우 포함)");
    case "conflict":
      return new ApiError(409, "version_conflict", `다른 곳에서 먼저 수정되었습니다. 최신 버전(${result.version})을 다시 읽은 뒤 저장해 주세요.`);
    case "unknown-image":
      return new ApiError(400, "unknown_image", "imgList에는 /api/img로 올린 이미지 주소만 넣을 수 있습니다.");
    case "not-found":
      return new ApiError(404, "not_found", "해당 배우를 찾을 수 없습니다.");
  }
}
