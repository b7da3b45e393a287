import type { SiteRoute } from "../../app/domain/site-routes";

/**
 * A route table entry's address with its parameters filled in from `values` (records the test planted).
 * A parameter the test does not name still gets a value ("1"), so a route added tomorrow is asked all
 * the same; a trailing `/*` becomes `/x`.
 */
export function routeAddress(route: SiteRoute, values: Readonly<Record<string, string>>): string {
  return route.pattern.replace(/:(\w+)\??/g, (_, name: string) => values[name] ?? defaultValue(route, name)).replace(/\/\*$/, "/x");
}

/** A parameter's value the route accepts whatever was planted: the history's subject is a post, the preview's a news post. */
function defaultValue(route: SiteRoute, name: string): string {
  if (name === "subject") return route.pattern.startsWith("/admin/history") ? "post" : "news";
  return "1";
}
