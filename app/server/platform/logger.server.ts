import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type DestinationStream, type Logger } from "pino";
import { redactCredentials } from "../../domain/site-routes";

export type { Logger };

/**
 * The request whose work is running: set around each request, so every log line written while it is
 * handled (a use case's, the database layer's, a storage error's) carries its id without the logger
 * being handed down. Work started by a request but outliving it (a background purge) keeps the id too.
 */
export const logContext = new AsyncLocalStorage<{ reqId: string }>();

/**
 * Structured JSON logs on stdout. Secrets never go in: cookies, auth headers and passwords are
 * redacted by field, and every line, whole, passes through `redactCredentials` on its way out, so a
 * credential in an address (an invitation's or a casting package's token, any route that declares
 * one) is replaced wherever the address stands: a request's url, a referer, an error's message or
 * stack, a child logger's bindings (decision 053). `destination`: stdout unless given (tests keep the lines).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    hooks: { streamWrite: redactCredentials },
    base: { service: "we-entertainment" },
    mixin() {
      const context = logContext.getStore();
      return context ? { reqId: context.reqId } : {};
    },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "password", "*.password"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * For events that come in floods (503s in an outage, refusals under an attack): `note` counts each one
 * and `write` runs at most once a second with how many it stands for. What comes within the second after
 * a line is written by a timer at the second's end, so the last burst of a flood is never left uncounted.
 */
export function oncePerSecond<Entry>(write: (count: number, latest: Entry) => void): (entry: Entry) => void {
  let count = 0;
  let lastWritten = 0;
  let latest: Entry;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    if (count === 0) return;
    const n = count;
    count = 0;
    lastWritten = Date.now();
    write(n, latest);
  };
  return (entry) => {
    count++;
    latest = entry;
    const wait = lastWritten + 1000 - Date.now();
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait).unref();
  };
}
