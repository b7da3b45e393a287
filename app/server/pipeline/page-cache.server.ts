import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Env } from "../platform/env.server";
import { logContext } from "../platform/logger.server";
import type { Runtime } from "../composition/runtime.server";
import { publicCacheControl } from "./http-caching.server";
import { isCacheableRequest, type CachedResponse, type HotPage, type PageCache } from "./page-cache-store.server";
import { contentSecurityPolicy } from "../route-kit/security-headers.server";
import { appLocals } from "./locals.server";
import { anonymousVisit, routerContext } from "./router-context.server";
import { policyOptions } from "./security-headers.server";
import { sendCached } from "./send-body.server";
import type { SingleFlight } from "./single-flight.server";

export type HandleRequest = (request: Request, context: ReturnType<typeof routerContext>) => Promise<Response>;

/** A public read's answer as shared caches may keep it. */
export interface StorableRead {
  status: 200;
  headers: [string, string][];
  identity: Buffer;
  csp: string | null;
}

/**
 * Makes a public read's answer storable (page cache, CDN), or says it is not (null: not a 200, or it
 * sets a cookie). A stored document's policy allows scripts from this site only: visitors' pages carry
 * no inline script of the app's (decision 027), so none is allowed, not by a nonce, which a stored page
 * would reuse, and not by hashes of what the page holds, which would also allow a script that got past
 * the sanitizer into content (decision 031).
 */
export function publicReadStore(env: Pick<Env, "CDN_MAX_AGE" | "CDN_STALE_WHILE_REVALIDATE" | "KAKAO_MAP_APP_KEY" | "MEDIA_PUBLIC_URL">) {
  const cachePolicy = { sharedMaxAge: env.CDN_MAX_AGE, staleWhileRevalidate: env.CDN_STALE_WHILE_REVALIDATE };
  const storedDocumentPolicy = contentSecurityPolicy(policyOptions(env));
  return async function storablePublicRead(response: Response, pathname: string): Promise<StorableRead | null> {
    if (response.status !== 200 || response.headers.has("Set-Cookie") || !response.body) return null;
    const identity = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers.entries()].filter(([key]) => !/^(content-length|content-encoding|etag|cache-control)$/i.test(key));
    headers.push(["Cache-Control", publicCacheControl(cachePolicy, pathname)]);
    const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
    return { status: 200, headers, identity, csp: html ? storedDocumentPolicy : null };
  };
}

export type StorablePublicRead = ReturnType<typeof publicReadStore>;

/**
 * Renders of missing pages are keyed by the cache's generation too: a request arriving after a change
 * never gets a render that started before it.
 */
const flightKey = (generation: number, cacheKey: string) => `${generation}\u0000${cacheKey}`;

/**
 * Marks anonymous public reads and answers them from the page cache. Single flight: while one request
 * renders a missing page, the others asking for it wait for that render instead of each starting their
 * own (after a write empties the cache, a burst of visitors costs one render per page).
 */
export function pageCacheReads(options: { enabled: boolean; pageCache: PageCache; renders: SingleFlight<CachedResponse> }): RequestHandler {
  const { pageCache, renders } = options;
  return async (req, res, next) => {
    const url = new URL(req.originalUrl, "http://localhost");
    if (!isCacheableRequest(req.method, url, req.get("cookie"), req.get("authorization"))) return next();
    const publicRead = { pathname: url.pathname, cacheKey: null as string | null, finishFlight: (_entry: CachedResponse | null) => {} };
    appLocals(res).publicRead = publicRead;
    if (!options.enabled) return next();
    const cacheKey = `${req.get("host") ?? ""}${url.pathname}${url.search}`;
    publicRead.cacheKey = cacheKey;
    const hit = pageCache.get(cacheKey);
    if (hit) return sendCached(req, res, hit, "HIT");
    const flight = renders.claim(flightKey(pageCache.generation, cacheKey));
    if (!flight.leader) {
      const entry = await flight.result;
      if (entry) return sendCached(req, res, entry, "HIT");
    } else {
      publicRead.finishFlight = flight.finish;
      // Whatever happens next (refused, an error, not storable), the waiting requests are let go.
      res.once("close", () => flight.finish(null));
    }
    next();
  };
}

/**
 * After a change, the pages visitors were reading are rendered again in the background
 * (page-warmer.server.ts), through the same single flight as visitors' requests.
 */
export function warmPageRenderer(options: {
  runtime: Runtime;
  renders: SingleFlight<CachedResponse>;
  handleRequest: HandleRequest;
  storablePublicRead: StorablePublicRead;
}): (page: HotPage) => Promise<void> {
  const { runtime, renders, handleRequest, storablePublicRead } = options;
  const { pageCache, dbHealth } = runtime;
  return async (page) => {
    if (!dbHealth.isUp || pageCache.has(page.key)) return;
    const generation = pageCache.generation;
    const flight = renders.claim(flightKey(generation, page.key));
    if (!flight.leader) return;
    let entry: CachedResponse | null = null;
    try {
      const requestId = randomUUID();
      const context = routerContext(runtime, anonymousVisit(requestId, runtime.logger));
      const response = await logContext.run({ reqId: requestId }, () => handleRequest(new Request(page.url), context));
      const storable = await storablePublicRead(response, new URL(page.url).pathname);
      if (storable) entry = await pageCache.set(page.key, generation, { ...storable, url: page.url });
      else await response.body?.cancel();
    } finally {
      flight.finish(entry);
    }
  };
}
