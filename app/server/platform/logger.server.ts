import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type Logger } from "pino";

export type { Logger };

/**
 * The request whose work is running: set around each request, so every log line written while it is
 * handled (a use case's, the database layer's, a storage error's) carries its id without the logger
 * being handed down. Work started by a request but outliving it (a background purge) keeps the id too.
 */
export const logContext = new AsyncLocalStorage<{ reqId: string }>();

/** Structured JSON logs on stdout. Secrets never go in: cookies and auth headers are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "we-entertainment" },
    mixin() {
      const context = logContext.getStore();
      return context ? { reqId: context.reqId } : {};
    },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
      censor: "[redacted]",
    },
  });
}
