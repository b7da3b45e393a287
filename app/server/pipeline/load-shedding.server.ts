import type { RequestHandler } from "express";
import { hasSignedSessionCookie } from "../auth/sessions.server";
import { oncePerSecond, type Logger } from "../platform/logger.server";
import type { Metrics } from "../platform/metrics.server";
import type { EventLoopWatch } from "./overload.server";
import { sendUnavailable } from "./error-answers.server";
import { appLocals } from "./locals.server";

/**
 * In front of the render: a database known to be down is answered 503 at once; an overloaded server
 * (too many renders in flight, or an event loop kept behind by requests) tells everybody but the
 * administrator to come back shortly. Publishing a correction during a traffic spike must work.
 */
export function loadShedding(options: {
  maxConcurrent: number;
  maxEventLoopDelayMs: number;
  eventLoop: EventLoopWatch;
  dbHealth: { readonly isUp: boolean };
  sessionSecret: string;
  shed: Metrics["shed"];
}): RequestHandler {
  const { eventLoop, dbHealth, shed } = options;
  let inFlight = 0;
  // One log line per second at most, with how many it stands for: a flood must not also flood the logs.
  const logShed = oncePerSecond<Logger>((count, logger) =>
    logger.warn({ inFlight, eventLoopDelayMs: Math.round(eventLoop.delay()), shedSinceLastLog: count }, "overloaded: answering 503"),
  );
  return async (req, res, next) => {
    if (!dbHealth.isUp) return sendUnavailable(shed, req, res, "database", 5);
    eventLoop.noteRequest();
    // An anonymous request with a body holds one of its own share of slots (request-limits.server.ts),
    // not one of those pages are read with.
    const ownShare = appLocals(res).anonymousBody === true;
    const overloaded = (!ownShare && inFlight >= options.maxConcurrent) || eventLoop.saturated(options.maxEventLoopDelayMs);
    if (overloaded && !(await hasSignedSessionCookie(options.sessionSecret, req.get("cookie")))) {
      logShed(appLocals(res).logger);
      return sendUnavailable(shed, req, res, "overloaded", 1);
    }
    if (!ownShare) {
      inFlight++;
      res.once("close", () => inFlight--);
    }
    next();
  };
}
