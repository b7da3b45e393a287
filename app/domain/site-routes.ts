/**
 * Every address of the site in one list: the route table (app/routes.ts) is built from it, and the
 * sitemap, robots.txt, the page cache and the links read it too, so a path is written once.
 */
import { AUDITION_PATHS } from "./audition-paths";
import { PATHS, SIGN_IN_VERIFY_PATH, ACCOUNT_SECURITY_PATH, WORKSPACE_PATHS, CASTING_PACKAGE_PATTERN, CASTING_ARTIST_PATTERN, CASTING_PACKAGE_PDF_PATTERN, CASTING_ARTIST_PDF_PATTERN, STAFF_INVITATION_PATTERN, MEDIA_LIBRARY_JSON_PATH, artistPath, artistProfilePdfPath, SHARE_IMAGE_PATTERN } from "./paths";
import { credentialRedactor } from "./credential-paths";
import { bothLanguagePaths, hasEnglishVersion, LOCALES, localizedPath } from "./locale";
import type { ApiScope } from "./api-scopes";
import type { StaffArea } from "./staff-roles";
import { apiPatternOf, POST_KIND_INFO, POST_KINDS, postApiPath, postDetailPath, postFeedPath, type PostKind, type PostKindDescriptor } from "./post-kinds";

/** Who an address is for: visitors (cacheable, crawlable), the administrator, API clients, or a file. */
export type Audience = "public" | "admin" | "api" | "file";

/**
 * Who may use a route (decision 031). Private unless declared otherwise: a route is open to anyone only
 * by declaring `access: "public"`. Without it a route needs a signed-in member of staff ("staff");
 * "api-writer" routes take the staff session (same-origin requests only) or an API token. One gate
 * (app/routes/private-gate.tsx, app/server/route-kit/access-gate.server.ts) checks it for every private route
 * before any of the route's loaders, actions or body parsers run.
 */
export type Access = "public" | "staff" | "api-writer";

export interface SiteRoute {
  /** Route pattern, e.g. "/artist/:name" ("/" is the index route). */
  pattern: string;
  /** Route module, relative to app/. */
  file: string;
  /** Route id, when one module serves several patterns. */
  id?: string;
  audience: Audience;
  /**
   * Listed in the sitemap as is (patterns with parameters are listed per record instead); `false`:
   * deliberately not listed (an applicant's receipt, a form's JSON endpoint).
   */
  sitemap?: boolean;
  /** Rendered inside the workspace's frame (navigation), app/routes/admin/workspace/layout.tsx. */
  workspace?: boolean;
  /**
   * An admin page drawn in the visitors' frame rather than the workspace's header (decision 064): the
   * preview, which shows a post or an artist as visitors will see it.
   */
  visitorFrame?: boolean;
  /** Who may use it; unset: staff only (see `Access`). */
  access?: Access;
  /** A private route's part of the workspace: which roles may read or change it (staff-roles.ts). */
  area?: StaffArea;
  /** An "api-writer" route: the scope a token needs for it (api-scopes.ts); "content" when unset. */
  scope?: ApiScope;
  /**
   * The parameter whose value is a credential (a token that opens the route without an account): a
   * path parameter of the pattern, or else a query parameter. Log lines hold the address with the value
   * replaced (`redactCredentials`, decision 053).
   */
  credential?: string;
}

/** The private routes' gate: a pathless layout every route that is not public sits under (app/routes.ts). */
export const PRIVATE_GATE_FILE = "routes/private-gate.tsx";

/** The workspace's frame around its pages. */
export const WORKSPACE_LAYOUT_FILE = "routes/admin/workspace/layout.tsx";

const postRoutes = (kind: PostKind): SiteRoute[] => {
  const info = POST_KIND_INFO[kind];
  const api = (operation: keyof PostKindDescriptor["api"], file: string, access: Access): SiteRoute => ({
    pattern: apiPatternOf(kind, operation),
    file,
    id: `api-${info.api[operation]}`,
    audience: "api",
    access,
    ...(access === "public" ? {} : { area: "content" as const }),
  });
  return [
    { pattern: info.listPath, file: "routes/post-list.tsx", id: `${kind}-list`, audience: "public", access: "public", sitemap: true },
    { pattern: info.detailPattern, file: "routes/post-detail.tsx", id: `${kind}-detail`, audience: "public", access: "public" },
    { pattern: info.editorPattern, file: "routes/admin/post-editor.tsx", id: `admin-${kind}-editor`, audience: "admin", workspace: true, area: "content" },
    api("list", "routes/api/post-list.ts", "public"),
    // A writer also reads drafts here (with the session or a token); everyone else the published post.
    api("post", "routes/api/post.ts", "public"),
    api("get", "routes/api/post.ts", "public"),
    api("write", "routes/api/write-post.ts", "api-writer"),
    api("update", "routes/api/update-post.ts", "api-writer"),
    api("delete", "routes/api/delete-post.ts", "api-writer"),
  ];
};

/** In the order of requirements R2.1, then sign-out and tokens, the JSON API (R9) and the crawler files. */
export const SITE_ROUTES: readonly SiteRoute[] = [
  { pattern: PATHS.home, file: "routes/home.tsx", audience: "public", access: "public", sitemap: true },
  { pattern: PATHS.company, file: "routes/company.tsx", audience: "public", access: "public", sitemap: true },
  { pattern: PATHS.artists, file: "routes/artist-list.tsx", audience: "public", access: "public", sitemap: true },
  { pattern: `${PATHS.artists}/:name`, file: "routes/artist-detail.tsx", audience: "public", access: "public" },
  // The casting profile PDF; its English twin under /en comes with ENGLISH_ROUTES.
  { pattern: `${PATHS.artists}/:name/profile.pdf`, file: "routes/artist-profile-pdf.ts", id: "artist-profile-pdf", audience: "public", access: "public", sitemap: false },
  { pattern: PATHS.audition, file: "routes/audition.tsx", audience: "public", access: "public", sitemap: true },
  { pattern: AUDITION_PATHS.apply, file: "routes/audition-apply.tsx", audience: "public", access: "public", sitemap: true },
  { pattern: AUDITION_PATHS.submit, file: "routes/audition-apply-submit.ts", audience: "public", access: "public", sitemap: false },
  { pattern: AUDITION_PATHS.complete, file: "routes/audition-apply-complete.tsx", audience: "public", access: "public", sitemap: false },
  { pattern: PATHS.pr, file: "routes/pr.tsx", audience: "public", access: "public", sitemap: true },
  ...POST_KINDS.flatMap((kind) => postRoutes(kind).filter((r) => r.audience === "public")),
  { pattern: PATHS.privacy, file: "routes/privacy.tsx", audience: "public", access: "public", sitemap: true },
  // A casting package's link is the credential (decision 047): no account, never cached, never listed.
  { pattern: CASTING_PACKAGE_PATTERN, file: "routes/casting-package.tsx", audience: "public", access: "public", sitemap: false, credential: "token" },
  { pattern: CASTING_ARTIST_PATTERN, file: "routes/casting-artist.tsx", audience: "public", access: "public", sitemap: false, credential: "token" },
  { pattern: CASTING_PACKAGE_PDF_PATTERN, file: "routes/casting-package-pdf.ts", audience: "public", access: "public", sitemap: false, credential: "token" },
  { pattern: CASTING_ARTIST_PDF_PATTERN, file: "routes/casting-artist-pdf.ts", audience: "public", access: "public", sitemap: false, credential: "token" },
  { pattern: PATHS.adminLogin, file: "routes/admin/login.tsx", audience: "admin", access: "public" },
  // The invitation's token is the credential: the page checks it before showing or taking anything.
  { pattern: STAFF_INVITATION_PATTERN, file: "routes/admin/invitation.tsx", audience: "admin", access: "public", sitemap: false, credential: "token" },
  // The password was right; the pending step's cookie says for which account (decision 040).
  { pattern: SIGN_IN_VERIFY_PATH, file: "routes/admin/login-verify.tsx", audience: "admin", access: "public" },
  // A passkey instead of the code (JSON for the page's script); the pending cookie names the account.
  { pattern: `${SIGN_IN_VERIFY_PATH}/passkey`, file: "routes/admin/login-passkey.ts", audience: "admin", access: "public", sitemap: false },
  ...POST_KINDS.flatMap((kind) => postRoutes(kind).filter((r) => r.audience === "admin")),
  { pattern: `${PATHS.adminArtist}/:name?`, file: "routes/admin/artist-editor.tsx", audience: "admin", workspace: true, area: "content" },
  { pattern: PATHS.adminApiTokens, file: "routes/admin/api-tokens.tsx", audience: "admin", workspace: true, area: "tokens" },
  { pattern: "/admin/preview/:subject/:id?", file: "routes/admin/preview.tsx", audience: "admin", area: "content", visitorFrame: true },
  { pattern: WORKSPACE_PATHS.dashboard, file: "routes/admin/workspace/dashboard.tsx", audience: "admin", workspace: true, area: "overview" },
  { pattern: WORKSPACE_PATHS.posts, file: "routes/admin/workspace/posts.tsx", audience: "admin", workspace: true, area: "content" },
  { pattern: WORKSPACE_PATHS.artists, file: "routes/admin/workspace/artists.tsx", audience: "admin", workspace: true, area: "content" },
  { pattern: WORKSPACE_PATHS.trash, file: "routes/admin/workspace/trash.tsx", audience: "admin", workspace: true, area: "content" },
  { pattern: "/admin/history/:subject/:id", file: "routes/admin/workspace/history.tsx", audience: "admin", workspace: true, area: "content" },
  { pattern: "/admin/history/:subject/:id/:revisionId", file: "routes/admin/workspace/revision.tsx", audience: "admin", workspace: true, area: "content" },
  { pattern: WORKSPACE_PATHS.audit, file: "routes/admin/workspace/audit.tsx", audience: "admin", workspace: true, area: "activity" },
  { pattern: WORKSPACE_PATHS.media, file: "routes/admin/workspace/media.tsx", audience: "admin", workspace: true, area: "content" },
  { pattern: `${WORKSPACE_PATHS.media}/:id`, file: "routes/admin/workspace/media-item.tsx", audience: "admin", workspace: true, area: "content" },
  { pattern: MEDIA_LIBRARY_JSON_PATH, file: "routes/admin/media-json.ts", audience: "admin", area: "content" },
  { pattern: WORKSPACE_PATHS.settings, file: "routes/admin/workspace/settings.tsx", audience: "admin", workspace: true, area: "settings" },
  { pattern: WORKSPACE_PATHS.staff, file: "routes/admin/workspace/staff.tsx", audience: "admin", workspace: true, area: "staff" },
  { pattern: WORKSPACE_PATHS.siteImport, file: "routes/admin/workspace/site-import.tsx", audience: "admin", workspace: true, area: "settings" },
  { pattern: WORKSPACE_PATHS.account, file: "routes/admin/workspace/account.tsx", audience: "admin", workspace: true, area: "account" },
  { pattern: WORKSPACE_PATHS.auditions, file: "routes/admin/workspace/auditions.tsx", audience: "admin", workspace: true, area: "auditions" },
  { pattern: WORKSPACE_PATHS.auditionExport, file: "routes/admin/audition-export.ts", audience: "admin", area: "auditions" },
  { pattern: `${WORKSPACE_PATHS.auditions}/:id`, file: "routes/admin/workspace/audition.tsx", audience: "admin", workspace: true, area: "auditions" },
  { pattern: `${WORKSPACE_PATHS.auditions}/:id/files/:fileId`, file: "routes/admin/audition-file.ts", audience: "admin", area: "auditions" },
  { pattern: WORKSPACE_PATHS.accessRecords, file: "routes/admin/workspace/access-records.tsx", audience: "admin", workspace: true, area: "access-records" },
  // The one private page an account without a required second factor may open (the gate sends it here).
  { pattern: ACCOUNT_SECURITY_PATH, file: "routes/admin/workspace/account-security.tsx", audience: "admin", workspace: true, area: "account" },
  { pattern: `${ACCOUNT_SECURITY_PATH}/passkey`, file: "routes/admin/account-passkey.ts", audience: "admin", area: "account" },
  { pattern: WORKSPACE_PATHS.packages, file: "routes/admin/workspace/packages.tsx", audience: "admin", workspace: true, area: "packages" },
  { pattern: WORKSPACE_PATHS.packageNew, file: "routes/admin/workspace/package-new.tsx", audience: "admin", workspace: true, area: "packages" },
  { pattern: `${WORKSPACE_PATHS.packages}/:id`, file: "routes/admin/workspace/package.tsx", audience: "admin", workspace: true, area: "packages" },
  // Signing out ends the session the cookie names, if any: nothing to protect, and it must work when the session has expired.
  { pattern: PATHS.adminLogout, file: "routes/admin/logout.ts", audience: "admin", access: "public" },
  { pattern: "/api/we/actorList", file: "routes/api/actor-list.ts", audience: "api", access: "public" },
  { pattern: "/api/we/actorList/:name", file: "routes/api/actor.ts", audience: "api", access: "public" },
  { pattern: "/api/we/addactor", file: "routes/api/add-actor.ts", audience: "api", access: "api-writer", area: "content" },
  { pattern: "/api/we/updateactor/:name", file: "routes/api/update-actor.ts", audience: "api", access: "api-writer", area: "content" },
  { pattern: "/api/we/deleteactor/:name", file: "routes/api/delete-actor.ts", audience: "api", access: "api-writer", area: "content" },
  ...POST_KINDS.flatMap((kind) => postRoutes(kind).filter((r) => r.audience === "api")),
  { pattern: "/api/img", file: "routes/api/img.ts", audience: "api", access: "api-writer", area: "content", scope: "media" },
  { pattern: PATHS.openApi, file: "routes/api/openapi.ts", audience: "api", access: "public" },
  { pattern: "/api/*", file: "routes/api/not-found.ts", audience: "api", access: "public" },
  { pattern: "/robots.txt", file: "routes/robots.ts", audience: "file", access: "public" },
  { pattern: PATHS.sitemap, file: "routes/sitemap.ts", audience: "file", access: "public" },
  // RSS feeds of news and notices, Korean and English (one module serves the four).
  ...POST_KINDS.flatMap((kind) =>
    LOCALES.map((locale): SiteRoute => ({ pattern: postFeedPath(kind, locale), file: "routes/post-feed.ts", id: `${kind}-feed-${locale}`, audience: "file", access: "public" })),
  ),
  { pattern: PATHS.applicationForm, file: "routes/application-form.ts", audience: "file", access: "public" },
  { pattern: SHARE_IMAGE_PATTERN, file: "routes/share-image.ts", audience: "file", access: "public" },
];

/**
 * The English pages: every public route whose page has an English version, again under /en,
 * served by the same module (which reads the language from the path) under its own route id.
 */
export const ENGLISH_ROUTES: readonly SiteRoute[] = SITE_ROUTES.filter((r) => r.audience === "public" && hasEnglishVersion(r.pattern)).map((r) => ({
  ...r,
  pattern: localizedPath("en", r.pattern),
  id: `en-${r.id ?? r.file.replace(/^routes\//, "").replace(/\.tsx?$/, "")}`,
}));

/**
 * A text (a log line) with the credential of every address that carries one replaced: each route that
 * declares a `credential` is covered by declaring it (app/server/platform/logger.server.ts, decision 053).
 */
export const redactCredentials: (text: string) => string = credentialRedactor([...SITE_ROUTES, ...ENGLISH_ROUTES]);

/** React Router's id of a route (app/routes.ts): its own, or its module's path without the extension. */
export function routeIdOf(r: SiteRoute): string {
  return r.id ?? r.file.replace(/\.tsx?$/, "");
}

/**
 * The visitors' pages in both languages, by route id: an anonymous visitor gets them without React,
 * with the small enhancement script instead (app/root.tsx, decision 027).
 */
export const PUBLIC_ROUTE_IDS: ReadonlySet<string> = new Set([...SITE_ROUTES, ...ENGLISH_ROUTES].filter((r) => r.audience === "public").map(routeIdOf));

/**
 * Whether a document is a visitor's page without React (decision 027): nobody signed in, and the
 * deepest route is a public page (or none matched: a 404). app/root.tsx leaves the hydration scripts
 * out of such a document; app/entry.server.tsx renders it to a string in one go (decision 030).
 */
export function isVisitorDocument(isAdmin: boolean, leafRouteId: string | undefined): boolean {
  return !isAdmin && (leafRouteId === undefined || leafRouteId === "root" || PUBLIC_ROUTE_IDS.has(leafRouteId));
}

/**
 * The route ids of the pages drawn in the workspace's own frame (its header, no visitors' header or
 * footer; decision 064): every admin page, the sign-in pages included, but the preview.
 */
export const WORKSPACE_DOCUMENT_IDS: ReadonlySet<string> = new Set(SITE_ROUTES.filter((r) => r.audience === "admin" && !r.visitorFrame).map(routeIdOf));

/** React Router's id of the workspace's frame (its navigation beside the page). */
export const WORKSPACE_LAYOUT_ID = WORKSPACE_LAYOUT_FILE.replace(/\.tsx?$/, "");

/** The part of a pattern before its first parameter: "/adminActor/:name?" → "/adminActor". */
export function staticPrefix(pattern: string): string {
  const cut = pattern.search(/\/[:*]/);
  return cut === -1 ? pattern : pattern.slice(0, cut) || "/";
}

/** Path prefixes of every admin address (robots.txt keeps crawlers out; the page cache never stores them). */
export const ADMIN_PATH_PREFIXES: readonly string[] = [
  ...new Set(SITE_ROUTES.filter((r) => r.audience === "admin").map((r) => staticPrefix(r.pattern))),
];

/** Whether a request path belongs to the admin area (`.data` requests of its pages included). */
export function isAdminPath(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "");
  return ADMIN_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Fixed public pages for the sitemap, in the order of requirements R2.1. */
export const SITEMAP_STATIC_PATHS: readonly string[] = SITE_ROUTES.filter((r) => r.sitemap).map((r) => r.pattern);

/** Public paths that show a post (for change events: caches, CDN purges). */
export function pathsShowingPost(kind: PostKind, postId: number): string[] {
  return [
    ...[PATHS.pr, POST_KIND_INFO[kind].listPath, postDetailPath(kind, postId)].flatMap(bothLanguagePaths),
    postApiPath(kind, "list"),
    postApiPath(kind, "post", postId),
    postApiPath(kind, "get", postId),
    PATHS.sitemap,
    ...LOCALES.map((locale) => postFeedPath(kind, locale)),
  ];
}

/** Public paths that show an artist (the home carousel and the roster included). */
export function pathsShowingArtist(name: string): string[] {
  return [
    ...[PATHS.home, PATHS.artists, artistPath(name), artistProfilePdfPath(name)].flatMap(bothLanguagePaths),
    "/api/we/actorList",
    `/api/we/actorList/${encodeURIComponent(name)}`,
    PATHS.sitemap,
  ];
}

/** Who may use a route: its declaration, or staff only when it declares nothing (private by default). */
export function accessOf(r: SiteRoute): Access {
  return r.access ?? "staff";
}

/** Every route that is not public: the ones app/routes.ts puts under the private gate. */
export const PRIVATE_ROUTES: readonly SiteRoute[] = SITE_ROUTES.filter((r) => accessOf(r) !== "public");

const privateRoutesByPattern = new Map(PRIVATE_ROUTES.map((r) => [r.pattern, r]));

/**
 * The private route React Router matched, by its pattern ("/admin/auditions/:id"), or null. The gate
 * refuses a request whose pattern it cannot find here: a route under the gate is never open by mistake.
 */
export function privateRouteOfPattern(pattern: string): SiteRoute | null {
  // React Router joins the matched routes' paths, which app/routes.ts writes without the leading "/".
  return privateRoutesByPattern.get(pattern.startsWith("/") ? pattern : `/${pattern}`) ?? null;
}

/** A route without a page (a file, a JSON answer, a download): its module is `.ts`, a page's is `.tsx`. */
export function isResourceRoute(r: SiteRoute): boolean {
  return r.file.endsWith(".ts");
}
