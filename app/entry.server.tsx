import { PassThrough } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleDataRequestFunction, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { getRequestContext } from "./server/route-kit/context.server";
import { databaseFailureOf } from "./server/platform/db-health.server";
import { withLowPriorityModulePreloads } from "./server/pipeline/html-hints.server";
import { publicMediaRewrite } from "./server/pipeline/public-media-urls.server";
import { isVisitorDocument } from "./domain/site-routes";

export const streamTimeout = 5_000;

/**
 * Renders whole documents (every loader has finished before rendering starts, so waiting for
 * all content costs nothing and gives crawlers and caches complete HTML). Inline scripts carry
 * the response's CSP nonce; visitors' pages have none. The hydration scripts are fetched at low priority: the server-rendered
 * page is complete without them, so its stylesheet, fonts and images go first. With MEDIA_PUBLIC_URL,
 * public pages point their images at it (public-media-urls.server.ts).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { cspNonce: nonceOrEmpty, logger, runtime } = getRequestContext(loadContext);
  // A visitor's page without React (decision 027) has no inline script and renders without a nonce,
  // so the same content is the same bytes (one ETag across renders and app servers) and its stored
  // copies allow no inline script at all (decision 031). Documents React hydrates carry this
  // response's nonce on their inline scripts.
  const handler = routerContext.staticHandlerContext;
  const root = handler.loaderData.root as { isAdmin?: boolean; enhanceScript?: string | null } | undefined;
  const visitorDocument = Boolean(root?.enhanceScript) && isVisitorDocument(root?.isAdmin ?? false, handler.matches.at(-1)?.route.id);
  const cspNonce = visitorDocument ? undefined : nonceOrEmpty || undefined;
  const rewriteMedia = publicMediaRewrite(runtime.env, new URL(request.url));
  const app = <ServerRouter context={routerContext} url={request.url} nonce={cspNonce} />;
  // Reads responseStatusCode when called: a render error after the shell sets it to 500.
  const documentResponse = (html: string) => {
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    // As bytes: a string body is checked for lone surrogates and encoded by the Response in JavaScript,
    // which cost ~4 % of an uncached render (docs/benchmarks.md); Buffer.from encodes it natively (and
    // replaces a lone surrogate with U+FFFD just the same).
    return new Response(Buffer.from(rewriteMedia ? rewriteMedia(html) : html, "utf8"), { headers: responseHeaders, status: responseStatusCode });
  };

  // A visitor's page without React (decision 027) has no hydration data to stream and nothing that
  // suspends: it is rendered to a string in one go, without the stream's per-chunk text encoding
  // (decision 030). Documents React hydrates keep the stream, which carries their loader data.
  if (visitorDocument) {
    return Promise.resolve(documentResponse("<!DOCTYPE html>" + renderToString(app)));
  }

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: cspNonce,
      onAllReady() {
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const chunks: Buffer[] = [];
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("error", reject);
        body.on("end", () => resolve(documentResponse(withLowPriorityModulePreloads(Buffer.concat(chunks).toString("utf8")))));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        logger.error({ err: error }, "render error");
      },
    });
  });
}

/** The `.data` of client-side navigations: their image URLs as the document's (see handleRequest). */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request, context }) => {
  const rewriteMedia = publicMediaRewrite(getRequestContext(context).runtime.env, new URL(request.url));
  if (!rewriteMedia || !response.body) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(rewriteMedia(await response.text()), { status: response.status, statusText: response.statusText, headers });
};

/**
 * Logs loader/action/render errors once, with the request id; aborted requests are not errors. A lost
 * database connection switches the site to its 503 page until the database answers again; a database
 * too busy to answer in time (a statement or lock timeout) makes this request's answer a 503.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const ctx = getRequestContext(context);
  const failure = databaseFailureOf(error);
  if (failure) {
    // Answered 503 by the server (server/pipeline/render.server.ts), which logs those once a second with a count.
    ctx.databaseFailure = failure;
    if (failure === "down") ctx.runtime.dbHealth.markDown(error);
    return;
  }
  // A 404 or 405 that React Router answers (a scanner trying methods and addresses) is not an error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  ctx.logger.error({ err: error, url: request.url }, "request error");
};
