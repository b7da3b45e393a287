import type { Request as ExpressRequest } from "express";
import type { Env } from "../platform/env.server";
import type { Logger } from "../platform/logger.server";
import type { CachedResponse } from "./page-cache-store.server";
import type { ByteRate } from "./request-limits.server";

/** What the pipeline's middleware hand on to the later ones, in `res.locals`. */
export interface AppLocals {
  requestId: string;
  cspNonce: string;
  logger: Logger;
  /** Set by the door (request-limits.server.ts) when an anonymous request with a body holds one of its own slots. */
  anonymousBody?: boolean;
  /** How much of an unread body is still read before the connection closes (request-limits.server.ts). */
  lingerBytes?: number;
  lingerRate?: ByteRate;
  /** Set by the page cache on an anonymous public read (page-cache.server.ts). */
  publicRead?: PublicRead;
}

/** An anonymous public read (page, navigation data, API read, feed): shared caches may keep its answer. */
export interface PublicRead {
  pathname: string;
  /** The page cache's key, when the answer goes into the page cache (PAGE_CACHE on). */
  cacheKey: string | null;
  /** This request renders what others wait for: hands them what it stored. */
  finishFlight(entry: CachedResponse | null): void;
}

export const appLocals = (res: { locals: object }) => res.locals as AppLocals;

/**
 * The site's origin for this request: PUBLIC_ORIGIN when it is set, whatever the proxy in front says
 * (a TLS-terminating proxy without TRUST_PROXY makes every request look like plain http); otherwise the
 * scheme and Host the request came with. Every URL React Router sees, the same-origin check, cookies'
 * `Secure` and HSTS follow it.
 */
export function siteOrigin(env: Pick<Env, "PUBLIC_ORIGIN">, req: ExpressRequest): string {
  return env.PUBLIC_ORIGIN ?? `${req.protocol}://${req.get("host") ?? "localhost"}`;
}
