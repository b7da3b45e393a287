/**
 * The OpenAPI 3.1 description of the JSON API (spec §7), served at /api/openapi.json.
 * tests/e2e/api/openapi.spec.ts checks it against the route table and validates real responses with it.
 */
import { MAX_ARTIST_IMAGES } from "../../domain/constants";
import { MAX_CONTENT_LENGTH, MAX_ENTRY_LENGTH, MAX_LIST_ENTRIES, MAX_TITLE_LENGTH } from "../../domain/schemas";

const LIST_FIELDS = ["schoolList", "winList", "hobbyList", "movieList", "dramaList", "playList", "cfList", "bookList"] as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object, description: string) => ({ description, content: { "application/json": { schema } } });
const error = (description: string) => json(ref("Error"), description);

const readErrors = { "404": error("알 수 없는 이름 또는 글 번호") };
const writeErrors = {
  "400": error("입력값 오류 (검증 실패, 잘못된 JSON, 정수가 아닌 postId)"),
  "401": error("관리자 세션 쿠키 또는 유효한 API 토큰이 없음"),
  "403": error("다른 출처(Origin)에서 보낸 요청"),
  "413": error("요청 본문이 너무 큼"),
  "415": error("지원하지 않는 Content-Type"),
};
const security = [{ cookieAuth: [] }, { bearerAuth: [] }];
const nameParam = { name: "name", in: "path", required: true, description: "배우 이름 (한글, URL 인코딩)", schema: { type: "string" } };
const postIdParam = { name: "postId", in: "path", required: true, schema: { type: "integer", minimum: 1 } };

function postPaths(kind: "news" | "notice") {
  const label = kind === "news" ? "뉴스" : "공지사항";
  const detail = {
    get: {
      summary: `${label} 한 건`,
      parameters: [postIdParam],
      responses: { "200": json(ref("Post"), `${label}`), "400": error("postId가 정수가 아님"), ...readErrors },
    },
  };
  return {
    [`/api/we/${kind}list`]: {
      get: { summary: `${label} 목록 (최신순)`, responses: { "200": json({ type: "array", items: ref("Post") }, `${label} 목록`) } },
    },
    [`/api/we/${kind}post/{postId}`]: detail,
    [`/api/we/get${kind}/{postId}`]: { get: { ...detail.get, summary: `수정용 ${label} 한 건` } },
    [`/api/we/write${kind}`]: {
      post: {
        summary: `${label} 작성`,
        security,
        requestBody: { required: true, content: { "application/json": { schema: ref("PostInput") } } },
        responses: { "201": json(ref("Post"), "작성된 글"), ...writeErrors },
      },
    },
    [`/api/we/update${kind}/{postId}`]: {
      put: {
        summary: `${label} 수정`,
        security,
        parameters: [postIdParam],
        requestBody: { required: true, content: { "application/json": { schema: ref("PostInput") } } },
        responses: { "200": json(ref("Post"), "수정된 글"), ...writeErrors, ...readErrors, "409": error("version이 최신이 아님") },
      },
    },
    [`/api/we/delete${kind}/{postId}`]: {
      delete: {
        summary: `${label} 삭제`,
        security,
        parameters: [postIdParam],
        responses: { "204": { description: "삭제됨" }, ...writeErrors, ...readErrors },
      },
    },
  };
}

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "WE ENTERTAINMENT API",
    version: "1.0.0",
    description:
      "The original site's JSON API. Reads are public. Writes need the admin session cookie (from /adminLogin) or `Authorization: Bearer <token>` (tokens are created on /adminApiTokens) and must not come from another origin. Errors are `{ \"error\": { \"code\", \"message\" } }` with a Korean message. Unknown body fields are ignored.",
  },
  components: {
    securitySchemes: {
      cookieAuth: { type: "apiKey", in: "cookie", name: "we_session" },
      bearerAuth: { type: "http", scheme: "bearer" },
    },
    schemas: {
      Error: {
        type: "object",
        required: ["error"],
        properties: {
          error: {
            type: "object",
            required: ["code", "message"],
            properties: { code: { type: "string" }, message: { type: "string" } },
          },
        },
      },
      Artist: {
        type: "object",
        description: "목록 필드와 imgList는 JSON 문자열입니다 (원래 클라이언트가 JSON.parse 합니다).",
        required: ["name", "ename", "birthday", "cm", "insta", "imgList", ...LIST_FIELDS, "version"],
        properties: {
          name: { type: "string" },
          ename: { type: "string" },
          birthday: { type: "string" },
          cm: { type: "string" },
          insta: { type: "string" },
          imgList: { type: "string", description: "JSON 배열: 대표 사진이 첫 번째, 최대 5장" },
          ...Object.fromEntries(LIST_FIELDS.map((f) => [f, { type: "string", description: "JSON 문자열 배열" }])),
          version: { type: "integer", minimum: 1 },
        },
      },
      StringList: {
        oneOf: [
          { type: "array", maxItems: MAX_LIST_ENTRIES, items: { type: "string", maxLength: MAX_ENTRY_LENGTH } },
          { type: "string", description: "JSON으로 인코딩한 문자열 배열" },
        ],
      },
      ArtistInput: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string", minLength: 1, maxLength: 30 },
          ename: { type: "string", maxLength: 60 },
          birthday: { type: "string", maxLength: 30 },
          cm: { type: "string", maxLength: 10 },
          insta: { type: "string", description: "http(s) 주소 또는 빈 문자열" },
          imgList: {
            oneOf: [
              { type: "array", maxItems: MAX_ARTIST_IMAGES, items: { type: "string", description: "/api/img 가 돌려준 url" } },
              { type: "string" },
            ],
          },
          ...Object.fromEntries(LIST_FIELDS.map((f) => [f, ref("StringList")])),
          version: { type: "integer", minimum: 1, description: "수정 시: 읽은 버전. 최신이 아니면 409" },
        },
      },
      Post: {
        type: "object",
        required: ["postId", "title", "content", "writeDay", "version"],
        properties: {
          postId: { type: "integer", minimum: 1 },
          title: { type: "string" },
          content: { type: "string", description: "정제된 HTML" },
          writeDay: { type: "string", format: "date", description: "YYYY-MM-DD (한국 시간)" },
          version: { type: "integer", minimum: 1 },
        },
      },
      PostInput: {
        type: "object",
        required: ["title", "content"],
        properties: {
          title: { type: "string", minLength: 1, maxLength: MAX_TITLE_LENGTH },
          content: { type: "string", maxLength: MAX_CONTENT_LENGTH, description: "HTML; 저장 전에 정제됩니다" },
          version: { type: "integer", minimum: 1 },
        },
      },
      ImageUpload: {
        type: "object",
        required: ["url", "width", "height", "variants"],
        properties: {
          url: { type: "string" },
          width: { type: "integer" },
          height: { type: "integer" },
          variants: {
            type: "array",
            items: { type: "object", required: ["width", "height", "url"], properties: { width: { type: "integer" }, height: { type: "integer" }, url: { type: "string" } } },
          },
        },
      },
    },
  },
  paths: {
    "/api/we/actorList": {
      get: { summary: "배우 목록 (공개된 배우만, 표시 순서대로)", responses: { "200": json({ type: "array", items: ref("Artist") }, "배우 목록") } },
    },
    "/api/we/actorList/{name}": {
      get: { summary: "배우 한 명", parameters: [nameParam], responses: { "200": json(ref("Artist"), "배우"), ...readErrors } },
    },
    "/api/we/addactor": {
      post: {
        summary: "배우 등록",
        security,
        requestBody: { required: true, content: { "application/json": { schema: ref("ArtistInput") } } },
        responses: { "201": json(ref("Artist"), "등록된 배우"), ...writeErrors, "409": error("같은 이름의 배우가 이미 있음") },
      },
    },
    "/api/we/updateactor/{name}": {
      put: {
        summary: "배우 정보 수정",
        security,
        parameters: [nameParam],
        requestBody: { required: true, content: { "application/json": { schema: ref("ArtistInput") } } },
        responses: { "200": json(ref("Artist"), "수정된 배우"), ...writeErrors, ...readErrors, "409": error("같은 이름의 배우가 있거나 version이 최신이 아님") },
      },
    },
    "/api/we/deleteactor/{name}": {
      delete: { summary: "배우 삭제", security, parameters: [nameParam], responses: { "204": { description: "삭제됨" }, ...writeErrors, ...readErrors } },
    },
    ...postPaths("news"),
    ...postPaths("notice"),
    "/api/img": {
      post: {
        summary: "이미지 업로드 (JPEG, PNG, WebP, AVIF, GIF; 15MB 이하)",
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
