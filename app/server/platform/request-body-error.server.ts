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
