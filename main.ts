/**
 * Process entry: `node main.ts` (Node 24 runs TypeScript by stripping types).
 * Production serves the Vite build; NODE_ENV=development runs Vite in middleware mode.
 * With WEB_CONCURRENCY > 1 (production), this process is the cluster's primary: it prepares the database,
 * runs the embedded PostgreSQL when there is no DATABASE_URL, and keeps that many worker processes
 * serving the port; each worker runs this file too (decision 056).
 */
import cluster, { type Worker } from "node:cluster";
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";

type CreateApp = (options?: { worker?: boolean; prepares?: boolean }) => Promise<{
  app: express.Express;
  /** Request headers and whole requests must arrive within these (app/server/pipeline/request-limits.server.ts). */
  serverTimeouts: { headersTimeout: number; requestTimeout: number };
  runtime: {
    env: { PORT: number; HOST: string; SHUTDOWN_TIMEOUT_MS: number };
    logger: Record<"info" | "warn" | "error", (o: object, m: string) => void>;
    close(): Promise<void>;
  };
}>;

/** What the cluster primary takes from the server build's small entry (app/server/composition/cluster-primary.server.ts). */
interface PrimaryBuild {
  /** WEB_CONCURRENCY, or its default (env.server.ts); throws on a bad environment. */
  webConcurrency(): number;
  startClusterPrimary(): Promise<{
    env: { SHUTDOWN_TIMEOUT_MS: number };
    logger: Record<"info" | "warn" | "error", (o: object, m: string) => void>;
    stop(): Promise<void>;
  }>;
}

const DEVELOPMENT = process.env.NODE_ENV === "development";
/** Set by the primary on its first worker only: that one prepares the database (migrations, seed) before the others start. */
const PREPARES = "WE_CLUSTER_WORKER_PREPARES";

const importBuild = async () => (await import(new URL("./build/server/index.js", import.meta.url).href)) as { createApp: CreateApp };

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** Serves the build's .br/.gz copies (scripts/precompress.ts) of hashed assets to clients that accept them. */
function precompressed(root: string): express.RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type || req.path.includes("..")) return next();
    const accept = req.get("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accept) ? "br" : /\bgzip\b/.test(accept) ? "gzip" : null;
    if (!encoding) return next();
    const base = path.resolve(root);
    const file = path.resolve(base, `.${req.path}.${encoding === "br" ? "br" : "gz"}`);
    if (!file.startsWith(base + path.sep) || !fs.existsSync(file)) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.vary("Accept-Encoding");
    res.sendFile(file);
  };
}

/** Every file under `root`, as URL paths ("/favicon.svg", "/assets/root-abc.js"). */
function listFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.add("/" + path.relative(root, full).split(path.sep).join("/"));
  }
  return files;
}

function safeDecode(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath;
  }
}

/**
 * How long closing the database may take after the requests are done, before the process exits anyway:
 * the embedded PostgreSQL's fast shutdown writes a checkpoint (0.05–0.2 s measured, seconds on a loaded
 * machine) and gets 5 s before an immediate shutdown (embedded-postgres.server.ts).
 */
const CLOSE_GRACE_MS = 10_000;

async function main() {
  // Development is always one process (Vite's dev server); a worker serves (below).
  if (DEVELOPMENT || cluster.isWorker) return serve();
  const primary = (await import(new URL("./build/server/cluster-primary.js", import.meta.url).href)) as PrimaryBuild;
  const processes = primary.webConcurrency();
  // One process: exactly the single server, no primary beside it.
  return processes > 1 ? runPrimary(primary, processes) : serve();
}

/** Serves HTTP: the only process, or one of the cluster's workers (sharing the port through the primary). */
async function serve() {
  const server = express();
  server.disable("x-powered-by");
  // The responses under way, for a graceful stop (see `stop` below).
  const underWay = new Set<ServerResponse>();
  let stopping = false;
  let closeIdleConnections = () => {};
  server.use((_req, res, next) => {
    underWay.add(res);
    res.once("close", () => {
      underWay.delete(res);
      // Its connection, kept alive, is idle from the next tick on: close it rather than wait out the keep-alive.
      if (stopping) setImmediate(closeIdleConnections);
    });
    // A request that came on a kept-alive connection while stopping is still answered, as its connection's last.
    if (stopping) res.setHeader("Connection", "close");
    next();
  });
  // Every response, static files included, is never sniffed and leaks no full referrer.
  server.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    next();
  });
  server.use(compression());

  let created: Awaited<ReturnType<CreateApp>>;
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    const load = async () => (await viteDevServer.ssrLoadModule("./app/server/composition/express-app.server.ts")) as { createApp: CreateApp };
    created = await (await load()).createApp();
    server.use(async (req, res, next) => {
      try {
        (await (await load()).createApp()).app(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    // Static files are looked up in a list made at start, not on disk per request: a page request
    // does no file-system call before it reaches the app (the build does not change while running).
    const clientFiles = listFiles("build/client");
    const staticFiles = express.Router();
    staticFiles.use("/assets", precompressed("build/client/assets"));
    staticFiles.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    staticFiles.use(express.static("build/client", { maxAge: "1h", index: false }));
    server.use((req, res, next) => (clientFiles.has(safeDecode(req.path)) ? staticFiles(req, res, next) : next()));
    const build = await importBuild();
    created = await build.createApp({ worker: cluster.isWorker, prepares: process.env[PREPARES] === "1" });
    server.use(created.app);
  }

  const { runtime } = created;
  const listener = server.listen(runtime.env.PORT, runtime.env.HOST, () => {
    runtime.logger.info({ port: runtime.env.PORT, host: runtime.env.HOST }, "server listening");
  });

  // Slow headers (slowloris) are cut by Node; slow bodies by the app's minimum rate (request-limits.server.ts).
  listener.headersTimeout = created.serverTimeouts.headersTimeout;
  listener.requestTimeout = created.serverTimeouts.requestTimeout;
  closeIdleConnections = () => listener.closeIdleConnections();

  /**
   * SIGTERM/SIGINT: no new connections; the requests under way finish (up to SHUTDOWN_TIMEOUT_MS), each
   * answer saying `Connection: close`, and kept-alive connections close as soon as they are idle; then the
   * scheduler stops, the database closes (the embedded PostgreSQL, when it runs one, stops with a checkpoint)
 * and the data directory's lock is released. Exit 0,
   * or 1 when requests had to be cut off at the limit or the database did not close.
   */
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const limitMs = runtime.env.SHUTDOWN_TIMEOUT_MS;
    runtime.logger.info({ signal, requestsUnderWay: underWay.size, limitMs }, "shutting down");
    for (const res of underWay) if (!res.headersSent) res.setHeader("Connection", "close");
    let cutOff = false;
    await new Promise<void>((resolve) => {
      const limit = setTimeout(() => {
        cutOff = true;
        runtime.logger.warn({ requestsUnderWay: underWay.size, limitMs }, "shutdown limit reached: cutting off the requests under way");
        listener.closeAllConnections();
        resolve();
      }, limitMs);
      listener.close(() => {
        clearTimeout(limit);
        resolve();
      });
      listener.closeIdleConnections();
    });
    setTimeout(() => {
      runtime.logger.error({ ms: CLOSE_GRACE_MS }, "the database did not close in time; exiting anyway");
      process.exit(1);
    }, CLOSE_GRACE_MS).unref();
    try {
      await runtime.close();
    } catch (error) {
      runtime.logger.error({ err: error }, "closing the database failed");
      process.exit(1);
    }
    process.exit(cutOff ? 1 : 0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

/** After a worker's unexpected exit, the delay before its replacement, by the number of recent ones in a row. */
const WORKER_RESTART_DELAYS_MS = [0, 250, 1_000, 2_000, 5_000, 10_000];
/** A worker that ran this long before it exited resets the count: it was no crash loop. */
const WORKER_STABLE_MS = 30_000;


/**
 * The cluster's primary (WEB_CONCURRENCY > 1): serves no HTTP and loads no app (a small entry of the
 * build). Without DATABASE_URL it holds the data-directory lock and runs the embedded PostgreSQL
 * (supervised as in a single server). It forks one worker, which prepares the database as a single
 * server does at start (migrations, seed) and serves; once it listens, the others, which find the
 * database prepared. The workers share the port (the cluster module hands each new connection to the
 * next worker). A worker that exits, whatever the reason (a crash, an orchestrator's SIGTERM, an
 * out-of-memory kill), is logged and replaced, at once the first time and after a growing delay when
 * replacements keep exiting. A worker that fails before any worker served stops the start (exit 1).
 *
 * SIGTERM/SIGINT: each worker stops as a single server does (finishes its requests, closes its pool);
 * then PostgreSQL stops and the lock is released. Exit 0, or 1 when a worker had to cut requests off,
 * failed to close, or did not stop in time (then it is killed).
 */
async function runPrimary(build: PrimaryBuild, processes: number) {
  const primary = await build.startClusterPrimary();
  const { logger } = primary;
  const workers = new Map<Worker, { startedAt: number }>();
  /** Told when the last worker has exited. */
  const whenNoneLeft = new Set<() => void>();
  /** True once every worker has exited, false if some are still running after `ms`. */
  const allExited = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (workers.size === 0) return resolve(true);
      const done = (value: boolean) => {
        clearTimeout(timer);
        whenNoneLeft.delete(onEmpty);
        resolve(value);
      };
      const onEmpty = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      whenNoneLeft.add(onEmpty);
    });
  const restarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let served = false;
  let failures = 0;
  let failedAtStop = false;

  const fork = (prepares = false) => {
    const worker = cluster.fork(prepares ? { [PREPARES]: "1" } : {});
    workers.set(worker, { startedAt: Date.now() });
    worker.once("listening", () => {
      if (served) return;
      served = true;
      // The first has prepared the database: the others start now, and find it done.
      for (let i = 1; i < processes; i++) fork();
      logger.info({ processes, pid: process.pid }, "app processes starting beside the first, which serves");
    });
    worker.once("exit", (code, signal) => {
      const startedAt = workers.get(worker)?.startedAt ?? Date.now();
      workers.delete(worker);
      if (workers.size === 0) for (const tell of [...whenNoneLeft]) tell();
      const pid = worker.process.pid;
      if (stopping) {
        if (code !== 0) failedAtStop = true;
        return;
      }
      if (!served) {
        logger.error({ pid, code, signal }, "an app process failed at start: stopping");
        void stop("start failure", true);
        return;
      }
      if (Date.now() - startedAt > WORKER_STABLE_MS) failures = 0;
      const delayMs = WORKER_RESTART_DELAYS_MS[Math.min(failures, WORKER_RESTART_DELAYS_MS.length - 1)]!;
      failures++;
      logger[code === 0 ? "warn" : "error"]({ pid, code, signal, restartInMs: delayMs }, "an app process exited: starting another");
      const timer = setTimeout(() => {
        restarts.delete(timer);
        if (!stopping) fork();
      }, delayMs);
      restarts.add(timer);
    });
  };

  const stop = async (signal: string, failed = false) => {
    if (stopping) return;
    stopping = true;
    for (const timer of restarts) clearTimeout(timer);
    logger.info({ signal, processes: workers.size }, "shutting down the app processes");
    for (const worker of workers.keys()) worker.process.kill("SIGTERM");
    // Each worker gives itself SHUTDOWN_TIMEOUT_MS for its requests and CLOSE_GRACE_MS for its pool.
    const limitMs = primary.env.SHUTDOWN_TIMEOUT_MS + CLOSE_GRACE_MS + 5_000;
    if (!(await allExited(limitMs))) {
      logger.error({ processes: workers.size, limitMs }, "app processes did not stop in time: killing them");
      failedAtStop = true;
      for (const worker of workers.keys()) worker.process.kill("SIGKILL");
      await allExited(5_000);
    }
    setTimeout(() => {
      logger.error({ ms: CLOSE_GRACE_MS }, "the database did not close in time; exiting anyway");
      process.exit(1);
    }, CLOSE_GRACE_MS).unref();
    try {
      await primary.stop();
    } catch (error) {
      logger.error({ err: error }, "stopping the database failed");
      process.exit(1);
    }
    process.exit(failed || failedAtStop ? 1 : 0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  fork(true);
}

main().catch((error: unknown) => {
  // Start-up failures (bad env, data directory in use, database unreachable) get a plain message.
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`\nThe server could not start.\n${message}\n\n`);
  if (process.env.NODE_ENV === "development" && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
