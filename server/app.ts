/**
 * The Express application around React Router, bundled by Vite as the server build's entry.
 * server.ts (the process entry) imports `createApp` from the build and listens.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { createRequestHandler } from "@react-router/express";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider } from "react-router";
import { requestContext } from "../app/server/context.server";
import type { Logger } from "../app/server/logger.server";
import { startRuntime, type Runtime } from "../app/server/runtime.server";
import { isForeignWrite } from "../app/server/origin-check.server";
import { contentSecurityPolicy } from "../app/server/security-headers.server";

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

function requestIdAndLogging(runtime: Runtime): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const logger = runtime.logger.child({ reqId: requestId });
    const locals = res.locals as AppLocals;
    locals.requestId = requestId;
    locals.logger = logger;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const entry = { method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms) };
      // Production logs stay quiet: every request at debug level, only failures and slow ones above it.
      if (res.statusCode >= 500) logger.error(entry, "request failed");
      else if (ms > 1000) logger.warn(entry, "slow request");
      else logger.debug(entry, "request");
    });
    next();
  };
}

function securityHeaders(runtime: Runtime): RequestHandler {
  const production = runtime.env.NODE_ENV !== "development";
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    (res.locals as AppLocals).cspNonce = nonce;
    if (production) {
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy({ nonce, kakaoMaps: Boolean(runtime.env.KAKAO_MAP_APP_KEY) }),
      );
    }
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
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
      requestOrigin: `${req.protocol}://${req.get("host") ?? ""}`,
      publicOrigin: runtime.env.PUBLIC_ORIGIN,
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

function mediaFiles(runtime: Runtime): express.Router {
  const router = express.Router();
  const root = runtime.storage.localRoot;
  if (root) {
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

let created: Promise<{ app: express.Express; runtime: Runtime }> | undefined;

/** Starts the runtime (database, migrations, seed) once and builds the Express app around it. */
export function createApp(): Promise<{ app: express.Express; runtime: Runtime }> {
  created ??= buildApp();
  return created;
}

async function buildApp(): Promise<{ app: express.Express; runtime: Runtime }> {
  globalThis.__weRuntime ??= startRuntime();
  const runtime = await globalThis.__weRuntime;
  const app = express();
  app.disable("x-powered-by");
  if (runtime.env.TRUST_PROXY) app.set("trust proxy", parseTrustProxy(runtime.env.TRUST_PROXY));

  app.use(requestIdAndLogging(runtime));
  app.use(securityHeaders(runtime));
  app.use("/api", apiCors(runtime));
  app.use(sameOriginWrites(runtime));

  app.get("/healthz", async (_req, res) => {
    try {
      await Promise.race([
        runtime.database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 2000)),
      ]);
      res.setHeader("Cache-Control", "no-store");
      res.json({ status: "ok", database: runtime.database.engine });
    } catch (error) {
      (res.locals as AppLocals).logger.error({ err: error }, "health check failed");
      res.status(503).setHeader("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  });

  app.use("/media", mediaFiles(runtime));

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      getLoadContext(req, res) {
        const locals = res.locals as AppLocals;
        const context = new RouterContextProvider();
        context.set(requestContext, {
          runtime,
          requestId: locals.requestId,
          cspNonce: locals.cspNonce,
          logger: locals.logger,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "",
          method: req.method,
        });
        return context;
      },
    }),
  );

  app.use(((error, _req, res, _next) => {
    (res.locals as AppLocals).logger?.error({ err: error }, "unhandled error");
    if (res.headersSent) return;
    res.status(500).type("text/plain; charset=utf-8").send("일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.");
  }) satisfies ErrorRequestHandler);

  return { app, runtime };
}

/** TRUST_PROXY: "true", a hop count, or a list of addresses/subnets (Express's "trust proxy"). */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
