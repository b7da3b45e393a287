/**
 * The OpenAPI 3.1 description of the JSON API (requirements R9), served at /api/openapi.json. Its schemas are
 * generated from the zod schemas the routes parse and answer with (api-shapes.server.ts), and its
 * paths from the post kinds, so the document cannot drift from the code.
 * tests/integration/api/openapi.test.ts checks it against the route table and validates real responses.
 */
import { z } from "../../domain/zod";
import { MAX_UPLOAD_BYTES } from "../media/media.server";
import { POST_KIND_INFO, POST_KINDS, apiPatternOf, type PostKind } from "../../domain/post-kinds";
import { apiArtistInputSchema, apiArtistSchema, apiErrorSchema, apiImageSchema, apiPostInputSchema, apiPostSchema } from "./api-shapes.server";

/** JSON Schema (2020-12, which OpenAPI 3.1 uses) of a zod schema, as a request body (`input`) or a response (`output`). */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object, description: string) => ({ description, content: { "application/json": { schema } } });
const error = (description: string) => json(ref("Error"), description);
const toOpenApiPath = (pattern: string) => pattern.replace(/:(\w+)/g, "{$1}");

const readErrors = { "404": error("알 수 없는 이름 또는 글 번호") };
const writeErrors = {
  "400": error("입력값 오류 (검증 실패, 잘못된 JSON, 정수가 아닌 postId, 가져올 수 없는 이미지)"),
  "401": error("직원의 로그인 쿠키 또는 유효한 API 토큰이 없음"),
  "403": error("다른 출처(Origin)에서 보낸 요청"),
  "413": error("요청 본문이 너무 큼"),
  "415": error("지원하지 않는 Content-Type"),
};
const security = [{ cookieAuth: [] }, { bearerAuth: [] }];
const nameParam = { name: "name", in: "path", required: true, description: "배우 이름 (한글, URL 인코딩)", schema: { type: "string" } };
const postIdParam = { name: "postId", in: "path", required: true, schema: { type: "integer", minimum: 1 } };
/** `?lang=en` asks for the English fields; without it the answer is Korean. */
const langParam = {
  name: "lang",
  in: "query",
  required: false,
  description: "en: 영문 필드로 답합니다 (영문 버전이 없는 값은 한글). 글 목록은 영문 버전이 있는 글만. 생략하거나 ko면 한글.",
  schema: { type: "string", enum: ["ko", "en"] },
};
const body = (schemaName: string) => ({ required: true, content: { "application/json": { schema: ref(schemaName) } } });

function postPaths(kind: PostKind) {
  const { label } = POST_KIND_INFO[kind];
  const path = (operation: keyof (typeof POST_KIND_INFO)[PostKind]["api"]) => toOpenApiPath(apiPatternOf(kind, operation));
  const detail = {
    summary: `${label} 한 건`,
    parameters: [postIdParam, langParam],
    responses: { "200": json(ref("Post"), label), "400": error("postId가 정수가 아니거나 lang이 ko, en이 아님"), ...readErrors },
  };
  return {
    [path("list")]: { get: { summary: `${label} 목록 (최신순)`, parameters: [langParam], responses: { "200": json({ type: "array", items: ref("Post") }, `${label} 목록`) } } },
    [path("post")]: { get: detail },
    [path("get")]: { get: { ...detail, summary: `수정용 ${label} 한 건` } },
    [path("write")]: {
      post: { summary: `${label} 작성`, security, requestBody: body("PostInput"), responses: { "201": json(ref("Post"), "작성된 글"), ...writeErrors } },
    },
    [path("update")]: {
      put: {
        summary: `${label} 수정`,
        security,
        parameters: [postIdParam],
        requestBody: body("PostInput"),
        responses: { "200": json(ref("Post"), "수정된 글"), ...writeErrors, ...readErrors, "409": error("version이 최신이 아님") },
      },
    },
    [path("delete")]: {
      delete: { summary: `${label} 삭제`, security, parameters: [postIdParam], responses: { "204": { description: "삭제됨" }, ...writeErrors, ...readErrors } },
    },
  };
}

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "WE ENTERTAINMENT API",
    version: "1.0.0",
    description:
      "The original site's JSON API. Reads are public. Writes need the admin session cookie (from /adminLogin) or `Authorization: Bearer <token>` (tokens are created on /adminApiTokens) and must not come from another origin. Errors are `{ \"error\": { \"code\", \"message\" } }` with a Korean message. Unknown body fields are ignored. Images of other sites in post content are imported into this site's media when the post is saved.",
  },
  components: {
    securitySchemes: {
      cookieAuth: { type: "apiKey", in: "cookie", name: "we_session" },
      bearerAuth: { type: "http", scheme: "bearer" },
    },
    schemas: {
      Error: jsonSchema(apiErrorSchema, "output"),
      Artist: jsonSchema(apiArtistSchema, "output"),
      ArtistInput: jsonSchema(apiArtistInputSchema, "input"),
      Post: jsonSchema(apiPostSchema, "output"),
      PostInput: jsonSchema(apiPostInputSchema, "input"),
      ImageUpload: jsonSchema(apiImageSchema, "output"),
    },
  },
  paths: {
    "/api/we/actorList": {
      get: { summary: "배우 목록 (공개된 배우만, 표시 순서대로)", parameters: [langParam], responses: { "200": json({ type: "array", items: ref("Artist") }, "배우 목록") } },
    },
    "/api/we/actorList/{name}": {
      get: { summary: "배우 한 명", parameters: [nameParam, langParam], responses: { "200": json(ref("Artist"), "배우"), ...readErrors } },
    },
    "/api/we/addactor": {
      post: {
        summary: "배우 등록",
        security,
        requestBody: body("ArtistInput"),
        responses: { "201": json(ref("Artist"), "등록된 배우"), ...writeErrors, "409": error("같은 이름의 배우가 이미 있음") },
      },
    },
    "/api/we/updateactor/{name}": {
      put: {
        summary: "배우 정보 수정",
        security,
        parameters: [nameParam],
        requestBody: body("ArtistInput"),
        responses: { "200": json(ref("Artist"), "수정된 배우"), ...writeErrors, ...readErrors, "409": error("같은 이름의 배우가 있거나 version이 최신이 아님") },
      },
    },
    "/api/we/deleteactor/{name}": {
      delete: { summary: "배우 삭제", security, parameters: [nameParam], responses: { "204": { description: "삭제됨" }, ...writeErrors, ...readErrors } },
    },
    ...(Object.assign({}, ...POST_KINDS.map(postPaths)) as ReturnType<typeof postPaths>),
    "/api/img": {
      post: {
        summary: `이미지 업로드 (JPEG, PNG, WebP, AVIF, GIF; ${MAX_UPLOAD_BYTES / 1024 / 1024}MB 이하)`,
        security,
        requestBody: {
          required: true,
          content: { "multipart/form-data": { schema: { type: "object", required: ["image"], properties: { image: { type: "string", format: "binary" } } } } },
        },
        responses: { "200": json(ref("ImageUpload"), "저장된 이미지"), ...writeErrors },
      },
    },
  },
} as const;
