/**
 * The real production server (build/server + main.ts) in a child process, on a free loopback port,
 * over a database of its own: a fresh database on the test PostgreSQL server, or the embedded default
 * (no DATABASE_URL) in a temporary DATA_DIR. The one
 * way the integration and security suites (Vitest and Playwright) and the benchmark scripts start it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { embeddedPostgresPaths } from "../../app/server/platform/embedded-postgres-paths.server";
import { runningPostmaster } from "../../app/server/platform/embedded-postgres-process.server";
import { appProcessEnv } from "./app-process-env";
import { freePort } from "./free-port";
import { createPostgresDatabase, testEngine, type TestEngine } from "./test-database";
import { signInCookie, TEST_ADMIN, TEST_ADMIN_ENV } from "./sign-in";

export { TEST_ADMIN, TEST_ADMIN_ENV };

export interface AppServerOptions {
  /** Environment on top of the test defaults (no demo content, errors only in the log, ...). */
  env?: Record<string, string>;
  /**
   * "postgres" (default): a database of its own on the test server; "embedded": the site's default
   * without DATABASE_URL, its database server under DATA_DIR (tests of the embedded default itself).
   */
  engine?: TestEngine;
  /** Run the server process as this user (a DATA_DIR of the caller's making that the user owns). */
  runAs?: { uid: number; gid: number };
  /** "postgres" only: serve this existing database (another server's, or one behind a proxy) instead of a new one. */
  databaseUrl?: string;
  /** "postgres" only: the server to create the database on (default TEST_DATABASE_URL). */
  postgresServerUrl?: string;
  /**
   * Copy the migrated template of the Vitest global setup (fast), or let the server create and migrate
   * an empty database at start (benchmarks, which measure that). "postgres" only.
   */
  fromTemplate?: boolean;
  /** The server's stderr: kept for the error message if it fails to start (default), or shown. */
  stderr?: "pipe" | "inherit";
  /** Keep the server's stdout (its JSON log lines) for `output()`; default: discarded. */
  captureStdout?: boolean;
  /** Serve this existing DATA_DIR (another server's, after it stopped) instead of a new one; left in place by stop(). */
  dataDir?: string;
  /** Runs with the server's environment before the server starts (e.g. the database preparation of `npm start`). */
  beforeStart?: (env: Record<string, string | undefined>) => Promise<void>;
}

export interface AppServer {
  baseURL: string;
  /** The site's origin as browsers see it: PUBLIC_ORIGIN when the server has one, else baseURL (decision 031). */
  origin: string;
  engine: TestEngine;
  /** The test server's database it serves (null on the embedded default, whose server lives under DATA_DIR). */
  databaseUrl: string | null;
  dataDir: string;
  pid: number;
  /** What the server wrote to stdout so far (with `captureStdout`). */
  output(): string;
  /** Sends the server process a signal (stop() sends SIGTERM and waits). */
  kill(signal: NodeJS.Signals): void;
  /** Settles when the server process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops the server if it still runs, and removes the database and DATA_DIR it created. */
  stop(): Promise<void>;
}

/**
 * A new temporary directory that the embedded PostgreSQL's system user can enter (as root it runs as
 * `we-postgres`, decision 055; mkdtemp makes 0700 directories): for a DATA_DIR, or a directory above one.
 */
export function enterableTempDir(prefix: string, parent = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(parent, prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const engine = options.engine ?? testEngine();
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "we-app-"));
  // As root, the embedded PostgreSQL (any server without DATABASE_URL) runs as a system user, which must be able to enter DATA_DIR.
  if (!options.dataDir) fs.chmodSync(dataDir, 0o755);
  const database =
    engine === "postgres" && !options.databaseUrl
      ? await createPostgresDatabase({ fromTemplate: options.fromTemplate ?? true, serverUrl: options.postgresServerUrl })
      : null;
  const baseURL = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...appProcessEnv(),
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl ?? database?.url ?? "",
    ...TEST_ADMIN_ENV,
    SEED_DEMO_CONTENT: "false",
    LOG_LEVEL: "error",
    // As behind a local reverse proxy (tests act as different client addresses), and so, like every
    // deployed site, with its public address: its own (decision 053). A test of a server that has none
    // clears both (and serves the embedded default: DATABASE_URL says deployed too).
    PUBLIC_ORIGIN: baseURL,
    TRUST_PROXY: "loopback",
    KAKAO_MAP_APP_KEY: "",
    // Pages are not rendered again in the background after a change unless a test asks for it: the tests
    // that check X-Cache after a write need to know which request rendered the page.
    PAGE_CACHE_WARM: "0",
    // One process (no cluster primary): the tests that count X-Cache or a process's memory need to know
    // which process answered. Tests of several processes set it (web-concurrency.test.ts).
    WEB_CONCURRENCY: "1",
    ...options.env,
  };
  await options.beforeStart?.(env);
  const child: ChildProcess = spawn(process.execPath, ["main.ts"], {
    env,
    stdio: ["ignore", options.captureStdout ? "pipe" : "ignore", options.stderr ?? "pipe"],
    ...options.runAs,
  });
  let stderr = "";
  let stdout = "";
  child.stderr?.on("data", (d) => (stderr += d));
  child.stdout?.on("data", (d) => (stdout += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const cleanUp = async () => {
    await database?.drop();
    // A server killed with -9 leaves its embedded PostgreSQL running.
    const leftover = engine === "embedded" && !options.dataDir ? runningPostmaster(embeddedPostgresPaths(dataDir).clusterDir) : null;
    if (leftover) {
      process.kill(leftover, "SIGQUIT");
      await pollUntil(() => !fs.existsSync(`/proc/${leftover}`), { timeoutMs: 10_000, what: () => `the leftover postmaster ${leftover} to exit` });
    }
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await pollUntil(async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
      return (await fetch(`${baseURL}/healthz`).catch(() => null))?.ok === true;
    }, { timeoutMs: 120_000, what: () => `server to answer /healthz (${stderr})` });
  } catch (error) {
    child.kill("SIGKILL");
    await cleanUp();
    throw error;
  }
  return {
    baseURL,
    origin: env.PUBLIC_ORIGIN || baseURL,
    engine,
    databaseUrl: options.databaseUrl ?? database?.url ?? null,
    dataDir,
    pid: child.pid!,
    output: () => stdout,
    kill(signal) {
      child.kill(signal);
    },
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      await cleanUp();
    },
  };
}

/** Polls `check` until it returns true (or throws), failing after the timeout. */
export async function pollUntil(check: () => Promise<boolean> | boolean, options: { timeoutMs: number; intervalMs?: number; what: () => string }): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what()}`);
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
  }
}

/** The hooks of the test runner: Vitest's `{ beforeAll, afterAll }`, or Playwright's `test`. */
export interface SuiteHooks {
  beforeAll(fn: () => Promise<void>): void;
  afterAll(fn: () => Promise<void>): void;
}

export interface UsedAppServer {
  readonly server: AppServer;
  readonly baseURL: string;
  /** The site's origin as browsers see it (the `Origin` of its own pages' requests). */
  readonly origin: string;
  /** The administrator's session cookie (with `signIn: true`). */
  readonly cookie: string;
  readonly dataDir: string;
}

export type UseAppServerOptions = AppServerOptions & { signIn?: boolean };

/**
 * Starts a server for the enclosing suite (before its first test) and stops it after the last; with
 * `signIn`, also signs in as the administrator. The fields are readable inside tests.
 */
export function useAppServer(hooks: SuiteHooks, options: UseAppServerOptions | (() => UseAppServerOptions) = {}): UsedAppServer {
  let server: AppServer | undefined;
  let cookie: string | undefined;
  hooks.beforeAll(async () => {
    // A function is read when the suite starts, after the hooks registered before this one have run.
    const resolved = typeof options === "function" ? options() : options;
    server = await startAppServer(resolved);
    if (resolved.signIn) cookie = await signInCookie(server.baseURL, undefined, server.origin);
  });
  hooks.afterAll(async () => {
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error("useAppServer: the server starts in beforeAll; read it inside a test or hook");
    return server;
  };
  return {
    get server() {
      return started();
    },
    get baseURL() {
      return started().baseURL;
    },
    get origin() {
      return started().origin;
    },
    get dataDir() {
      return started().dataDir;
    },
    get cookie() {
      if (!cookie) throw new Error("useAppServer: pass { signIn: true } to get a session cookie");
      return cookie;
    },
  };
}
