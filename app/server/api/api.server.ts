import { readsUnpublishedContent } from "../route-kit/access-gate.server";
import type { Locale } from "../../domain/locale";
import type { RouterContextProvider } from "react-router";
import type { z } from "../../domain/zod";
import { parsePostId } from "../../lib/post-id";
import { verifyApiToken } from "../auth/api-tokens.server";
import { databaseFailureOf } from "../platform/db-health.server";
import { getRequestContext, type RequestContext } from "../route-kit/context.server";

/** An API failure: JSON `{ "error": { "code", "message" } }` with this status. */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const NO_STORE = { "Cache-Control": "no-store" };

export function apiJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
}

/**
 * Runs an API handler: known failures become JSON errors, anything unexpected a 500 JSON error with
 * no internals (logged with the request id). Thrown Responses (e.g. from auth) pass through.
 */
export async function handleApi(context: Readonly<RouterContextProvider>, run: (ctx: RequestContext) => Promise<Response>): Promise<Response> {
  const ctx = getRequestContext(context);
  try {
    return await run(ctx);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof ApiError) return apiJson({ error: { code: error.code, message: error.message } }, error.status, error.headers);
    const failure = databaseFailureOf(error);
    if (failure) {
      // The server answers it as every outage path does: 503 with Retry-After (pipeline/render.server.ts).
      ctx.databaseFailure = failure;
      if (failure === "down") ctx.runtime.dbHealth.markDown(error);
      return apiJson({ error: { code: "service_unavailable", message: "일시적으로 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요." } }, 503, { "Retry-After": failure === "down" ? "5" : "2" });
    }
    ctx.logger.error({ err: error }, "api request failed");
    return apiJson({ error: { code: "internal_error", message: "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요." } }, 500);
  }
}

/**
 * The language of a read: Korean unless `?lang=en` asks for the English fields. The API
 * stays Korean-first: without the parameter nothing changes.
 */
export function apiLocale(request: Request): Locale {
  const lang = new URL(request.url).searchParams.get("lang");
  if (lang === null || lang === "ko") return "ko";
  if (lang === "en") return "en";
  throw new ApiError(400, "invalid_lang", "lang에는 ko 또는 en만 쓸 수 있습니다.");
}

export function methodNotAllowed(allowed: string[]): never {
  throw new ApiError(405, "method_not_allowed", `이 주소는 ${allowed.join(", ")} 요청만 받습니다.`, { Allow: allowed.join(", ") });
}

/**
 * Whether the request carries what a write would need (a valid API token or the admin session): such
 * readers may see drafts and scheduled posts. Never throws; an invalid token just reads as the public.
 */
export async function isApiWriter(ctx: RequestContext, request: Request): Promise<boolean> {
  const authorization = request.headers.get("Authorization");
  if (authorization) return (await verifyApiToken(ctx.runtime.db, authorization)) !== null;
  return readsUnpublishedContent(ctx);
}

/** Parses a JSON object body with one of the API's zod schemas (api-shapes.server.ts); 400 names the first problem. */
export async function readApiBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.output<T>> {
  const parsed = schema.safeParse(asObject(await readJsonBody(request)));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** A use case's field errors as one API error naming the first problem. */
export function invalidFields(errors: Record<string, string>): ApiError {
  const [field, message] = Object.entries(errors)[0] ?? ["body", "입력값이 올바르지 않습니다."];
  return new ApiError(400, "validation_failed", `${field}: ${message}`);
}

/** A write based on an older version than the stored one (optimistic locking). */
export function versionConflict(current: number): ApiError {
  return new ApiError(409, "version_conflict", `다른 곳에서 먼저 수정되었습니다. 최신 버전(${current})을 다시 읽은 뒤 저장해 주세요.`);
}

/** Largest JSON body accepted (post content is at most 200,000 characters). */
export const MAX_JSON_BYTES = 1024 * 1024;

/** Reads a JSON body with a size limit; 415 for other types, 413 when too large, 400 when malformed or not UTF-8. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiError(415, "unsupported_media_type", "Content-Type: application/json 으로 보내 주세요.");
  }
  // The rest of an oversized body is never read: the connection is closed so it is not reused.
  const tooLarge = () => new ApiError(413, "payload_too_large", "요청 본문이 너무 큽니다. (최대 1MB)", { Connection: "close" });
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw tooLarge();
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_JSON_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  // Invalid UTF-8 is refused, not repaired: decoding it leniently would store U+FFFD where the client
  // sent something else (a wrong encoding, a cut-off character), and nobody would be told.
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new ApiError(400, "invalid_utf8", "요청 본문이 올바른 UTF-8이 아닙니다. 글자를 UTF-8로 인코딩해서 보내 주세요.");
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, "invalid_json", "JSON 형식이 올바르지 않습니다.");
  }
  if (holdsNul(body)) throw new ApiError(400, "invalid_character", "문자열에 쓸 수 없는 문자(U+0000)가 들어 있습니다. 그 문자를 지운 뒤 다시 보내 주세요.");
  return body;
}

/** Whether a parsed JSON value holds U+0000 in a string or a key anywhere (PostgreSQL cannot store it). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (typeof value !== "object" || value === null || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes("\0") || holdsNul(item, depth + 1));
}

/** A body must be a JSON object (not an array, string or null). */
export function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiError(400, "invalid_body", "요청 본문은 JSON 객체여야 합니다.");
  }
  return body as Record<string, unknown>;
}

/** zod issues as one API error naming the first problem. */
export function validationError(error: z.ZodError): ApiError {
  const issue = error.issues[0];
  const field = issue?.path.join(".") || "body";
  return new ApiError(400, "validation_failed", `${field}: ${issue?.message ?? "입력값이 올바르지 않습니다."}`);
}

export function requirePostId(raw: string | undefined): number {
  const id = parsePostId(raw);
  if (id === null) throw new ApiError(400, "invalid_post_id", "postId는 양의 정수여야 합니다.");
  return id;
}
