import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { accessOf, ENGLISH_ROUTES, PRIVATE_GATE_FILE, SITE_ROUTES, WORKSPACE_LAYOUT_FILE, type SiteRoute } from "./domain/site-routes";

// The route table is app/domain/site-routes.ts (the pages and admin of requirements R2, the JSON API of R9, crawler files).
const toRoute = (r: SiteRoute) => {
  if (r.pattern === "/") return index(r.file);
  return r.id ? route(r.pattern.slice(1), r.file, { id: r.id }) : route(r.pattern.slice(1), r.file);
};

const isPublic = (r: SiteRoute) => accessOf(r) === "public";

export default [
  ...SITE_ROUTES.filter((r) => isPublic(r)).map(toRoute),
  // The English pages: the same modules under /en (public pages only).
  ...ENGLISH_ROUTES.map(toRoute),
  // Decision 031: every route that does not declare itself public sits under the one gate (a pathless
  // layout whose middleware checks the session or token before anything of the route runs). The
  // workspace's pages share its frame inside it (another pathless layout: their paths stay as written).
  layout(PRIVATE_GATE_FILE, [
    ...SITE_ROUTES.filter((r) => !isPublic(r) && !r.workspace).map(toRoute),
    layout(WORKSPACE_LAYOUT_FILE, SITE_ROUTES.filter((r) => !isPublic(r) && r.workspace).map(toRoute)),
  ]),
] satisfies RouteConfig;
