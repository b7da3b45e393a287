import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type busboy from "busboy";

/**
 * Reading a request's form body with busboy, as it arrives, with limits: the one multipart parser of the
 * app (decision 059). The route kit's forms (route-kit/uploads.server.ts) and the audition form
 * (auditions/application-upload.server.ts) build their parsers on it.
 */

/** A request body we refuse, with the HTTP status and the Korean message to show. */
export class RequestBodyError extends Error {
  override name = "RequestBodyError";
  constructor(
    readonly status: 400 | 413 | 415,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const MALFORMED_BODY_MESSAGE = "요청 본문을 읽을 수 없습니다. 다시 시도해 주세요.";
export const malformedBody = () => new RequestBodyError(400, "malformed_body", MALFORMED_BODY_MESSAGE);

/** How busboy names a part whose header block it could not read (over 16 KB, a control character, or not header lines). */
const MALFORMED_PART_HEADER = "Malformed part header";

/** A request body on its way through a busboy parser. */
export interface FormBodyStream {
  /** Resolves when the parser has read the whole body; rejects with the first failure, as a RequestBodyError. */
  readonly done: Promise<void>;
  /** Stops reading: the parser is destroyed, the rest of the body left unread, and `done` rejects with `error` (the first one wins). */
  abort(error: RequestBodyError): void;
}

/**
 * Feeds a request's body to a busboy parser. Fails with a 400 when the parser finds the body malformed
 * or the body breaks off (the client went away, or the body time limits cut it), with `tooLarge()` when
 * more than `maxBytes` arrive, and, with `firstPartWithin`, when no part has begun within that many
 * bytes: a form's first part starts within a few bytes, and the parser would otherwise scan a whole
 * large body for a boundary that never comes.
 */
export function streamFormBody(
  request: Request,
  parser: busboy.Busboy,
  options: { maxBytes?: number; tooLarge?: () => RequestBodyError; firstPartWithin?: { bytes: number; seen: () => boolean } } = {},
): FormBodyStream {
  if (!request.body) throw malformedBody();
  const body = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>);
  let failed = false;
  let settle!: { resolve: () => void; reject: (error: RequestBodyError) => void };
  const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Stops reading without cancelling the body: cancelling would destroy the connection's request, and
  // with it the answer; the server closes a connection whose body was left unread (Connection: close).
  const abort = (error: RequestBodyError) => {
    if (failed) return;
    failed = true;
    settle.reject(error);
    body.unpipe(parser);
    body.off("data", count);
    body.pause();
    parser.destroy();
  };
  parser.on("error", (error: Error) =>
    abort(
      error.message === MALFORMED_PART_HEADER
        ? new RequestBodyError(400, "malformed_part_header", "입력 항목의 머리글을 읽을 수 없습니다. 파일 이름이 아주 길거나 특수 문자가 들어 있다면 바꿔서 다시 보내 주세요.")
        : malformedBody(),
    ),
  );
  parser.on("close", () => {
    if (!failed) settle.resolve();
  });
  body.on("error", () => abort(malformedBody()));
  body.pipe(parser);
  // Listened to after the pipe, so the parser has seen the bytes counted so far.
  let received = 0;
  function count(chunk: Buffer) {
    received += chunk.byteLength;
    if (options.maxBytes !== undefined && received > options.maxBytes) return abort(options.tooLarge?.() ?? malformedBody());
    const first = options.firstPartWithin;
    if (first && received - chunk.byteLength > first.bytes && !first.seen()) abort(malformedBody());
  }
  body.on("data", count);
  return { done, abort };
}
