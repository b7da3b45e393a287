/**
 * Process entry: `node main.ts` (Node 24 runs TypeScript by stripping types).
 * Production serves the Vite build; NODE_ENV=development runs Vite in middleware mode.
 */
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";

type CreateApp = () => Promise<{
  app: express.Express;
  runtime: { env: { PORT: number; HOST: string }; logger: { info: (o: object, m: string) => void }; close(): Promise<void> };
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

async function main() {
  const server = express();
  server.disable("x-powered-by");
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
    const load = async () => (await viteDevServer.ssrLoadModule("./app/server/http/express-app.server.ts")) as { createApp: CreateApp };
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
    server.use("/assets", precompressed("build/client/assets"));
    server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    server.use(express.static("build/client", { maxAge: "1h", index: false }));
    const build = (await import(new URL("./build/server/index.js", import.meta.url).href)) as { createApp: CreateApp };
    created = await build.createApp();
    server.use(created.app);
  }

  const { runtime } = created;
  const listener = server.listen(runtime.env.PORT, runtime.env.HOST, () => {
    runtime.logger.info({ port: runtime.env.PORT, host: runtime.env.HOST }, "server listening");
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info({ signal }, "shutting down");
    setTimeout(() => process.exit(1), 10_000).unref();
    listener.close(() => {
      runtime.close().finally(() => process.exit(0));
    });
    listener.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  // Start-up failures (bad env, data directory in use, database unreachable) get a plain message.
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`\nThe server could not start.\n${message}\n\n`);
  if (process.env.NODE_ENV === "development" && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
