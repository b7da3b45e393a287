import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { etagMatches } from "./http-caching.server";
import { compressBody, pickEncoding, type CachedResponse } from "./page-cache-store.server";

/** Answers from a stored response: its headers and validator, the body in the encoding the client takes. */
export function sendCached(req: ExpressRequest, res: ExpressResponse, entry: CachedResponse, state: "HIT" | "MISS") {
  res.status(entry.status);
  for (const [key, value] of entry.headers) res.setHeader(key, value);
  if (entry.csp) res.setHeader("Content-Security-Policy", entry.csp);
  res.setHeader("ETag", entry.etag);
  res.setHeader("X-Cache", state);
  res.vary("Accept-Encoding");
  if (etagMatches(req.get("if-none-match"), entry.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = pickEncoding(req.get("accept-encoding"));
  const body = encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.byteLength));
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

/**
 * Sends a whole body once, compressed off the event loop for clients that accept it (main.ts's
 * streaming compression leaves responses that already have a Content-Encoding alone).
 */
export async function sendCompressed(req: ExpressRequest, res: ExpressResponse, identity: Buffer, status = 200): Promise<void> {
  const encoding = identity.byteLength >= 1024 ? pickEncoding(req.get("accept-encoding")) : "identity";
  const body = encoding === "identity" ? identity : await compressBody(identity, encoding, "once");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.vary("Accept-Encoding");
  res.status(status).setHeader("Content-Length", String(body.byteLength));
  if (req.method === "HEAD") res.end();
  else res.end(body);
}
