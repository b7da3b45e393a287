import { pino, type Logger } from "pino";

export type { Logger };

/** Structured JSON logs on stdout. Secrets never go in: cookies and auth headers are redacted. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "we-entertainment" },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
      censor: "[redacted]",
    },
  });
}
