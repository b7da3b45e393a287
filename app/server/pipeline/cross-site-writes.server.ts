const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface WriteRequestFacts {
  method: string;
  /** The Origin header, if any. */
  origin: string | undefined;
  /** The Sec-Fetch-Site header, if any. */
  secFetchSite: string | undefined;
  /** The site's origin: PUBLIC_ORIGIN when configured, else the scheme and Host the client addressed. */
  requestOrigin: string;
  /** Origins allowed to call the API cross-site (CORS allowlist). */
  allowedOrigins?: readonly string[];
}

/**
 * Cross-site request forgery guard: a state-changing request is refused when the browser says it
 * comes from another origin. A page on another port of the same host is another origin (and only
 * "same-site"), so it is refused too. Requests without either header (curl, server-to-server) are
 * not browser-borne and pass; they still need the session or a token.
 */
export function isForeignWrite(facts: WriteRequestFacts): boolean {
  if (SAFE_METHODS.has(facts.method.toUpperCase())) return false;
  const own = new Set([facts.requestOrigin]);
  if (facts.origin !== undefined) {
    return !own.has(facts.origin) && !(facts.allowedOrigins ?? []).includes(facts.origin);
  }
  if (facts.secFetchSite !== undefined) return facts.secFetchSite !== "same-origin" && facts.secFetchSite !== "none";
  return false;
}
