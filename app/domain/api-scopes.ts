/**
 * What an API token may do (its scopes): write content (artists, news, notices) and upload images.
 * No scope reaches applicants' data: the API has none of it. A route of the route table that takes
 * tokens names the scope it needs (site-routes.ts).
 */
export const API_SCOPES = ["content", "media"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_INFO: Record<ApiScope, { label: string; description: string }> = {
  content: { label: "콘텐츠 쓰기", description: "배우, 뉴스, 공지사항을 등록·수정·삭제합니다." },
  media: { label: "이미지 올리기", description: "/api/img로 이미지를 올립니다." },
};

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === "string" && (API_SCOPES as readonly string[]).includes(value);
}

/** The form's choices of what a new token may do (one select), the first the default. */
export const API_SCOPE_CHOICES: readonly { value: string; scopes: readonly ApiScope[]; label: string }[] = [
  { value: "content,media", scopes: ["content", "media"], label: "콘텐츠 쓰기와 이미지 올리기" },
  { value: "content", scopes: ["content"], label: "콘텐츠 쓰기만" },
  { value: "media", scopes: ["media"], label: "이미지 올리기만" },
];

/** How long a new token lasts: the form's choices (days; 0 = until revoked), the first the default. */
export const API_TOKEN_LIFETIMES = [365, 90, 30, 0] as const;
