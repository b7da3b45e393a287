import { describe, expect, it } from "vitest";
import { healthCheck, metricsEndpoint } from "../../../app/server/pipeline/status-endpoints.server";
import { serve } from "./serve";

const registry = { contentType: "text/plain; version=0.0.4; charset=utf-8", metrics: async () => "requests 1\n" } as never;

describe("/metrics and /healthz", () => {
  it("/metrics does not exist without METRICS_TOKEN, and answers only the token's bearer", async () => {
    const off = await serve((app) => app.get("/metrics", metricsEndpoint({ token: undefined, registry })));
    expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
    const on = await serve((app) => app.get("/metrics", metricsEndpoint({ token: "a-token-of-16-chars", registry })));
    const refused = await fetch(`${on.url}/metrics`, { headers: { authorization: "Bearer wrong" } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
    const answered = await fetch(`${on.url}/metrics`, { headers: { authorization: "Bearer a-token-of-16-chars" } });
    expect(await answered.text()).toBe("requests 1\n");
    expect(answered.headers.get("cache-control")).toContain("no-store");
  });

  it("/healthz says ok with the engine, or 503 and marks the database down", async () => {
    let up = true;
    const marked: unknown[] = [];
    const { url } = await serve((app) =>
      app.get(
        "/healthz",
        healthCheck({
          database: { engine: "postgres", ping: async () => (up ? undefined : Promise.reject(new Error("gone"))) },
          dbHealth: { markDown: (error) => void marked.push(error) },
        }),
      ),
    );
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: "ok", database: "postgres" });
    up = false;
    const down = await fetch(`${url}/healthz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable" });
    expect(marked).toHaveLength(1);
  });
});
