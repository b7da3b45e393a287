import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { logContext, oncePerSecond, type Logger } from "../platform/logger.server";
import type { Metrics } from "../platform/metrics.server";
import { appLocals } from "./locals.server";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Gives each request an id (the client's X-Request-Id when it is a sane one) and runs the rest of its
 * work inside it, so every log line written for the request carries it (logContext); counts and times
 * the answer for the metrics.
 */
export function requestLog(options: { logger: Logger; metrics: Pick<Metrics, "observeRequest"> }): RequestHandler {
  const { logger, metrics } = options;
  // 503s come in floods (an outage, an overload): one line a second with how many, not one per request.
  const logUnavailable = oncePerSecond<object>((count, entry) => logger.warn({ ...entry, answered503SinceLastLog: count }, "answering 503"));
  return (req, res, next) => {
    const incoming = req.get("x-request-id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const locals = appLocals(res);
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
