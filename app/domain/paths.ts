/**
 * The site's addresses as links build them: fixed paths, and one builder per address with a part that
 * varies (a name, an id, a token, a language). The route table (site-routes.ts) reads its patterns here.
 */
import { AUDITION_PATHS } from "./audition-paths";
import { localizedPath, type Locale } from "./locale";
import type { PostKind } from "./post-kinds";

/** Fixed paths used in links. */
export const PATHS = {
  home: "/",
  company: "/company",
  artists: "/artist",
  audition: "/audition",
  pr: "/pr",
  /** 개인정보처리방침, linked from every page's footer. */
  privacy: AUDITION_PATHS.privacy,
  adminLogin: "/adminLogin",
  adminLogout: "/adminLogout",
  adminApiTokens: "/adminApiTokens",
  adminArtist: "/adminActor",
  openApi: "/api/openapi.json",
  sitemap: "/sitemap.xml",
  /** The audition application form: the uploaded file (site settings), or the bundled PDF. */
  applicationForm: "/files/audition-application",
} as const;

/** Longest encoded way back the sign-in redirect carries; a longer one would overflow a client's header limit. */
const MAX_REDIRECT_BACK_LENGTH = 2048;

/**
 * The sign-in page, coming back to `pathAndSearch` ("/admin/auditions?q=1") once signed in. A way back too
 * long for a Location header loses its query first, then the whole way back (the workspace's front page).
 */
export function signInPath(pathAndSearch: string): string {
  const path = pathAndSearch.split("?")[0] ?? "";
  for (const candidate of [pathAndSearch, path]) {
    const encoded = encodeURIComponent(candidate);
    if (encoded.length <= MAX_REDIRECT_BACK_LENGTH) return `${PATHS.adminLogin}?redirectTo=${encoded}`;
  }
  return PATHS.adminLogin;
}

/** The second step of the sign-in (decision 040): a code from the authenticator app or a recovery code. */
export const SIGN_IN_VERIFY_PATH = "/adminLogin/verify";

/** The signed-in account's security page: the second factor's enrollment, recovery codes (decision 040). */
export const ACCOUNT_SECURITY_PATH = "/admin/account/security";

/** The second step, coming back to `redirectTo` (already a safe path) once signed in; too long a way back is dropped. */
export function secondStepPath(redirectTo: string): string {
  const encoded = encodeURIComponent(redirectTo);
  return encoded.length <= MAX_REDIRECT_BACK_LENGTH ? `${SIGN_IN_VERIFY_PATH}?redirectTo=${encoded}` : SIGN_IN_VERIFY_PATH;
}

/** The password step again, saying why (`again`: the second step's RestartReason). */
export function signInAgainPath(redirectTo: string, again: string): string {
  const encoded = encodeURIComponent(redirectTo);
  return `${PATHS.adminLogin}?again=${again}${encoded.length <= MAX_REDIRECT_BACK_LENGTH ? `&redirectTo=${encoded}` : ""}`;
}

/** The administrator's workspace (decision 013): overview, lists, trash, history, media, settings. */
export const WORKSPACE_PATHS = {
  dashboard: "/admin",
  posts: "/admin/posts",
  artists: "/admin/artists",
  trash: "/admin/trash",
  audit: "/admin/audit",
  media: "/admin/media",
  settings: "/admin/settings",
  /** Audition applications: the list, its CSV export (POST), one application, its files. */
  auditions: AUDITION_PATHS.adminList,
  auditionExport: `${AUDITION_PATHS.adminList}/export`,
  /** The people of the agency with an account, their roles and invitations (owners only). */
  staff: "/admin/staff",
  /** One's own account: name, role, where one is signed in (everyone, for themselves). */
  account: "/admin/account",
  /** 접속기록: who read or changed applicants' personal data, and the monthly inspection (decision 039). */
  accessRecords: "/admin/access-records",
  /** The move from the original site: start it, follow it, read its report (owners; decision 045). */
  siteImport: "/admin/import",
  /** Casting packages: private selections of artists sent to a production (decision 047). */
  packages: "/admin/packages",
  packageNew: "/admin/packages/new",
} as const;

/** One casting package in the workspace. */
export function packageAdminPath(id: number): string {
  return `${WORKSPACE_PATHS.packages}/${id}`;
}

/**
 * A casting package's recipient pages (decision 047): the token is the credential, so these paths are
 * personal (never cached, never logged as they are: `credential` below), and public only in the sense
 * that no account is asked.
 */
export const CASTING_PATH_PREFIX = "/casting";
export const CASTING_PACKAGE_PATTERN = `${CASTING_PATH_PREFIX}/:token`;
export const CASTING_ARTIST_PATTERN = `${CASTING_PATH_PREFIX}/:token/:artistId`;
/** The whole package as one PDF, and one artist's profile PDF from it. */
export const CASTING_PACKAGE_PDF_PATTERN = `${CASTING_PACKAGE_PATTERN}/package.pdf`;
export const CASTING_ARTIST_PDF_PATTERN = `${CASTING_ARTIST_PATTERN}/profile.pdf`;

export function castingPackagePath(token: string): string {
  return `${CASTING_PATH_PREFIX}/${token}`;
}

export function castingArtistPath(token: string, artistId: number): string {
  return `${CASTING_PATH_PREFIX}/${token}/${artistId}`;
}

export function castingPackagePdfPath(token: string): string {
  return `${castingPackagePath(token)}/package.pdf`;
}

export function castingArtistPdfPath(token: string, artistId: number): string {
  return `${castingArtistPath(token, artistId)}/profile.pdf`;
}

/** Whether a path is a casting package's (its `.data` twin included). */
export function isCastingPath(pathname: string): boolean {
  return pathname === CASTING_PATH_PREFIX || pathname.startsWith(`${CASTING_PATH_PREFIX}/`);
}

/**
 * Where a delete was asked from (`?delete=list`, `?delete=editor`; plain `?delete` is the public page's
 * 수정/삭제): it says where "cancel" goes and where the page goes after the record is in the trash.
 */
export type DeleteReturn = "public" | "list" | "editor";

export function deleteReturnOf(value: FormDataEntryValue | string | null): DeleteReturn | null {
  if (value === null) return null;
  return value === "list" || value === "editor" ? value : "public";
}

/** The address of a record's delete confirmation, asked from `from`. */
export function deleteConfirmPath(editorPath: string, from: DeleteReturn): string {
  return from === "public" ? `${editorPath}?delete` : `${editorPath}?delete=${from}`;
}

/** An invitation's one-time link: the invitee sets a login id and password there. */
export const STAFF_INVITATION_PATTERN = "/adminInvite/:token";

export function staffInvitationPath(token: string): string {
  return `/adminInvite/${token}`;
}

/** What the preview shows: a post kind or an artist. */
export type PreviewSubject = PostKind | "artist";

/** The preview of unsaved form values (POST), or of a saved record by id (GET). */
export function previewPath(subject: PreviewSubject, id?: number): string {
  return id === undefined ? `/admin/preview/${subject}` : `/admin/preview/${subject}/${id}`;
}

/** What the history shows: a post or an artist. */
export type HistorySubject = "post" | "artist";

/** A record's revisions, or one revision compared with the current version. */
export function historyPath(subject: HistorySubject, id: number, revisionId?: number): string {
  return revisionId === undefined ? `/admin/history/${subject}/${id}` : `/admin/history/${subject}/${id}/${revisionId}`;
}

/** The media library as JSON for the editors' "pick from the library" dialog (`?page=N`). */
export const MEDIA_LIBRARY_JSON_PATH = "/admin/media.json";

/** One image of the media library. */
export function mediaItemPath(id: number): string {
  return `${WORKSPACE_PATHS.media}/${id}`;
}

/** Public profile page of an artist: "/artist/한서윤" (percent-encoded). */
export function artistPath(name: string): string {
  return `${PATHS.artists}/${encodeURIComponent(name)}`;
}

/** An artist's casting profile PDF: "/artist/한서윤/profile.pdf", the English one under "/en". */
export function artistProfilePdfPath(name: string, locale: Locale = "ko"): string {
  return localizedPath(locale, `${artistPath(name)}/profile.pdf`);
}

/** Admin artist form: "/adminActor" to add, "/adminActor/한서윤" to edit. */
export function artistEditorPath(name?: string | null): string {
  return name == null ? PATHS.adminArtist : `${PATHS.adminArtist}/${encodeURIComponent(name)}`;
}

/** What a share image shows: an artist or a post of a kind. */
export type ShareImageSubject = "artist" | PostKind;

/** Route pattern of the share images; the file is `{id}.jpg`, or `{id}-en.jpg` for the English one. */
export const SHARE_IMAGE_PATTERN = "/share/:subject/:file";

/**
 * The Open Graph / KakaoTalk image of an artist's profile or a post: "/share/artist/12.jpg?v=…",
 * "/share/news/3-en.jpg?v=…". `version` is the hash of everything the image is drawn from.
 */
export function shareImagePath(subject: ShareImageSubject, id: number, locale: Locale, version: string): string {
  return `/share/${subject}/${id}${locale === "en" ? "-en" : ""}.jpg?v=${version}`;
}
