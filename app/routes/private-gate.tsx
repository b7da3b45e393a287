import { Outlet } from "react-router";
import type { Route } from "./+types/private-gate";
import { privateGate } from "../server/route-kit/access-gate.server";

/**
 * The private site's gate (decision 031): every route that does not declare itself public in
 * app/domain/site-routes.ts is nested under this pathless layout by app/routes.ts, and its middleware
 * checks the session (or the API token) before any loader, action or body parser of the route runs.
 */
export const middleware: Route.MiddlewareFunction[] = [privateGate];

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function PrivateArea() {
  return <Outlet />;
}
