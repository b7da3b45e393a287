import type { RequestHandler } from "express";
import type { Env } from "../platform/env.server";
import { isForeignWrite } from "./cross-site-writes.server";
import { appLocals, siteOrigin } from "./locals.server";

/** Refuses state-changing requests sent by a browser from another origin (CSRF), before anything else runs. */
export function sameOriginWrites(env: Pick<Env, "PUBLIC_ORIGIN" | "CORS_ORIGINS">): RequestHandler {
  return (req, res, next) => {
    const foreign = isForeignWrite({
      method: req.method,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      requestOrigin: siteOrigin(env, req),
      // Allowlisted front ends may write through the API (with a token); never the pages.
      allowedOrigins: req.path.startsWith("/api/") ? env.CORS_ORIGINS : [],
    });
    if (!foreign) return next();
    appLocals(res).logger.warn({ origin: req.get("origin"), url: req.originalUrl }, "cross-site write refused");
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
export function apiCors(env: Pick<Env, "CORS_ORIGINS">): RequestHandler {
  const allowed = new Set(env.CORS_ORIGINS);
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
