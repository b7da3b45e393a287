/**
 * The Express application around React Router, bundled by Vite as the server build's entry.
 * main.ts (the process entry) imports `createApp` from the build and listens. The pipeline is a list
 * of named middleware (app/server/pipeline/), each with one job, in the order a request meets them.
 * This module and runtime.server.ts are the composition root: the only place that wires the layers together.
 */
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Env } from "../platform/env.server";
import { startRuntime, type Runtime, type RuntimeOptions } from "./runtime.server";
import { watchEventLoop } from "../pipeline/overload.server";
import type { CachedResponse } from "../pipeline/page-cache-store.server";
import { guardRequestBodies, HEADERS_TIMEOUT_MS, refuseUnreadableUrls, REQUEST_TIMEOUT_MS } from "../pipeline/request-limits.server";
import { unhandledErrors } from "../pipeline/error-answers.server";
import { closeAfterUnreadBody } from "../pipeline/lingering-close.server";
import { loadShedding } from "../pipeline/load-shedding.server";
import { mediaFiles } from "../pipeline/media-files.server";
import { apiCors, sameOriginWrites } from "../pipeline/origin-check.server";
import { pageCacheReads, publicReadStore, warmPageRenderer } from "../pipeline/page-cache.server";
import { renderWithRouter } from "../pipeline/render.server";
import { requestLog } from "../pipeline/request-log.server";
import { securityHeaders } from "../pipeline/security-headers.server";
import { SingleFlight } from "../pipeline/single-flight.server";
import { healthCheck, metricsEndpoint } from "../pipeline/status-endpoints.server";

declare global {
  // One runtime per process, also across Vite dev-server module reloads.
  var __weRuntime: Promise<Runtime> | undefined;
}

/** The app, its runtime, and the HTTP server's timeouts for main.ts to set on its listener. */
export interface CreatedApp {
  app: express.Express;
  runtime: Runtime;
  serverTimeouts: { headersTimeout: number; requestTimeout: number };
}

let created: Promise<CreatedApp> | undefined;

/**
 * The process's app: starts the runtime (database, migrations, seed) once and builds the Express app
 * around it. With `env`, a separate app with its own runtime (tests run one in-process this way).
 * `worker`: one of the cluster's app processes, whose primary prepared the database (RuntimeOptions).
 */
export function createApp(options: { env?: Env } & RuntimeOptions = {}): Promise<CreatedApp> {
  const runtimeOptions: RuntimeOptions = { worker: options.worker, prepares: options.prepares };
  if (options.env) return startRuntime(options.env, runtimeOptions).then(buildApp);
  created ??= (globalThis.__weRuntime ??= startRuntime(undefined, runtimeOptions)).then(buildApp);
  return created;
}

async function buildApp(runtime: Runtime): Promise<CreatedApp> {
  const { env } = runtime;
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  if (env.TRUST_PROXY) app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));

  app.use(closeAfterUnreadBody);
  app.use(requestLog(runtime));
  app.use(securityHeaders(env));
  app.use(refuseUnreadableUrls);
  app.use("/api", apiCors(env));
  app.use(sameOriginWrites(env));
  const bodies = guardRequestBodies({
    sessionSecret: runtime.sessionSecret,
    logger: runtime.logger,
    slots: env.MAX_ANONYMOUS_BODIES,
    slotsPerAddress: env.MAX_ANONYMOUS_BODIES_PER_ADDRESS,
  });
  app.use(bodies.middleware);

  app.get("/healthz", healthCheck(runtime));
  app.get("/metrics", metricsEndpoint({ token: env.METRICS_TOKEN, registry: runtime.metrics.registry }));
  app.use("/media", mediaFiles(runtime.storage, runtime.logger));

  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  const handleRequest = createRequestHandler(build, env.NODE_ENV === "development" ? "development" : "production");
  const renders = new SingleFlight<CachedResponse>();
  const storablePublicRead = publicReadStore(env);
  runtime.pageWarmer.setRenderer(warmPageRenderer({ runtime, renders, handleRequest, storablePublicRead }));

  app.use(pageCacheReads({ enabled: env.PAGE_CACHE, pageCache: runtime.pageCache, renders }));
  app.use(
    loadShedding({
      maxConcurrent: env.MAX_CONCURRENT_REQUESTS,
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
      eventLoop: watchEventLoop(),
      dbHealth: runtime.dbHealth,
      sessionSecret: runtime.sessionSecret,
      shed: runtime.metrics.shed,
    }),
  );
  app.use(renderWithRouter({ runtime, handleRequest, storablePublicRead, anonymousBodyRate: bodies.rate }));
  app.use(unhandledErrors);

  return { app, runtime, serverTimeouts: { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS } };
}

/** TRUST_PROXY: "true", a hop count, or a list of addresses/subnets (Express's "trust proxy"). */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
