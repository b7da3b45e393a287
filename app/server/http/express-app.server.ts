/**
 * The Express application around React Router, bundled by Vite as the server build's entry.
 * main.ts (the process entry) imports `createApp` from the build and listens.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Socket } from "node:net";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import express, { type ErrorRequestHandler, type Request as ExpressRequest, type RequestHandler, type Response as ExpressResponse } from "express";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { getAdminSession, hasSignedSessionCookie, type AdminSession } from "../auth/sessions.server";
import { requestContext } from "./context.server";
import { logContext, type Logger } from "../platform/logger.server";
import { bodyEtag, etagMatches, isPersonalRequest, PERSONAL_CACHE_CONTROL, publicCacheControl } from "./http-caching.server";
import { isForeignWrite } from "./origin-check.server";
import { compressBody, isCacheableRequest, pickEncoding, type CachedResponse } from "./page-cache.server";
import { watchEventLoop } from "./overload.server";
import type { Env } from "../platform/env.server";
import { startRuntime, type Runtime } from "../platform/runtime.server";
import { contentSecurityPolicy } from "./security-headers.server";
import {
  type ByteRate,
  guardRequestBodies,
  hasBody,
  HEADERS_TIMEOUT_MS,
  MAX_REQUEST_BODY_BYTES,
  refuseUnreadableUrls,
  REQUEST_TIMEOUT_MS,
} from "./request-limits.server";
import { storedMediaFiles } from "./stored-media.server";
import { refusalMessage, serverErrorMessage, serviceUnavailablePage, unavailableMessage } from "./unavailable-page.server";
import { localeOfPath } from "../../domain/locale";

declare global {
  // One runtime per process, also across Vite dev-server module reloads.
  var __weRuntime: Promise<Runtime> | undefined;
}

export interface AppLocals {
  requestId: string;
  cspNonce: string;
  logger: Logger;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives each request an id (the client's X-Request-Id when it is a sane one) and runs the rest of its
 * work inside it, so every log line written for the request carries it (logContext); counts and times
 * the answer for the metrics.
 */
function requestIdAndLogging(runtime: Runtime): RequestHandler {
  const { logger, metrics } = runtime;
  // 503s come in floods (an outage, an overload): one line a second with how many, not one per request.
  let unavailableSinceLog = 0;
  let lastUnavailableLog = 0;
  const logUnavailable = (entry: object) => {
    unavailableSinceLog++;
    if (Date.now() - lastUnavailableLog < 1000) return;
    logger.warn({ ...entry, answered503SinceLastLog: unavailableSinceLog }, "answering 503");
    lastUnavailableLog = Date.now();
    unavailableSinceLog = 0;
  };
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const locals = res.locals as AppLocals;
    locals.requestId = requestId;
    locals.logger = logger;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observeRequest(req.path, req.method, res.statusCode, seconds);
      const entry = { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(seconds * 1000) };
      // Production logs stay quiet: every request at debug level, only failures and slow ones above it.
      logContext.run({ reqId: requestId }, () => {
        if (res.statusCode === 503) logUnavailable(entry);
        else if (res.statusCode >= 500) logger.error(entry, "request failed");
        else if (seconds > 1) logger.warn(entry, "slow request");
        else logger.debug(entry, "request");
      });
    });
    logContext.run({ reqId: requestId }, next);
  };
}

/**
 * Prometheus metrics, only when METRICS_TOKEN is set and only to a client that sends it; otherwise the
 * address does not exist (404), so a scanner learns nothing.
 */
function metricsEndpoint(runtime: Runtime): RequestHandler {
  const token = runtime.env.METRICS_TOKEN;
  const expected = token ? createHash("sha256").update(`Bearer ${token}`).digest() : null;
  return async (req, res) => {
    res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
    if (!expected) {
      res.status(404).type("text/plain; charset=utf-8").send("페이지를 찾을 수 없습니다.");
      return;
    }
    const given = createHash("sha256").update(req.get("authorization") ?? "").digest();
    if (!timingSafeEqual(given, expected)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.type("text/plain; charset=utf-8").send("METRICS_TOKEN이 필요합니다.");
      return;
    }
    res.type(runtime.metrics.registry.contentType).send(await runtime.metrics.registry.metrics());
  };
}

/** How long and how much of an unread request body is still read (and discarded) after an early answer. */
const LINGER_MS = 5_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * A response sent before the request body was read (a refused upload, a write without a session, a
 * cross-site write, an overload 503) says `Connection: close`: the connection cannot carry another
 * request. Closing at once would make the kernel reset the connection while the client is still
 * sending, and the client would see EPIPE/ECONNRESET instead of our answer; so the server closes its
 * sending side after the answer and keeps reading (and discarding) the rest of the body, within a time
 * and size bound, before it closes the socket (what nginx calls a lingering close).
 */
const closeAfterUnreadBody: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    // A request without a body is not `complete` until its parser finishes, which comes after the
    // answer when that answer is sent at once (a page-cache hit): only a body can be left unread.
    if (hasBody(req) && !req.complete && !this.headersSent) {
      this.setHeader("Connection", "close");
      // Anonymous requests get less of their unread body read than a signed-in administrator's upload.
      const linger = this.locals as { lingerBytes?: number; lingerRate?: ByteRate };
      lingerBeforeClosing(req, linger.lingerBytes ?? LINGER_BYTES, linger.lingerRate ?? null);
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};

function lingerBeforeClosing(req: ExpressRequest, lingerBytes: number, rate: ByteRate | null) {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (socket.destroyed) return;
  // Node's HTTP server calls destroySoon() once a `Connection: close` answer is written.
  socket.destroySoon = function (this: Socket) {
    if (this.writable) this.end();
    let read = 0;
    const close = () => {
      clearTimeout(timer);
      this.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    this.on("data", (chunk: Buffer) => {
      read += chunk.byteLength;
      if (read > lingerBytes) return close();
      // Anonymous bodies are discarded at their shared read rate: a crowd of them cannot take the CPU.
      if (rate) {
        this.pause();
        void rate.take(chunk.byteLength).then(() => {
          if (!this.destroyed) this.resume();
        });
      }
    });
    if (req.complete) close();
    else req.once("end", close);
    this.once("close", () => clearTimeout(timer));
    req.resume();
  };
}

/** What the pages' policy allows beyond this site: the Kakao map, and the public images' base URL. */
function policyOptions(env: Env) {
  return { kakaoMaps: Boolean(env.KAKAO_MAP_APP_KEY), mediaSource: env.MEDIA_PUBLIC_URL ? `${env.MEDIA_PUBLIC_URL}/` : undefined };
}

/**
 * The site's origin for this request: PUBLIC_ORIGIN when it is set, whatever the proxy in front says
 * (a TLS-terminating proxy without TRUST_PROXY makes every request look like plain http); otherwise the
 * scheme and Host the request came with. Every URL React Router sees, the same-origin check, cookies'
 * `Secure` and HSTS follow it.
 */
function siteOrigin(env: Env, req: ExpressRequest): string {
  return env.PUBLIC_ORIGIN ?? `${req.protocol}://${req.get("host") ?? "localhost"}`;
}

function securityHeaders(runtime: Runtime): RequestHandler {
  const production = runtime.env.NODE_ENV !== "development";
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    (res.locals as AppLocals).cspNonce = nonce;
    if (production) {
      res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, ...policyOptions(runtime.env) }));
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (siteOrigin(runtime.env, req).startsWith("https:")) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/** Refuses state-changing requests sent by a browser from another origin (CSRF), before anything else runs. */
function sameOriginWrites(runtime: Runtime): RequestHandler {
  return (req, res, next) => {
    const foreign = isForeignWrite({
      method: req.method,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      requestOrigin: siteOrigin(runtime.env, req),
      // Allowlisted front ends may write through the API (with a token); never the pages.
      allowedOrigins: req.path.startsWith("/api/") ? runtime.env.CORS_ORIGINS : [],
    });
    if (!foreign) return next();
    (res.locals as AppLocals).logger.warn({ origin: req.get("origin"), url: req.originalUrl }, "cross-site write refused");
    const message = "다른 사이트에서 보낸 요청은 처리할 수 없습니다. 이 사이트에서 다시 시도해 주세요.";
    res.status(403).setHeader("Cache-Control", "no-store");
    if (req.path.startsWith("/api/")) res.json({ error: { code: "forbidden_origin", message } });
    else res.type("text/plain; charset=utf-8").send(message);
  };
}

/**
 * CORS for the JSON API: off unless CORS_ORIGINS lists origins; an allowed origin is echoed exactly,
 * never a wildcard and never an arbitrary origin. No credentials mode: external clients use tokens.
 */
function apiCors(runtime: Runtime): RequestHandler {
  const allowed = new Set(runtime.env.CORS_ORIGINS);
  return (req, res, next) => {
    if (allowed.size > 0) res.vary("Origin");
    const origin = req.get("origin");
    if (origin && allowed.has(origin)) {
      res.setHeader("Access-Control-Allow-Origin", origin);
      if (req.method === "OPTIONS") {
        res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE");
        res.setHeader("Access-Control-Allow-Headers", "Content-Type, Authorization");
        res.setHeader("Access-Control-Max-Age", "600");
      }
    }
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    next();
  };
}

/** /media/*: the public media, from the local folder (express.static) or from the object store. */
function mediaFiles(runtime: Runtime): express.Router {
  const router = express.Router();
  const root = runtime.storage.localRoot;
  if (!root) {
    router.use(storedMediaFiles(runtime.storage, runtime.logger));
  } else {
    router.use(
      express.static(root, {
        index: false,
        dotfiles: "deny",
        redirect: false,
        immutable: true,
        maxAge: "365d",
        fallthrough: false,
        setHeaders(res) {
          res.setHeader("X-Content-Type-Options", "nosniff");
          res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
        },
      }),
    );
  }
  router.use(((error, _req, res, _next) => {
    const status = typeof error?.status === "number" && error.status < 500 ? error.status : 404;
    res.status(status).type("text/plain; charset=utf-8").send("파일을 찾을 수 없습니다.");
  }) satisfies ErrorRequestHandler);
  return router;
}

/** A 503 that tells browsers, clients and proxies to come back shortly. */
function sendUnavailable(runtime: Runtime, req: ExpressRequest, res: ExpressResponse, reason: "overloaded" | "database", retryAfter: number) {
  runtime.metrics.shed.inc({ reason });
  // The API and the Korean pages answer in Korean; the English pages in English.
  const locale = req.path.startsWith("/api/") ? "ko" : localeOfPath(req.path);
  const message = unavailableMessage(locale, reason);
  res.status(503).setHeader("Retry-After", String(retryAfter));
  res.setHeader("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) res.json({ error: { code: reason === "overloaded" ? "overloaded" : "service_unavailable", message } });
  else if (req.accepts(["html", "json"]) === "html") res.type("html").send(serviceUnavailablePage(message, locale));
  else res.type("text/plain; charset=utf-8").send(message);
}

/** React Router's English fallbacks: its last resort, a resource route's error as JSON, its bare refusals. */
function isRouterFallbackBody(text: string): boolean {
  return /^(?:\{"message":"[^"]*"\}|Unexpected Server Error(?:\n[\s\S]*)?|Bad Request|Not Found|Method Not Allowed|Invalid Request|Unknown Server Error)$/.test(text.trim());
}

/**
 * The site's own error answer for `status`: JSON for the API (and JSON clients), the small page in the
 * page's language for browsers, else text. Used where React Router would have answered in English.
 */
function sendSiteError(req: ExpressRequest, res: ExpressResponse, status = 500, allow: string | null = null) {
  const api = req.path.startsWith("/api/");
  const locale = api ? "ko" : localeOfPath(req.path);
  const message = status >= 500 ? serverErrorMessage(locale) : refusalMessage(locale, status, req.method);
  const code = status >= 500 ? "internal_error" : status === 404 ? "not_found" : status === 405 ? "method_not_allowed" : "bad_request";
  res.status(status).setHeader("Cache-Control", "no-store");
  if (allow) res.setHeader("Allow", allow);
  if (api || req.accepts(["html", "json"]) === "json") res.json({ error: { code, message } });
  else if (req.accepts(["html", "text"]) === "html") res.type("html").send(serviceUnavailablePage(message, locale, status));
  else res.type("text/plain; charset=utf-8").send(message);
}

function sendCached(req: ExpressRequest, res: ExpressResponse, entry: CachedResponse, state: "HIT" | "MISS") {
  res.status(entry.status);
  for (const [key, value] of entry.headers) res.setHeader(key, value);
  if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
  res.setHeader("ETag", entry.etag);
  res.setHeader("X-Cache", state);
  res.vary("Accept-Encoding");
  if (etagMatches(req.get("if-none-match"), entry.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = pickEncoding(req.get("accept-encoding"));
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.byteLength));
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/**
 * Sends a whole body once, compressed off the event loop for clients that accept it (main.ts's
 * streaming compression leaves responses that already have a Content-Encoding alone).
 */
async function sendCompressed(req: ExpressRequest, res: ExpressResponse, identity: Buffer, status = 200): Promise<void> {
  const encoding = identity.byteLength >= 1024 ? pickEncoding(req.get("accept-encoding")) : "identity";
  const body = encoding === "identity" ? identity : await compressBody(identity, encoding, "once");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.vary("Accept-Encoding");
  res.status(status).setHeader("Content-Length", String(body.byteLength));
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

function toFetchRequest(env: Env, req: ExpressRequest, res: ExpressResponse, method: string = req.method, rate: ByteRate | null = null): Request {
  const url = new URL(`${siteOrigin(env, req)}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = requestBodyStream(req, rate);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The request body as a web stream. When a handler stops reading it (a refused upload), the rest is
 * drained rather than the request destroyed: destroying it would reset the connection under the
 * client before it reads our answer.
 */
function requestBodyStream(req: ExpressRequest, rate: ByteRate | null): ReadableStream<Uint8Array> {
  const stream = createReadableStreamFromReadable(req);
  const reader = stream.getReader();
  let read = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        // The outer bound holds while reading too (a chunked body declares no length): past it, the
        // route's parser sees a failed body, which it answers as a body it cannot read.
        read += value.byteLength;
        if (read > MAX_REQUEST_BODY_BYTES) {
          controller.error(new Error(`request body over ${MAX_REQUEST_BODY_BYTES} bytes`));
          req.removeAllListeners("data");
          req.resume();
          return;
        }
        // Anonymous bodies share one read rate, so that reading them leaves the CPU to the pages.
        if (rate) await rate.take(value.byteLength);
        controller.enqueue(value);
      },
      cancel() {
        req.removeAllListeners("data");
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The app, its runtime, and the HTTP server's timeouts for main.ts to set on its listener. */
export interface CreatedApp {
  app: express.Express;
  runtime: Runtime;
  serverTimeouts: { headersTimeout: number; requestTimeout: number };
}

let created: Promise<CreatedApp> | undefined;

/**
 * The process's app: starts the runtime (database, migrations, seed) once and builds the Express app
 * around it. With `env`, a separate app with its own runtime (tests run one in-process this way).
 */
export function createApp(options: { env?: Env } = {}): Promise<CreatedApp> {
  if (options.env) return startRuntime(options.env).then(buildApp);
  created ??= (globalThis.__weRuntime ??= startRuntime()).then(buildApp);
  return created;
}

async function buildApp(runtime: Runtime): Promise<CreatedApp> {
  const { env, pageCache, dbHealth } = runtime;
  const cachePolicy = { sharedMaxAge: env.CDN_MAX_AGE, staleWhileRevalidate: env.CDN_STALE_WHILE_REVALIDATE };
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  if (env.TRUST_PROXY) app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));

  app.use(closeAfterUnreadBody);
  app.use(requestIdAndLogging(runtime));
  app.use(securityHeaders(runtime));
  app.use(refuseUnreadableUrls);
  app.use("/api", apiCors(runtime));
  app.use(sameOriginWrites(runtime));
  const bodies = guardRequestBodies({
    sessionSecret: runtime.sessionSecret,
    logger: runtime.logger,
    slots: env.MAX_ANONYMOUS_BODIES,
    slotsPerAddress: env.MAX_ANONYMOUS_BODIES_PER_ADDRESS,
  });
  const anonymousBodyRate = bodies.rate;
  app.use(bodies.middleware);

  app.get("/healthz", async (_req, res) => {
    try {
      await Promise.race([
        runtime.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 2000)),
      ]);
      res.setHeader("Cache-Control", "no-store");
      res.json({ status: "ok", database: runtime.database.engine });
    } catch (error) {
      dbHealth.markDown(error);
      res.status(503).setHeader("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  app.get("/metrics", metricsEndpoint(runtime));
  app.use("/media", mediaFiles(runtime));

  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  const handleRequest = createRequestHandler(build, env.NODE_ENV === "development" ? "development" : "production");
  let inFlight = 0;
  /** Renders of missing cacheable pages under way, by generation and cache key (single flight). */
  const renders = new Map<string, Promise<CachedResponse | null>>();

  const isWholeText = (response: Response) =>
    !response.headers.has("Content-Encoding") && /^(text\/html|text\/x-script|application\/json)\b/.test(response.headers.get("Content-Type") ?? "");
  const isHtml = (response: Response) => (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  /**
   * The policy of a stored public document (page cache, CDN): scripts from this site only. Visitors'
   * pages carry no inline script of the app's (decision 027), so none is allowed: not by a nonce, which
   * a stored page would reuse, and not by hashes of what the page holds, which would also allow a
   * script that got past the sanitizer into content (decision 031).
   */
  const storedDocumentPolicy = contentSecurityPolicy(policyOptions(env));
  /** A public read's answer as shared caches may keep it, or null (not a 200, or it sets a cookie). */
  async function storablePublicRead(response: Response, pathname: string) {
    if (response.status !== 200 || response.headers.has("Set-Cookie") || !response.body) return null;
    const identity = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers.entries()].filter(([key]) => !/^(content-length|content-encoding|etag|cache-control)$/i.test(key));
    headers.push(["Cache-Control", publicCacheControl(cachePolicy, pathname)]);
    return { status: 200, headers, identity, csp: isHtml(response) ? storedDocumentPolicy : null };
  }

  // After a change, the pages visitors were reading are rendered again in the background
  // (page-warmer.server.ts), through the same single flight as visitors' requests.
  runtime.pageWarmer.setRenderer(async (page) => {
    if (!dbHealth.isUp || pageCache.has(page.key)) return;
    const generation = pageCache.generation;
    const flightKey = `${generation}\u0000${page.key}`;
    if (renders.has(flightKey)) return;
    let done!: (entry: CachedResponse | null) => void;
    renders.set(flightKey, new Promise<CachedResponse | null>((resolve) => (done = resolve)));
    let entry: CachedResponse | null = null;
    try {
      const requestId = randomUUID();
      const context = new RouterContextProvider();
      context.set(requestContext, {
        runtime,
        requestId,
        cspNonce: "",
        logger: runtime.logger,
        clientIp: "",
        method: "GET",
        adminSession: async () => null,
        gate: {},
      });
      const response = await logContext.run({ reqId: requestId }, () => handleRequest(new Request(page.url), context));
      const storable = await storablePublicRead(response, new URL(page.url).pathname);
      if (storable) entry = await pageCache.set(page.key, generation, { ...storable, url: page.url });
      else await response.body?.cancel();
    } finally {
      renders.delete(flightKey);
      done(entry);
    }
  });
  const eventLoop = watchEventLoop();
  let shed = 0;
  let lastShedLog = 0;

  app.use(async (req, res, next) => {
    const locals = res.locals as AppLocals;
    const url = new URL(req.originalUrl, "http://localhost");
    // An anonymous public read (page, navigation data, API read, feed): shared caches may keep it.
    const publicRead = isCacheableRequest(req.method, url, req.get("cookie"), req.get("authorization"));
    const cacheable = env.PAGE_CACHE && publicRead;
    const cacheKey = `${req.get("host") ?? ""}${url.pathname}${url.search}`;
    // Single flight: while one request renders a missing page, the others asking for it wait for that
    // render instead of each starting their own (after a write empties the cache, a burst of visitors
    // costs one render per page). Keyed by generation: a request arriving after a change never gets a
    // render that started before it.
    let flight: { key: string; done: (entry: CachedResponse | null) => void } | null = null;
    if (cacheable) {
      const hit = pageCache.get(cacheKey);
      if (hit) return sendCached(req, res, hit, "HIT");
      const flightKey = `${pageCache.generation}\u0000${cacheKey}`;
      const rendering = renders.get(flightKey);
      if (rendering) {
        const entry = await rendering;
        if (entry) return sendCached(req, res, entry, "HIT");
      } else {
        let done!: (entry: CachedResponse | null) => void;
        renders.set(flightKey, new Promise<CachedResponse | null>((resolve) => (done = resolve)));
        flight = { key: flightKey, done };
      }
    }
    const endFlight = (entry: CachedResponse | null) => {
      if (!flight) return;
      renders.delete(flight.key);
      flight.done(entry);
      flight = null;
    };
    try {
      await renderOrRefuse();
    } finally {
      // Whatever happened (refused, an error, not cacheable), the waiting requests are let go.
      endFlight(null);
    }

    async function renderOrRefuse() {
      if (!dbHealth.isUp) return sendUnavailable(runtime, req, res, "database", 5);
      eventLoop.noteRequest();
      // The administrator gets through an overload (publishing a correction during a traffic spike must
      // work); everybody else is told to come back shortly.
      // An anonymous request with a body holds one of its own share of slots (request-limits.server.ts),
      // not one of those pages are read with.
      const ownShare = (res.locals as { anonymousBody?: boolean }).anonymousBody === true;
      const overloaded = (!ownShare && inFlight >= env.MAX_CONCURRENT_REQUESTS) || eventLoop.saturated(env.MAX_EVENT_LOOP_DELAY_MS);
      if (overloaded && !(await hasSignedSessionCookie(runtime.sessionSecret, req.get("cookie")))) {
        // One log line per second at most: a flood must not also flood the logs.
        shed++;
        if (Date.now() - lastShedLog > 1000) {
          locals.logger.warn({ inFlight, eventLoopDelayMs: Math.round(eventLoop.delay()), shedSinceLastLog: shed }, "overloaded: answering 503");
          lastShedLog = Date.now();
          shed = 0;
        }
        return sendUnavailable(runtime, req, res, "overloaded", 1);
      }

      if (!ownShare) inFlight++;
      const generation = pageCache.generation;
      try {
        const context = new RouterContextProvider();
        // A HEAD of a public read is answered from a full render (or the cache), so its headers (ETag,
        // caching) are those of the GET.
        const request = toFetchRequest(env, req, res, publicRead ? "GET" : req.method, ownShare ? anonymousBodyRate : null);
        let session: Promise<AdminSession | null> | undefined;
        context.set(requestContext, {
          runtime,
          requestId: locals.requestId,
          // A stored document carries no nonce (storedDocumentPolicy); one sent once (a 404) carries this one.
          cspNonce: locals.cspNonce,
          logger: locals.logger,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "",
          method: req.method,
          adminSession: () => (session ??= getAdminSession(runtime.db, runtime.sessionSecret, request)),
          gate: {},
        });
        let response = await handleRequest(request, context);
        const { databaseFailure } = context.get(requestContext);
        if (databaseFailure && response.status >= 500) {
          // Gone or too busy: come back shortly, like every other outage path (not an error page).
          await response.body?.cancel();
          return sendUnavailable(runtime, req, res, "database", databaseFailure === "down" ? 5 : 2);
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
        if (storable) {
          const { headers, identity, csp } = storable;
          if (cacheable) {
            const entry = await pageCache.set(cacheKey, generation, { ...storable, url: request.url });
            endFlight(entry);
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

        res.status(response.status);
        // A route's own Content-Security-Policy (a PDF's) replaces the default one rather than adding to it.
        for (const [key, value] of response.headers.entries()) {
          if (key === "content-security-policy") res.setHeader(key, value);
          else res.append(key, value);
        }
        // Someone's own answer is never stored anywhere; other answers keep the route's policy, or are
        // revalidated every time (a 404 must not linger in a CDN once the page exists).
        if (isPersonalRequest(url.pathname, req.get("cookie"), req.get("authorization")) || response.headers.has("Set-Cookie")) {
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
      } catch (error) {
        if (res.destroyed || res.writableEnded) return;
        next(error);
      } finally {
        if (!ownShare) inFlight--;
      }
    }
  });

  app.use(((error, req, res, _next) => {
    (res.locals as AppLocals).logger?.error({ err: error }, "unhandled error");
    if (res.headersSent) return;
    sendSiteError(req, res);
  }) satisfies ErrorRequestHandler);

  return { app, runtime, serverTimeouts: { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS } };
}

/** TRUST_PROXY: "true", a hop count, or a list of addresses/subnets (Express's "trust proxy"). */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
