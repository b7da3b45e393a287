import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { type ByteRate, MAX_REQUEST_BODY_BYTES } from "./request-limits.server";

/**
 * The Express request as the Fetch request React Router reads, at the site's origin; aborted when the
 * client goes away before the answer is written.
 */
export function toFetchRequest(origin: string, req: ExpressRequest, res: ExpressResponse, method: string = req.method, rate: ByteRate | null = null): Request {
  const url = new URL(`${origin}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(key, value);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method, headers, signal: controller.signal };
  if (method !== "GET" && method !== "HEAD") {
    init.body = requestBodyStream(req, rate);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * The request body as a web stream. When a handler stops reading it (a refused upload), the rest is
 * drained rather than the request destroyed: destroying it would reset the connection under the
 * client before it reads our answer.
 */
function requestBodyStream(req: ExpressRequest, rate: ByteRate | null): ReadableStream<Uint8Array> {
  const stream = createReadableStreamFromReadable(req);
  const reader = stream.getReader();
  let read = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        // The outer bound holds while reading too (a chunked body declares no length): past it, the
        // route's parser sees a failed body, which it answers as a body it cannot read.
        read += value.byteLength;
        if (read > MAX_REQUEST_BODY_BYTES) {
          controller.error(new Error(`request body over ${MAX_REQUEST_BODY_BYTES} bytes`));
          req.removeAllListeners("data");
          req.resume();
          return;
        }
        // Anonymous bodies share one read rate, so that reading them leaves the CPU to the pages.
        if (rate) await rate.take(value.byteLength);
        controller.enqueue(value);
      },
      cancel() {
        req.removeAllListeners("data");
        req.resume();
      },
    },
    { highWaterMark: 0 },
  );
}
