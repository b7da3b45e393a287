import type { Route } from "./+types/not-found";
import { ApiError, handleApi } from "../../server/api/api.server";

const notFound = (context: Route.LoaderArgs["context"]) =>
  handleApi(context, async () => {
    throw new ApiError(404, "not_found", "없는 API 주소입니다. /api/openapi.json 에서 주소 목록을 확인해 주세요.");
  });

/** Unknown /api/* addresses answer JSON, not the HTML 404 page. */
export function loader({ context }: Route.LoaderArgs) {
  return notFound(context);
}

export function action({ context }: Route.ActionArgs) {
  return notFound(context);
}
