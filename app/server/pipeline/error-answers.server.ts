import type { ErrorRequestHandler, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { localeOfPath } from "../../domain/locale";
import type { Metrics } from "../platform/metrics.server";
import { refusalMessage, serverErrorMessage, serviceUnavailablePage, unavailableMessage } from "./unavailable-page.server";
import { appLocals } from "./locals.server";

/** A 503 that tells browsers, clients and proxies to come back shortly (counted as shed work). */
export function sendUnavailable(
  shed: Metrics["shed"],
  req: ExpressRequest,
  res: ExpressResponse,
  reason: "overloaded" | "database",
  retryAfter: number,
) {
  shed.inc({ reason });
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
export function isRouterFallbackBody(text: string): boolean {
  return /^(?:\{"message":"[^"]*"\}|Unexpected Server Error(?:\n[\s\S]*)?|Bad Request|Not Found|Method Not Allowed|Invalid Request|Unknown Server Error)$/.test(text.trim());
}

/**
 * The site's own error answer for `status`: JSON for the API (and JSON clients), the small page in the
 * page's language for browsers, else text. Used where React Router would have answered in English.
 */
export function sendSiteError(req: ExpressRequest, res: ExpressResponse, status = 500, allow: string | null = null) {
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

/** The last handler: an error nothing else answered is logged with the request's id and answered as a 500. */
export const unhandledErrors: ErrorRequestHandler = (error, req, res, _next) => {
  appLocals(res).logger?.error({ err: error }, "unhandled error");
  if (res.headersSent) return;
  sendSiteError(req, res);
};
