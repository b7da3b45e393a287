/**
 * Who on the agency's staff may do what (개인정보의 안전성 확보조치 기준 Art. 5: access by role, only as
 * needed). Every private route of the route table names its area (site-routes.ts); the one private gate
 * (route-kit/access-gate.server.ts) lets a request through only when the signed-in person's role may read
 * (GET, HEAD) or change (any other method) that area. The workspace's navigation shows the same.
 */

export const STAFF_ROLES = ["owner", "editor", "casting", "viewer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** `labelEn`: the role as the English privacy policy names it (decision 065); the workspace is Korean. */
export const STAFF_ROLE_INFO: Record<StaffRole, { label: string; labelEn: string; description: string }> = {
  owner: { label: "대표 관리자", labelEn: "owner", description: "모든 기능을 쓸 수 있습니다. 직원 계정, 사이트 설정, API 토큰, 개인정보 접속기록을 관리합니다." },
  editor: { label: "콘텐츠 담당", labelEn: "content editor", description: "배우, 뉴스·공지, 미디어를 관리합니다. 오디션 지원자 정보는 볼 수 없습니다." },
  casting: { label: "캐스팅 담당", labelEn: "casting", description: "오디션 지원서와 사진·영상을 심사합니다. 다른 기능은 쓸 수 없습니다." },
  viewer: { label: "열람 전용", labelEn: "read-only", description: "관리 화면을 볼 수만 있습니다. 바꿀 수 없고 지원자 개인정보는 볼 수 없습니다." },
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * What a private route is part of:
 * - `overview`: the workspace's front page;
 * - `content`: artists, posts, media, previews, history, trash and the API's writes with a session;
 * - `auditions`: audition applications, their files and export (applicants' personal data);
 * - `activity`: the activity log of changes;
 * - `settings`, `tokens`, `staff`, `access-records`: the owner's;
 * - `account`: a person's own account (second factor, sessions): everyone, for themselves;
 * - `packages`: casting packages sent to productions (decision 047): owners and content editors.
 */
export const STAFF_AREAS = ["overview", "content", "auditions", "activity", "settings", "tokens", "staff", "access-records", "account", "packages"] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

/** Read: GET and HEAD. Change: every other method. */
export type AreaUse = "read" | "change";

const GRANTS: Record<StaffRole, Partial<Record<StaffArea, readonly AreaUse[]>>> = {
  owner: Object.fromEntries(STAFF_AREAS.map((area) => [area, ["read", "change"]])),
  editor: { overview: ["read"], content: ["read", "change"], account: ["read", "change"], packages: ["read", "change"] },
  casting: { overview: ["read"], auditions: ["read", "change"], account: ["read", "change"] },
  viewer: { overview: ["read"], content: ["read"], account: ["read", "change"] },
};

export function roleMay(role: StaffRole, area: StaffArea, use: AreaUse): boolean {
  return GRANTS[role][area]?.includes(use) ?? false;
}

/** Whether a request's method reads or changes. */
export function areaUseOfMethod(method: string): AreaUse {
  return method === "GET" || method === "HEAD" ? "read" : "change";
}

/** Roles that can reach applicants' personal data: a second sign-in factor is required for them. */
export function roleReachesPersonalData(role: StaffRole): boolean {
  return roleMay(role, "auditions", "read");
}

/**
 * Whether an account must have a second factor before it opens any private page: always for the roles
 * that reach applicants' personal data (owner, casting; 안전성 확보조치 기준 Art. 6②), and for everyone when
 * the owner asks it of everyone (the `secondFactorForAll` setting).
 */
export function secondFactorRequired(account: { role: StaffRole }, settings: { secondFactorForAll: boolean }): boolean {
  return settings.secondFactorForAll || roleReachesPersonalData(account.role);
}

export const FORBIDDEN_MESSAGE = "이 기능을 쓸 권한이 없습니다. 필요하면 대표 관리자에게 권한을 요청해 주세요.";

/** A staff password's shortest length (the invitation's form and `npm run admin:password`). */
export const MIN_STAFF_PASSWORD_LENGTH = 10;
