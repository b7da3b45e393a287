import type { Socket } from "node:net";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { localeOfPath, type Locale } from "../../domain/locale";
import { hasSignedSessionCookie } from "../auth/sessions.server";
import { oncePerSecond, type Logger } from "../platform/logger.server";
import { serviceUnavailablePage } from "./unavailable-page.server";

/**
 * What a request may cost the server before anything of the app runs (decision 036; docs/security.md
 * lists every limit with its reason). Each route's own parser has a tighter limit that fits its purpose
 * (sign-in 8 KB, the API's JSON 1 MB, images 15 MB, an audition 275 MB); these are the outer bounds and
 * the shares, so that no anonymous client can hold the server's memory, its request slots or its time.
 */

/** No request body is larger: the largest legitimate one is an audition application (~275 MB). */
export const MAX_REQUEST_BODY_BYTES = 300 * 1024 * 1024;
/** A body that says it is at most this large is small (a sign-in, a form without files)... */
export const SMALL_BODY_BYTES = 64 * 1024;
/** ...and must have arrived whole within this time. */
export const SMALL_BODY_TIME_MS = 15_000;
/** Any body must keep arriving at least this fast, averaged over each window after the first. */
export const MIN_BODY_BYTES_PER_WINDOW = 16 * 1024;
export const BODY_RATE_WINDOW_MS = 15_000;
/** Request headers must have arrived within this time (Node's headersTimeout, set in main.ts). */
export const HEADERS_TIMEOUT_MS = 15_000;
/** The whole request, for the slowest legitimate upload (a 275 MB video at ~80 KB/s). */
export const REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * Requests that send a body without a signed session cookie (a sign-in, an audition application, an
 * API client with a token, a stranger) have their own slots: at most this many at once in all, and per
 * client address (env MAX_ANONYMOUS_BODIES, MAX_ANONYMOUS_BODIES_PER_ADDRESS). They do not take the
 * slots pages are read with, so a flood of slow or huge anonymous bodies leaves every page answering.
 */
export const ANONYMOUS_BODY_SLOTS = 16;
export const ANONYMOUS_BODY_SLOTS_PER_ADDRESS = 3;

/**
 * After an early answer, how much of an anonymous request's unread body is still read and discarded
 * (so that its client, still sending, gets to read the answer rather than a reset: an API client's
 * refused 8 MB upload must see its 401), at the anonymous bodies' shared rate, for at most 5 s.
 */
export const ANONYMOUS_LINGER_BYTES = 16 * 1024 * 1024;

export function hasBody(req: ExpressRequest): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

function declaredLength(req: ExpressRequest): number | null {
  const header = req.headers["content-length"];
  if (header === undefined || !/^\d+$/.test(header)) return null;
  return Number(header);
}

const MESSAGES: Record<Locale, { tooLarge: string; busy: string; slow: string; url: string; method: string }> = {
  ko: {
    method: "이 주소에서는 받을 수 없는 요청 방식입니다.",
    tooLarge: "보낸 내용이 너무 큽니다.",
    busy: "지금 파일이나 양식을 보내는 요청이 많아 받지 못했습니다. 잠시 후 다시 보내 주세요.",
    slow: "보내는 속도가 너무 느려 요청을 끝까지 받지 못했습니다. 연결을 확인한 뒤 다시 보내 주세요.",
    url: "주소에 쓸 수 없는 문자가 들어 있습니다. 주소를 확인해 주세요.",
  },
  en: {
    method: "This address does not accept that request method.",
    tooLarge: "What you sent is too large.",
    busy: "We are receiving too many uploads right now. Please send it again in a moment.",
    slow: "The upload was too slow to finish. Please check your connection and try again.",
    url: "The address contains characters that cannot be used. Please check it.",
  },
};

/** A refusal before the app ran: JSON for the API, the site's small page for browsers, else text. */
export function sendRefusal(req: ExpressRequest, res: ExpressResponse, status: number, kind: keyof (typeof MESSAGES)["ko"], headers: Record<string, string> = {}) {
  const api = req.path.startsWith("/api/");
  const locale = api ? "ko" : localeOfPath(req.path);
  const message = MESSAGES[locale][kind];
  res.status(status).setHeader("Cache-Control", "no-store");
  for (const [key, value] of Object.entries(headers)) res.setHeader(key, value);
  const code = { tooLarge: "payload_too_large", busy: "too_many_uploads", slow: "request_timeout", url: "invalid_url", method: "method_not_allowed" }[kind];
  if (api) res.json({ error: { code, message } });
  else if (req.accepts(["html", "json"]) === "html") res.type("html").send(serviceUnavailablePage(message, locale, status));
  else res.type("text/plain; charset=utf-8").send(message);
}

/** What the site answers at all: GET, HEAD and the methods of React Router actions (POST, PUT, PATCH, DELETE); the API also CORS preflights. */
const PAGE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
const API_METHODS = [...PAGE_METHODS, "OPTIONS"];

/**
 * Refuses requests that cannot mean anything before any route sees them: a request target that is not a
 * path (`*`, or a proxy's absolute form, which made React Router answer 500), a method the site does not
 * speak (TRACE, PROPFIND; OPTIONS outside the API, where React Router answered in English), a path or
 * query that is not valid percent-encoded UTF-8, or that holds U+0000 (PostgreSQL cannot store it; it
 * answered 500).
 */
export const refuseUnreadableUrls: RequestHandler = (req, res, next) => {
  const url = req.originalUrl;
  if (!url.startsWith("/")) return sendRefusal(req, res, 400, "url");
  const allowed = req.path.startsWith("/api/") ? API_METHODS : PAGE_METHODS;
  if (!allowed.includes(req.method)) return sendRefusal(req, res, 405, "method", { Allow: allowed.join(", ") });
  const query = url.indexOf("?");
  try {
    const path = decodeURIComponent(query === -1 ? url : url.slice(0, query));
    const search = query === -1 ? "" : decodeURIComponent(url.slice(query + 1).replaceAll("+", " "));
    if (!path.includes("\0") && !search.includes("\0")) return next();
  } catch {
    // Not UTF-8, or a stray "%": refused below.
  }
  sendRefusal(req, res, 400, "url");
};

/**
 * How fast anonymous bodies are read, all together (per app server): parsing and storing them must
 * leave the CPU to the pages. 16 MB/s takes a 200 MB audition video in under 15 s.
 */
export const ANONYMOUS_BODY_BYTES_PER_SECOND = 16 * 1024 * 1024;

/**
 * A token bucket of bytes: `take` resolves once the bytes fit in the rate, so a reader that waits on
 * it stops reading (and TCP slows its sender down) instead of the server spending its CPU on them.
 */
export class ByteRate {
  private tokens: number;
  private last = performance.now();
  constructor(
    private readonly bytesPerSecond: number,
    private readonly burst: number = bytesPerSecond / 8,
  ) {
    this.tokens = burst;
  }

  async take(bytes: number): Promise<void> {
    for (;;) {
      const now = performance.now();
      this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.bytesPerSecond);
      this.last = now;
      if (this.tokens >= Math.min(bytes, this.burst)) {
        this.tokens -= bytes;
        return;
      }
      const waitMs = ((Math.min(bytes, this.burst) - this.tokens) / this.bytesPerSecond) * 1000;
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.ceil(waitMs))));
    }
  }
}

/** The counters of the anonymous bodies' slots (one per app server). */
export interface AnonymousBodySlots {
  readonly inUse: number;
  inUseBy(address: string): number;
}

/**
 * The body guard, in front of every route: a declared body above the outer limit is refused before a
 * byte is read; a body without a signed session cookie takes one of the anonymous slots or is refused
 * at once (503, Retry-After); every body is held to the minimum rate and small bodies to their time
 * limit, and a body the app stops reading early is discarded within a bound.
 */
export function guardRequestBodies(options: { sessionSecret: string; logger: Logger; slots?: number; slotsPerAddress?: number }): {
  middleware: RequestHandler;
  slots: AnonymousBodySlots;
  /** The anonymous bodies' shared read rate (their reading, and the discarding of what is left unread). */
  rate: ByteRate;
} {
  const rate = new ByteRate(ANONYMOUS_BODY_BYTES_PER_SECOND);
  const total = options.slots ?? ANONYMOUS_BODY_SLOTS;
  const perAddress = options.slotsPerAddress ?? ANONYMOUS_BODY_SLOTS_PER_ADDRESS;
  let inUse = 0;
  const byAddress = new Map<string, number>();
  const logRefusals = oncePerSecond<{ logger: Logger; address: string }>((refused, { logger, address }) =>
    logger.warn({ refused, inUse, address }, "anonymous request bodies over their share: answering 503"),
  );

  const middleware: RequestHandler = async (req, res, next) => {
    if (!hasBody(req)) return next();
    const locals = res.locals as { anonymousBody?: boolean; lingerBytes?: number; lingerRate?: ByteRate };
    const signedIn = await hasSignedSessionCookie(options.sessionSecret, req.get("cookie"));
    // Whatever happens to an anonymous body from here on, what is left unread is discarded within bounds.
    if (!signedIn) {
      locals.lingerBytes = ANONYMOUS_LINGER_BYTES;
      locals.lingerRate = rate;
    }
    const declared = declaredLength(req);
    if (declared !== null && declared > MAX_REQUEST_BODY_BYTES) return sendRefusal(req, res, 413, "tooLarge");
    if (!signedIn) {
      const address = req.ip ?? req.socket.remoteAddress ?? "";
      if (inUse >= total || (byAddress.get(address) ?? 0) >= perAddress) {
        logRefusals({ logger: options.logger, address });
        return sendRefusal(req, res, 503, "busy", { "Retry-After": "5" });
      }
      inUse++;
      byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
      locals.anonymousBody = true;
      res.once("close", () => {
        inUse--;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left <= 0) byAddress.delete(address);
        else byAddress.set(address, left);
      });
    }
    watchBodyRate(req, res, declared);
    next();
  };
  return {
    middleware,
    rate,
    slots: {
      get inUse() {
        return inUse;
      },
      inUseBy: (address) => byAddress.get(address) ?? 0,
    },
  };
}

/**
 * Cuts a request whose body arrives too slowly: a small body must be whole within SMALL_BODY_TIME_MS;
 * any body must deliver MIN_BODY_BYTES_PER_WINDOW in each BODY_RATE_WINDOW_MS after the first. A window
 * in which the app itself was not reading (the body waiting in the request's buffer) does not count
 * against the client. The socket's own byte count is read, so the stream's flow is left alone.
 */
function watchBodyRate(req: ExpressRequest, res: ExpressResponse, declared: number | null) {
  const socket: Socket = req.socket;
  const started = Date.now();
  let windowStart = socket.bytesRead;
  const cut = (reason: string) => {
    clearInterval(timer);
    (res.locals as { logger?: Logger }).logger?.warn({ url: req.originalUrl, reason, bytesRead: socket.bytesRead }, "request body too slow: connection cut");
    if (!res.headersSent) {
      res.setHeader("Connection", "close");
      sendRefusal(req, res, 408, "slow");
      // The rest of the body is not waited for.
      res.once("finish", () => socket.destroy());
    } else socket.destroy();
  };
  const small = declared !== null && declared <= SMALL_BODY_BYTES;
  const timer = setInterval(
    () => {
      if (req.complete || socket.destroyed) return clearInterval(timer);
      const elapsed = Date.now() - started;
      if (small && elapsed >= SMALL_BODY_TIME_MS) return cut("small body not whole in time");
      if (elapsed < BODY_RATE_WINDOW_MS) return;
      const arrived = socket.bytesRead - windowStart;
      windowStart = socket.bytesRead;
      const appWasReading = req.readableLength === 0;
      if (appWasReading && arrived < MIN_BODY_BYTES_PER_WINDOW) cut("below the minimum rate");
    },
    small ? SMALL_BODY_TIME_MS : BODY_RATE_WINDOW_MS,
  );
  timer.unref();
  req.once("end", () => clearInterval(timer));
  res.once("close", () => clearInterval(timer));
}
