import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { getStaffSession, type SignedInStaff } from "../auth/sessions.server";
import { getSiteSettings } from "../site/settings.server";
import type { Runtime } from "../composition/runtime.server";
import { requestContext } from "../route-kit/context.server";
import { bodyEtag, etagMatches, isPersonalRequest, PERSONAL_CACHE_CONTROL } from "./http-caching.server";
import type { ByteRate } from "./request-limits.server";
import { isRouterFallbackBody, sendSiteError, sendUnavailable } from "./error-answers.server";
import { toFetchRequest } from "./fetch-request.server";
import { appLocals, siteOrigin } from "./locals.server";
import type { HandleRequest, StorablePublicRead } from "./page-cache.server";
import { routerContext } from "./router-context.server";
import { sendCached, sendCompressed } from "./send-body.server";

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const isWholeText = (response: Response) =>
  !response.headers.has("Content-Encoding") && /^(text\/html|text\/x-script|application\/json)\b/.test(response.headers.get("Content-Type") ?? "");

/**
 * The last step: React Router renders the page or runs the route, and its answer goes out stored (a
 * public read), with the site's caching headers, compressed once when it is a whole text, or streamed.
 */
export function renderWithRouter(options: {
  runtime: Runtime;
  handleRequest: HandleRequest;
  storablePublicRead: StorablePublicRead;
  anonymousBodyRate: ByteRate;
}): RequestHandler {
  const { runtime, handleRequest, storablePublicRead, anonymousBodyRate } = options;
  const { env, pageCache } = runtime;
  return async (req, res, next) => {
    const locals = appLocals(res);
    const { publicRead } = locals;
    const ownShare = locals.anonymousBody === true;
    const url = new URL(req.originalUrl, "http://localhost");
    const generation = pageCache.generation;
    try {
      // A HEAD of a public read is answered from a full render (or the cache), so its headers (ETag,
      // caching) are those of the GET.
      const request = toFetchRequest(siteOrigin(env, req), req, res, publicRead ? "GET" : req.method, ownShare ? anonymousBodyRate : null);
      let session: Promise<SignedInStaff | null> | undefined;
      const context = routerContext(runtime, {
        requestId: locals.requestId,
        // A stored document carries no nonce (publicReadStore); one sent once (a 404) carries this one.
        cspNonce: locals.cspNonce,
        logger: locals.logger,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "",
        method: req.method,
        // The idle limit is a site setting (read from the settings cache).
        staffSession: () => (session ??= getSiteSettings(runtime.db).then((settings) => getStaffSession(runtime.db, runtime.sessionSecret, request, settings.staffIdleMinutes * 60_000))),
      });
      let response = await handleRequest(request, context);
      // A write's answer leaves once the other processes have its change (a few ms): the client's next
      // request then finds the new content whichever process answers it.
      if (!READ_METHODS.has(req.method)) await runtime.changesDelivered();
      const { databaseFailure } = context.get(requestContext);
      if (databaseFailure && response.status >= 500) {
        // Gone or too busy: come back shortly, like every other outage path (not an error page).
        await response.body?.cancel();
        return sendUnavailable(runtime.metrics.shed, req, res, "database", databaseFailure === "down" ? 5 : 2);
      }
      if (response.status >= 400 && !response.headers.has("X-Remix-Response")) {
        // React Router's own answers outside a page (its last resort "Unexpected Server Error", a
        // resource route's 404/405 as `{"message": ...}`) are in English and name nothing: the site's
        // own answer instead, in the page's language. Ours pass through unchanged.
        const text = await response.text();
        if (isRouterFallbackBody(text)) return sendSiteError(req, res, response.status, response.headers.get("Allow"));
        response = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
      }

      const storable = publicRead ? await storablePublicRead(response, url.pathname) : null;
      if (publicRead && storable) {
        const { headers, identity, csp } = storable;
        if (publicRead.cacheKey !== null) {
          const entry = await pageCache.set(publicRead.cacheKey, generation, { ...storable, url: request.url });
          publicRead.finishFlight(entry);
          return sendCached(req, res, entry, "MISS");
        }
        // PAGE_CACHE=false: the same headers and validator, rendered every time.
        for (const [key, value] of headers) res.append(key, value);
        if (csp) res.setHeader("Content-Security-Policy", csp);
        const etag = bodyEtag(identity);
        res.setHeader("ETag", etag);
        res.vary("Accept-Encoding");
        if (etagMatches(req.get("if-none-match"), etag)) return void res.status(304).end();
        return void (await sendCompressed(req, res, identity));
      }

      await sendRouterAnswer(req, res, response, url.pathname);
    } catch (error) {
      if (res.destroyed || res.writableEnded) return;
      next(error);
    }
  };
}

/** Sends an answer that is not stored: the route's headers with the site's caching rules, then its body. */
async function sendRouterAnswer(req: ExpressRequest, res: ExpressResponse, response: Response, pathname: string): Promise<void> {
  res.status(response.status);
  // A route's own Content-Security-Policy (a PDF's) replaces the default one rather than adding to it.
  for (const [key, value] of response.headers.entries()) {
    if (key === "content-security-policy") res.setHeader(key, value);
    else res.append(key, value);
  }
  // Someone's own answer is never stored anywhere; other answers keep the route's policy, or are
  // revalidated every time (a 404 must not linger in a CDN once the page exists).
  if (isPersonalRequest(pathname, req.get("cookie"), req.get("authorization")) || response.headers.has("Set-Cookie")) {
    if (!/\bno-store\b/.test(response.headers.get("Cache-Control") ?? "")) res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
  } else if (!response.headers.has("Cache-Control")) {
    res.setHeader("Cache-Control", "no-cache");
  }
  if (response.body && req.method !== "HEAD" && isWholeText(response)) {
    // Documents, navigation data and JSON are made whole anyway (entry.server.tsx renders the
    // complete document): compressed once off the event loop. Files and downloads stream.
    await sendCompressed(req, res, Buffer.from(await response.arrayBuffer()), response.status);
  } else if (response.body && req.method !== "HEAD") await writeReadableStreamToWritable(response.body, res);
  else {
    await response.body?.cancel();
    res.end();
  }
}
