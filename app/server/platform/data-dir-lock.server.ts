import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Who holds a data directory. Written atomically into the lock file. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** Kernel start time of the process (from /proc), so a reused pid is not mistaken for the holder. */
  processStart: string | null;
  startedAt: string;
  command: string;
}

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.hostname} (started ${holder.startedAt}: ${holder.command})`
      : "another process (the lock file could not be read)";
    super(
      `The data directory ${dataDir} is already in use by ${who}. ` +
        `Only one process may open an embedded (PGlite) database: stop that process first, ` +
        `use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.`,
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

const LOCK_FILE = "pglite.lock";

function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 22 (starttime) comes after the parenthesised command name, which may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(lockPath, "utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number" || typeof parsed.hostname !== "string") return null;
    return {
      pid: parsed.pid,
      hostname: parsed.hostname,
      processStart: parsed.processStart ?? null,
      startedAt: String(parsed.startedAt ?? "unknown time"),
      command: String(parsed.command ?? "unknown command"),
    };
  } catch {
    return null;
  }
}

/** A holder is stale when it ran on this host and that exact process no longer exists. */
function isStale(holder: LockHolder): boolean {
  if (holder.hostname !== os.hostname()) return false;
  if (!isAlive(holder.pid)) return true;
  const start = processStartTime(holder.pid);
  return holder.processStart !== null && start !== null && start !== holder.processStart;
}

/**
 * Takes the exclusive lock on a data directory, or fails at once naming the holder.
 * Two processes on one PGlite directory silently lose committed writes, so this is not optional.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = {
    pid: process.pid,
    hostname: os.hostname(),
    processStart: processStartTime(process.pid),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(" ").slice(0, 200),
  };
  const content = JSON.stringify(me);

  for (let attempt = 0; attempt < 3; attempt++) {
    // Write the full record first, then link it into place: link() is atomic and fails if the
    // lock exists, so a reader never sees a half-written lock file.
    const tmp = `${lockPath}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, content, { mode: 0o600 });
    try {
      fs.linkSync(tmp, lockPath);
      fs.unlinkSync(tmp);
      return makeLock(lockPath, content);
    } catch (error) {
      fs.rmSync(tmp, { force: true });
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = readHolder(lockPath);
    if (holder && isStale(holder)) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    throw new DataDirLockedError(dataDir, holder);
  }
  throw new DataDirLockedError(dataDir, readHolder(lockPath));
}

function makeLock(lockPath: string, content: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    try {
      if (fs.readFileSync(lockPath, "utf8") === content) fs.unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.on("exit", release);
  return { path: lockPath, release };
}
