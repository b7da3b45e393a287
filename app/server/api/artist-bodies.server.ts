import { ARTIST_LIST_FIELDS } from "../../domain/artist-fields";
import { artistInputSchema, type ArtistInput } from "../../domain/schemas";
import { ApiError, asObject, decodeListField, validationError } from "./api.server";

/** Validates an artist body of the original API with the admin form's schema. Unknown fields are dropped. */
export function parseArtistBody(body: unknown): ArtistInput {
  const obj = asObject(body);
  const candidate: Record<string, unknown> = {
    name: obj.name,
    ename: obj.ename ?? "",
    birthday: obj.birthday ?? "",
    cm: obj.cm ?? "",
    insta: obj.insta ?? "",
    imgList: decodeListField(obj.imgList ?? [], "imgList"),
  };
  for (const field of ARTIST_LIST_FIELDS) candidate[field] = decodeListField(obj[field] ?? [], field);
  const parsed = artistInputSchema.safeParse(candidate);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function artistSaveError(result: { status: string; url?: string; version?: number }): ApiError {
  switch (result.status) {
    case "duplicate-name":
      return new ApiError(409, "duplicate_name", "같은 이름의 배우가 이미 있습니다.");
    case "conflict":
      return new ApiError(409, "version_conflict", `다른 곳에서 먼저 수정되었습니다. 최신 버전(${result.version})을 다시 읽은 뒤 저장해 주세요.`);
    case "unknown-image":
      return new ApiError(400, "unknown_image", "imgList에는 /api/img로 올린 이미지 주소만 넣을 수 있습니다.");
    default:
      return new ApiError(404, "not_found", "해당 배우를 찾을 수 없습니다.");
  }
}
