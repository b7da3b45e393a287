import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { EMBEDDED_USER, EmbeddedPostgresError, type EmbeddedPostgresPaths } from "./embedded-postgres-paths.server";
import { chownTree, type RunAs, type ServerSidePaths } from "./embedded-postgres-user.server";
import type { Logger } from "./logger.server";

/**
 * The embedded PostgreSQL's cluster on disk (docs/decisions/055-embedded-postgresql.md): its password
 * file, its log (rotated at 10 MB), and its making with initdb, whole or not at all.
 */

const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

/** The cluster's password: read, or made once (24 random bytes) and linked into place whole, 0600. */
export function ensurePassword(file: string): string {
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

/** The last lines of the log, for an error message. */
export function tail(file: string, lines = 20): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** The environment of initdb and postgres: nothing of the app's but PATH. */
export function childEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", LC_ALL: "C", TZ: "UTC" };
}

/** The log file, opened for appending (the one before kept as `.1` past 10 MB). */
export function openLog(file: string): number {
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
export async function initCluster(paths: EmbeddedPostgresPaths, server: ServerSidePaths, bins: { initdb: string }, runAs: RunAs | null, password: string, logFd: number, logger?: Logger) {
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
        "--username", EMBEDDED_USER,
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
