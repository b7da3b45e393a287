import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../../../app/routes";
import { OPENAPI_DOCUMENT } from "../../../../app/server/api/openapi.server";
import { useAppServer } from "../../../setup/app-server";
import { testEngine } from "../../../setup/test-database";
import { call } from "../../../setup/site-requests";

type RouteEntry = { path?: string; children?: RouteEntry[] };
const METHODS = ["get", "post", "put", "delete"] as const;

function apiRoutePaths(entries: RouteEntry[]): string[] {
  return entries.flatMap((r) => [...(r.path?.startsWith("api/") ? [r.path] : []), ...apiRoutePaths(r.children ?? [])]);
}

describe(`/api/openapi.json stays true (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { signIn: true });

  it("is served, and describes exactly the API routes of the route table", async () => {
    const served = await call(server, { method: "GET", path: "/api/openapi.json" });
    expect(served.status).toBe(200);
    expect(served.body).toEqual(JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)));

    const documented = Object.keys(OPENAPI_DOCUMENT.paths).sort();
    const routed = apiRoutePaths(routes as RouteEntry[])
      .filter((p) => p !== "api/*" && p !== "api/openapi.json")
      .map((p) => `/${p.replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    expect(documented).toEqual(routed);
    // The original's 18 calls (requirements R9): 17 under /api/we plus /api/img.
    expect(documented.filter((p) => p.startsWith("/api/we/"))).toHaveLength(17);
    expect(documented).toContain("/api/img");
  });

  it("each documented method is answered, and each undocumented one is 405 (to a writer: the gate asks who first)", async () => {
    for (const [template, operations] of Object.entries(OPENAPI_DOCUMENT.paths)) {
      const path = template.replace("{name}", encodeURIComponent("없는배우")).replace("{postId}", "999999");
      for (const method of METHODS) {
        const documented = method in operations;
        const result = await call(server, { method: method.toUpperCase(), path, headers: { Origin: "" } });
        if (documented) {
          expect([200, 401, 404], `${method} ${template}`).toContain(result.status);
          const statuses = Object.keys((operations as Record<string, { responses: Record<string, unknown> }>)[method]!.responses);
          expect(statuses, `${method} ${template} answered ${result.status}`).toContain(String(result.status));
        } else {
          // A write route's gate answers a stranger 401 before the method is looked at (decision 031).
          expect([405, 401], `${method} ${template}`).toContain(result.status);
          const asWriter = await call(server, { method: method.toUpperCase(), path, cookie: server.cookie, headers: { Origin: "" } });
          expect(asWriter.status, `${method} ${template} as a writer`).toBe(405);
        }
      }
    }
  });
});
