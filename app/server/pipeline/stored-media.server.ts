import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { RequestHandler, Response as ExpressResponse } from "express";
import type { Logger } from "../platform/logger.server";
import { MEDIA_CACHE_CONTROL } from "../platform/s3-storage.server";
import { assertStorageKey, contentTypeOfKey, type MediaStorage } from "../platform/storage.server";
import { parseByteRange } from "../route-kit/byte-range.server";
import { etagMatches } from "./http-caching.server";

/**
 * /media/* from a storage that is not a local folder (the object store): the answers express.static
 * gives for the local one (decision 006), so a page cannot tell them apart. The type from the key's
 * extension, `nosniff`, a sandboxing CSP, a year of immutable caching, an ETag answered with 304,
 * one byte range (206/416), HEAD, and a Korean 404 for anything missing.
 *
 * The ETag is made from the key and the size: an object is never rewritten under its key (media keys
 * are random, share images carry their content hash), so they name its bytes, and no object store
 * request beyond HeadObject is needed to answer a revalidation.
 */

const NOT_FOUND = "파일을 찾을 수 없습니다.";

function sendText(res: ExpressResponse, status: number, text: string) {
  res.status(status).type("text/plain; charset=utf-8").send(text);
}

export function storedMediaFiles(storage: MediaStorage, processLogger: Logger): RequestHandler {
  return async (req, res) => {
    // The request's own logger (with its id) when the app's middleware made one.
    const logger = (res.locals as { logger?: Logger }).logger ?? processLogger;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).setHeader("Allow", "GET, HEAD");
      res.setHeader("Content-Length", "0");
      res.end();
      return;
    }
    let key: string;
    try {
      key = assertStorageKey(decodeURIComponent(req.path.slice(1)));
    } catch {
      return sendText(res, 404, NOT_FOUND);
    }
    // Like express.static's `dotfiles: "deny"`: nothing whose name starts with a dot.
    if (key.split("/").some((segment) => segment.startsWith("."))) return sendText(res, 404, NOT_FOUND);

    try {
      const size = await storage.size(key);
      if (size === null) return sendText(res, 404, NOT_FOUND);
      const etag = `"${createHash("sha256").update(key).digest("base64url").slice(0, 16)}-${size.toString(16)}"`;
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
      res.setHeader("ETag", etag);
      res.setHeader("Accept-Ranges", "bytes");
      if (etagMatches(req.get("if-none-match"), etag)) {
        res.status(304).end();
        return;
      }
      // If-Range with another validator: the whole object, as the client's copy is not this one.
      const ifRange = req.get("if-range");
      const range = parseByteRange(ifRange && ifRange !== etag ? null : (req.get("range") ?? null), size);
      if (range === "unsatisfiable") {
        res.setHeader("Content-Range", `bytes */${size}`);
        return sendText(res, 416, "요청한 범위가 파일의 크기를 벗어났습니다.");
      }
      const partial = range !== "full";
      res.status(partial ? 206 : 200);
      res.setHeader("Content-Type", contentTypeOfKey(key));
      res.setHeader("Content-Length", String(partial ? range.end - range.start + 1 : size));
      if (partial) res.setHeader("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
      if (req.method === "HEAD" || size === 0) {
        res.end();
        return;
      }
      const body = await storage.stream(key, partial ? range : undefined);
      if (!body) {
        // Deleted between the two requests.
        res.removeHeader("Content-Range");
        res.removeHeader("ETag");
        res.removeHeader("Cache-Control");
        return sendText(res, 404, NOT_FOUND);
      }
      // A client that goes away ends the pipeline, which cancels the object store's response.
      await pipeline(Readable.fromWeb(body as unknown as NodeWebReadableStream<Uint8Array>), res).catch((error: unknown) => {
        if (!res.destroyed) logger.warn({ err: error, key }, "media: the object store's stream failed");
        res.destroy();
      });
    } catch (error) {
      logger.error({ err: error, key }, "media: the object store did not answer");
      if (res.headersSent) {
        res.destroy();
        return;
      }
      for (const name of ["ETag", "Cache-Control", "Accept-Ranges", "Content-Range"]) res.removeHeader(name);
      res.setHeader("Retry-After", "5");
      res.setHeader("Cache-Control", "no-store");
      sendText(res, 503, "이미지를 잠시 불러올 수 없습니다. 잠시 후 다시 시도해 주세요.");
    }
  };
}
