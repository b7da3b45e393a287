import { createHash } from "node:crypto";
import { isAdminPath } from "../../domain/site-routes";
import { isCastingPath } from "../../domain/paths";

/**
 * HTTP caching for browsers and a CDN in front of several app servers (decision 026).
 *
 * - Anonymous public reads (pages, `.data` navigations, API reads, feeds: what the page cache may hold)
 *   answer `public, max-age=0, s-maxage=N, stale-while-revalidate=M` with a strong ETag, and 304 to a
 *   matching If-None-Match. A CDN keeps them N seconds (a purge, when configured, ends that at once on a
 *   change) and may serve a stale copy M seconds longer while it fetches a new one; browsers revalidate.
 * - Anything personal is `private, no-store`: a signed-in administrator's answers, a visitor with a
 *   pending flash notice, API clients with a token, the admin area, a casting package's pages, and every
 *   answer that sets a cookie.
 */

export interface CachePolicy {
  /** The CDN's freshness for public reads (s-maxage), in seconds. */
  sharedMaxAge: number;
  /** How long a CDN may serve a stale public read while it revalidates, in seconds. */
  staleWhileRevalidate: number;
}

export const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * The policy of a public read. React Router's `.data` answers (client-side navigations) leave out
 * stale-while-revalidate: browsers honour it for fetches (Chromium does), so a visitor navigating in
 * the page would be shown the list as it was before a change, once. Documents are revalidated by the
 * browser on every navigation either way (measured in Chromium; decision 026).
 */
export function publicCacheControl(policy: CachePolicy, pathname: string): string {
  const shared = `public, max-age=0, s-maxage=${policy.sharedMaxAge}`;
  return pathname.endsWith(".data") ? shared : `${shared}, stale-while-revalidate=${policy.staleWhileRevalidate}`;
}

/** Whether a request is someone's own: its answer must never be stored by any cache. */
export function isPersonalRequest(pathname: string, cookieHeader: string | undefined, authorization: string | undefined): boolean {
  if (authorization) return true;
  if (cookieHeader && /(?:^|;\s*)(we_session|we_flash)=/.test(cookieHeader)) return true;
  // A casting package's pages are its recipient's own (decision 047): the token in the path is the credential.
  return isAdminPath(pathname) || isCastingPath(pathname);
}

/** A strong validator of a body. */
export function bodyEtag(body: Uint8Array): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * Whether If-None-Match matches the entity tag (the weak comparison of RFC 9110 §13.1.2: `W/` is
 * ignored; a list matches when any member does; `*` matches anything).
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}
