import type { SiteRoute } from "../../app/domain/site-routes";

/**
 * A route table entry's address with its parameters filled in: `value(name)` gives a parameter's value
 * (records the test planted), or undefined for "1". A parameter the test does not know still gets a
 * value, so a route added tomorrow is asked all the same; a trailing `/*` becomes `/x`.
 */
export function routeAddress(route: SiteRoute, value: (name: string) => string | undefined): string {
  return route.pattern.replace(/:(\w+)\??/g, (_, name: string) => value(name) ?? defaultValue(route, name)).replace(/\/\*$/, "/x");
}

/** A parameter's value the route accepts whatever was planted: the history's subject is a post, the preview's a news post. */
function defaultValue(route: SiteRoute, name: string): string {
  if (name === "subject") return route.pattern.startsWith("/admin/history") ? "post" : "news";
  return "1";
}
