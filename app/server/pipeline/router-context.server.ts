import { RouterContextProvider } from "react-router";
import type { Runtime } from "../composition/runtime.server";
import { requestContext, type RequestContext } from "../route-kit/context.server";

/** What differs between requests; the private gate's record starts empty for every one. */
export type RequestFacts = Omit<RequestContext, "runtime" | "gate" | "databaseFailure">;

/** The context React Router hands to loaders, actions and the document for one request. */
export function routerContext(runtime: Runtime, facts: RequestFacts): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, { runtime, ...facts, gate: {} });
  return context;
}

/** The facts of a request nobody sent: a page rendered in the background, as an anonymous visitor would see it. */
export function anonymousVisit(requestId: string, logger: RequestContext["logger"]): RequestFacts {
  return { requestId, cspNonce: "", logger, clientIp: "", method: "GET", staffSession: async () => null };
}
