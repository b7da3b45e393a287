import fs from "node:fs";
import path from "node:path";
import { EMBEDDED_PORT, EmbeddedPostgresError, type EmbeddedPostgresPaths } from "./embedded-postgres-paths.server";
import type { Logger } from "./logger.server";

/**
 * The embedded PostgreSQL's postmaster as a process (docs/decisions/055-embedded-postgresql.md): which
 * one runs on a cluster (postmaster.pid and its command line), one left running by an app killed with -9
 * stopped, and lock files left by one that no longer runs removed.
 */

/** postmaster.pid's lines (the pid first, the state eighth), or null when there is none. */
export function readPidFile(clusterDir: string): string[] | null {
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

/** Checks every 25 ms until `check` holds (true) or `ms` have passed (false). */
export async function waitUntil(check: () => boolean, ms: number): Promise<boolean> {
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
export function removeStaleLockFiles(paths: EmbeddedPostgresPaths, logger?: Logger) {
  if (runningPostmaster(paths.clusterDir) !== null) return;
  // The data directory's lock, and the socket's (`.s.PGSQL.<port>.lock`, checked the same way).
  for (const file of [path.join(paths.clusterDir, "postmaster.pid"), path.join(paths.socketDir, `.s.PGSQL.${EMBEDDED_PORT}.lock`)]) {
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
export async function stopLeftover(clusterDir: string, logger?: Logger) {
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
