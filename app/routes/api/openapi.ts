import { OPENAPI_DOCUMENT } from "../../server/api/openapi.server";

/** GET /api/openapi.json */
export function loader() {
  return Response.json(OPENAPI_DOCUMENT, { headers: { "Cache-Control": "public, max-age=300" } });
}
