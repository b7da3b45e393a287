import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { ENGLISH_ROUTES, SITE_ROUTES, WORKSPACE_LAYOUT_FILE, type SiteRoute } from "./domain/site-routes";

// The route table is app/domain/site-routes.ts (spec §2 pages, admin, the JSON API of §7, crawler files).
const toRoute = (r: SiteRoute) => {
  if (r.pattern === "/") return index(r.file);
  return r.id ? route(r.pattern.slice(1), r.file, { id: r.id }) : route(r.pattern.slice(1), r.file);
};

export default [
  ...SITE_ROUTES.filter((r) => !r.workspace).map(toRoute),
  // The English pages (issue 13): the same modules under /en.
  ...ENGLISH_ROUTES.map(toRoute),
  // The workspace's pages share its frame (a pathless layout: their paths stay as written).
  layout(WORKSPACE_LAYOUT_FILE, SITE_ROUTES.filter((r) => r.workspace).map(toRoute)),
] satisfies RouteConfig;
