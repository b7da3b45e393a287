import { createContext, type RouterContextProvider } from "react-router";
import type { SignedInStaff } from "../auth/sessions.server";
import type { Logger } from "../platform/logger.server";
import type { Runtime } from "../composition/runtime.server";
import type { GatePass } from "./access-gate.server";

/** Per-request values handed from the Express server to loaders, actions and the document. */
export interface RequestContext {
  runtime: Runtime;
  requestId: string;
  /** Nonce of this response's Content-Security-Policy, for inline scripts ("" on public reads: hashes instead). */
  cspNonce: string;
  logger: Logger;
  /** The client's address (behind a proxy only when TRUST_PROXY says so). */
  clientIp: string;
  /** The HTTP method the client used (loaders rendering after an action get a GET copy of the request). */
  method: string;
  /** The signed-in administrator of this request, or null; looked up once per request. */
  staffSession(): Promise<SignedInStaff | null>;
  /** What the private gate proved for this request (access-gate.server.ts); empty on public routes. */
  gate: GatePass;
  /**
   * Set when a database call of this request failed for the database's sake (gone, or too busy to
   * answer in time): the server answers 503 with Retry-After instead of an error page (decision 036).
   */
  databaseFailure?: "down" | "busy";
}

export const requestContext = createContext<RequestContext>();

export function getRequestContext(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}
