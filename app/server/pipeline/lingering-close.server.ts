import type { Socket } from "node:net";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { type ByteRate, hasBody } from "./request-limits.server";
import { appLocals } from "./locals.server";

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
export const closeAfterUnreadBody: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<typeof writeHead>) {
    // A request without a body is not `complete` until its parser finishes, which comes after the
    // answer when that answer is sent at once (a page-cache hit): only a body can be left unread.
    if (hasBody(req) && !req.complete && !this.headersSent) {
      this.setHeader("Connection", "close");
      // Anonymous requests get less of their unread body read than a signed-in administrator's upload.
      const linger = appLocals(this);
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
