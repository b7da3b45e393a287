import type { Route } from "./+types/robots";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadRobots } from "./robots.server";

/** Every admin address of the route table and the JSON API are not for crawlers. */
export function loader({ context, request }: Route.LoaderArgs) {
  return loadRobots(getRequestContext(context), request);
}
