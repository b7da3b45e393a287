import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import type { Metrics } from "../platform/metrics.server";
import { PERSONAL_CACHE_CONTROL } from "./http-caching.server";

/** /healthz: the database answers within 2 s (a load balancer takes the server out otherwise). */
export function healthCheck(options: {
  database: { ping(): Promise<unknown>; engine: string };
  dbHealth: { markDown(error: unknown): void };
}): RequestHandler {
  const { database, dbHealth } = options;
  return async (_req, res) => {
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 2000)),
      ]);
      res.setHeader("Cache-Control", "no-store");
      res.json({ status: "ok", database: database.engine });
    } catch (error) {
      dbHealth.markDown(error);
      res.status(503).setHeader("Cache-Control", "no-store").json({ status: "unavailable" });
    }
  };
}

/**
 * Prometheus metrics, only when METRICS_TOKEN is set and only to a client that sends it; otherwise the
 * address does not exist (404), so a scanner learns nothing.
 */
export function metricsEndpoint(options: { token: string | undefined; registry: Metrics["registry"] }): RequestHandler {
  const { token, registry } = options;
  const expected = token ? createHash("sha256").update(`Bearer ${token}`).digest() : null;
  return async (req, res) => {
    res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
    if (!expected) {
      res.status(404).type("text/plain; charset=utf-8").send("페이지를 찾을 수 없습니다.");
      return;
    }
    const given = createHash("sha256").update(req.get("authorization") ?? "").digest();
    if (!timingSafeEqual(given, expected)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res.type("text/plain; charset=utf-8").send("METRICS_TOKEN이 필요합니다.");
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  };
}
