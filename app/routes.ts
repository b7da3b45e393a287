import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { SITE_ROUTES } from "./domain/site-routes";

// The route table is app/domain/site-routes.ts (spec §2 pages, admin, the JSON API of §7, crawler files).
export default SITE_ROUTES.map((r) => {
  if (r.pattern === "/") return index(r.file);
  return r.id ? route(r.pattern.slice(1), r.file, { id: r.id }) : route(r.pattern.slice(1), r.file);
}) satisfies RouteConfig;
