/**
 * Process entry: `node main.ts` (Node 24 runs TypeScript by stripping types).
 * Production serves the Vite build; NODE_ENV=development runs Vite in middleware mode.
 */
import fs from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";

type CreateApp = () => Promise<{
  app: express.Express;
  /** Request headers and whole requests must arrive within these (app/server/http/request-limits.server.ts). */
  serverTimeouts: { headersTimeout: number; requestTimeout: number };
  runtime: {
    env: { PORT: number; HOST: string; SHUTDOWN_TIMEOUT_MS: number };
    logger: Record<"info" | "warn" | "error", (o: object, m: string) => void>;
    close(): Promise<void>;
  };
}>;

const DEVELOPMENT = process.env.NODE_ENV === "development";

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
    const build = (await import(new URL("./build/server/index.js", import.meta.url).href)) as { createApp: CreateApp };
    created = await build.createApp();
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

main().catch((error: unknown) => {
  // Start-up failures (bad env, data directory in use, database unreachable) get a plain message.
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`\nThe server could not start.\n${message}\n\n`);
  if (process.env.NODE_ENV === "development" && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
