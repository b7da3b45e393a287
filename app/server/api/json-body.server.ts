import { ApiError, readJsonBody } from "./api.server";

/**
 * A small JSON body for the workspace's own scripts (the passkey ceremonies): parsed, or the refusal
 * as a JSON answer with a Korean message (wrong type, too large, not JSON).
 */
export async function readSmallJson(request: Request): Promise<{ body: Record<string, unknown> } | { refused: Response }> {
  try {
    const body = await readJsonBody(request);
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiError(400, "invalid_body", "요청 본문은 JSON 객체여야 합니다.");
    return { body: body as Record<string, unknown> };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { refused: Response.json({ error: { code: error.code, message: error.message } }, { status: error.status, headers: { ...error.headers, "Cache-Control": "private, no-store" } }) };
  }
}
