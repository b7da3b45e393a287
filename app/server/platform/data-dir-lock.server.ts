import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The exclusive lock on a data directory (docs/decisions/025-crash-recovery.md): its holder owns the
 * embedded PostgreSQL server under it (decision 055; PGlite's database before it).
 *
 * The lock file names its holder and is linked or renamed into place whole. The holder refreshes the
 * file's modification time every few seconds; a lock not refreshed for `staleAfterMs` is abandoned
 * wherever its holder ran, so a container replaced by a new one (new host name, same volume) starts
 * again by itself. On the holder's own host (same host name, boot and pid namespace) the kernel knows
 * better than the clock: a holder that has exited, or is only a zombie, is taken over at once, and one
 * that is still running is never displaced, however long it has gone without a refresh.
 */

/** Who holds a data directory. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** Kernel start time of the process (from /proc), so a reused pid is not mistaken for the holder. */
  processStart: string | null;
  /** The kernel's boot and the pid namespace: a pid means this process only inside both. */
  bootId: string | null;
  pidNamespace: string | null;
  startedAt: string;
  command: string;
}

export interface DataDirLockOptions {
  /** How often the holder refreshes its lock. */
  heartbeatMs?: number;
  /** A lock not refreshed for this long counts as abandoned, wherever its holder ran. */
  staleAfterMs?: number;
  /** Epoch milliseconds (tests move time on). */
  now?: () => number;
  /** This process's host name (tests play a process on another host). */
  hostname?: string;
  /** A refresh failed; the lock is kept and refreshed again on the next beat. */
  onRefreshError?: (error: unknown) => void;
  /** This process no longer holds the lock. Default: say why on stderr and exit at once. */
  onLost?: (message: string) => void;
}

export const LOCK_HEARTBEAT_MS = 5_000;
export const LOCK_STALE_AFTER_MS = 20_000;

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
    /** When a lock of another host stops counting as held unless it is refreshed (epoch ms), and the time now. */
    readonly stale: { at: number; now: number } | null = null,
  ) {
    const who = holder
      ? `process ${holder.pid} on ${holder.hostname} (started ${holder.startedAt}: ${holder.command})`
      : "another process (the lock file could not be read)";
    const when = stale
      ? ` Its holder refreshes the lock every few seconds; if that process is gone (a container replaced by a new one, ` +
        `say), the lock counts as abandoned from ${new Date(stale.at).toISOString()} ` +
        `(in ${Math.max(1, Math.ceil((stale.at - stale.now) / 1000))} s) and a new start then succeeds.`
      : "";
    super(
      `The data directory ${dataDir} is already in use by ${who}. ` +
        `Only one process may run a data directory's embedded database: stop that process first, ` +
        `use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.${when}`,
    );
  }
}

/** Thrown by `ensureHeld` once another process has the lock (after `onLost` was told). */
export class DataDirLockLostError extends Error {
  override name = "DataDirLockLostError";
}

export interface DataDirLock {
  readonly path: string;
  /** Refreshes the lock now; false once it is lost. (A timer calls it every `heartbeatMs`.) */
  refresh(): boolean;
  /** Throws unless this process still holds the lock; refreshes it first when a refresh is due. */
  ensureHeld(): void;
  release(): void;
}

// The name of PGlite's time (decision 025), kept: a running older version and this one exclude each other.
const LOCK_FILE = "pglite.lock";

function readProcFile(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8").trim() || null;
  } catch {
    return null;
  }
}

/** Whether a pid of this pid namespace is a running process (not a zombie), and since when. */
function inspectProcess(pid: number): { start: string | null } | null {
  const stat = readProcFile(`/proc/${pid}/stat`);
  if (stat) {
    // State (field 3) and starttime (field 22) come after the parenthesised command name, which may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // A killed process stays a zombie until its parent reaps it: it writes nothing any more.
    if (fields[0] === "Z" || fields[0] === "X") return null;
    return { start: fields[19] ?? null };
  }
  // No /proc (or it hides other users' processes): ask the kernel whether the pid exists at all.
  try {
    process.kill(pid, 0);
    return { start: null };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? { start: null } : null;
  }
}

function describeThisProcess(hostname: string): LockHolder {
  let pidNamespace: string | null = null;
  try {
    pidNamespace = fs.readlinkSync("/proc/self/ns/pid");
  } catch {
    // Not Linux: the host name and boot are all there is.
  }
  return {
    pid: process.pid,
    hostname,
    processStart: inspectProcess(process.pid)?.start ?? null,
    bootId: readProcFile("/proc/sys/kernel/random/boot_id"),
    pidNamespace,
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(" ").slice(0, 200),
  };
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<LockHolder>;
    if (typeof parsed.pid !== "number" || typeof parsed.hostname !== "string") return null;
    return {
      pid: parsed.pid,
      hostname: parsed.hostname,
      processStart: parsed.processStart ?? null,
      bootId: parsed.bootId ?? null,
      pidNamespace: parsed.pidNamespace ?? null,
      startedAt: String(parsed.startedAt ?? "unknown time"),
      command: String(parsed.command ?? "unknown command"),
    };
  } catch {
    return null;
  }
}

function statOrNull(file: string): fs.BigIntStats | null {
  try {
    return fs.statSync(file, { bigint: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

const sameFile = (a: fs.BigIntStats, b: fs.BigIntStats) => a.ino === b.ino && a.dev === b.dev;
const mtimeMs = (stat: fs.BigIntStats) => Number(stat.mtimeNs / 1_000_000n);

/** Links `from` to `to` unless `to` exists: atomic, so of two processes exactly one succeeds. */
function linkIfAbsent(from: string, to: string): boolean {
  try {
    fs.linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** Whether the holder's pids can be asked about here: the same host name, boot and pid namespace (where known). */
function sharesPidSpace(holder: LockHolder, me: LockHolder): boolean {
  const same = (a: string | null, b: string | null) => a === null || b === null || a === b;
  return holder.hostname === me.hostname && same(holder.bootId, me.bootId) && same(holder.pidNamespace, me.pidNamespace);
}

type Verdict = { abandoned: true } | { abandoned: false; staleAt: number | null };

function judge(holder: LockHolder | null, lastRefresh: number, me: LockHolder, now: number, staleAfterMs: number): Verdict {
  if (holder && sharesPidSpace(holder, me)) {
    const running = inspectProcess(holder.pid);
    if (!running) return { abandoned: true };
    if (holder.processStart && running.start && running.start !== holder.processStart) return { abandoned: true };
    // A running holder still owns its files, even when it is frozen and has not refreshed the lock.
    return { abandoned: false, staleAt: null };
  }
  // Another host (or container): its processes cannot be seen from here, only whether it keeps the lock fresh.
  const staleAt = lastRefresh + staleAfterMs;
  return now >= staleAt ? { abandoned: true } : { abandoned: false, staleAt };
}

function stamp(fd: number, at: number) {
  fs.futimesSync(fd, at / 1000, at / 1000);
}

/**
 * Takes the exclusive lock on a data directory, or fails at once naming the holder (and, for a holder
 * on another host, when its lock will count as abandoned). The holder starts the embedded PostgreSQL and
 * stops a server found running on the directory as a leftover: a second holder would stop the first's.
 */
// long-function: its steps are 40 lines; the rest is its nested takeOver, removeLeftovers and holdLock, each under 80
// lines, which share the lock's path, temporary file, descriptor, clock and limits; apart, each would take them all.
export function acquireDataDirLock(dataDir: string, options: DataDirLockOptions = {}): DataDirLock {
  const heartbeatMs = options.heartbeatMs ?? LOCK_HEARTBEAT_MS;
  const staleAfterMs = options.staleAfterMs ?? LOCK_STALE_AFTER_MS;
  const now = options.now ?? Date.now;
  // A takeover takes microseconds; a claim older than this was left by a process that died in it.
  const claimTimeoutMs = Math.min(5_000, staleAfterMs);
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me = describeThisProcess(options.hostname ?? os.hostname());

  // The record is written to a file of this process's own and only then linked or renamed into place:
  // a reader never sees half a lock. The open descriptor is how the holder refreshes its own file, and
  // only its own, even after another process has replaced it.
  const tmp = `${lockPath}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const fd = fs.openSync(tmp, "wx", 0o600);
  let held = false;
  try {
    fs.writeSync(fd, JSON.stringify(me));
    stamp(fd, now());
    const mine = fs.fstatSync(fd, { bigint: true });

    for (let attempt = 0; attempt < 5 && !held; attempt++) {
      if (linkIfAbsent(tmp, lockPath)) {
        held = true;
        break;
      }
      const found = statOrNull(lockPath);
      if (!found) continue;
      const holder = readHolder(lockPath);
      const verdict = judge(holder, mtimeMs(found), me, now(), staleAfterMs);
      if (!verdict.abandoned) {
        throw new DataDirLockedError(dataDir, holder, verdict.staleAt === null ? null : { at: verdict.staleAt, now: now() });
      }
      if (!takeOver(found)) continue;
      // Only a holder still in place once it is done has the lock: the loser of a race in the last
      // microseconds of a takeover finds the winner's lock instead of its own.
      const inPlace = statOrNull(lockPath);
      if (!inPlace || !sameFile(inPlace, mine)) throw new DataDirLockedError(dataDir, readHolder(lockPath));
      held = true;
    }
    if (!held) throw new DataDirLockedError(dataDir, readHolder(lockPath));
    removeLeftovers();
    return holdLock(mine);
  } finally {
    fs.rmSync(tmp, { force: true });
    if (!held) fs.closeSync(fd);
  }

  /**
   * Replaces the abandoned lock `judged` with ours. Two processes may judge the same lock abandoned at
   * once, so the one that links the claim file named after that very version of the lock goes on; and
   * it replaces the lock only if it is still that version (its holder may have come back and refreshed
   * it, or another process may already have replaced it). A claim older than `claimTimeoutMs` was left by
   * a process that died while taking over, and the next generation of the claim is tried.
   */
  function takeOver(judged: fs.BigIntStats): boolean {
    const version = `${judged.ino}-${judged.mtimeNs}`;
    let claim: string | null = null;
    for (let generation = 0; claim === null; generation++) {
      const candidate = `${lockPath}.takeover-${version}-${generation}`;
      if (linkIfAbsent(tmp, candidate)) claim = candidate;
      else {
        // A young claim: another process is taking the lock over right now. (One gone by the time it is
        // read was the winner's, whose lock is in place by then.)
        const other = statOrNull(candidate);
        if (other && now() - mtimeMs(other) < claimTimeoutMs) throw new DataDirLockedError(dataDir, readHolder(candidate) ?? readHolder(lockPath));
      }
    }
    try {
      const current = statOrNull(lockPath);
      if (!current || !sameFile(current, judged) || current.mtimeNs !== judged.mtimeNs) return false;
      fs.renameSync(tmp, lockPath);
      return true;
    } finally {
      fs.rmSync(claim, { force: true });
    }
  }

  /** Claims and records of processes that died while taking the lock (never a live process's: those are young). */
  function removeLeftovers() {
    for (const name of fs.readdirSync(dataDir)) {
      if (!name.startsWith(`${LOCK_FILE}.`)) continue;
      const file = path.join(dataDir, name);
      const stat = statOrNull(file);
      if (stat && now() - mtimeMs(stat) >= claimTimeoutMs) fs.rmSync(file, { force: true });
    }
  }

  function holdLock(mine: fs.BigIntStats): DataDirLock {
    let confirmedAt = now();
    let state: "held" | "lost" | "released" = "held";
    const onLost =
      options.onLost ??
      ((message: string) => {
        process.stderr.write(`\n${message}\n\n`);
        process.exit(1);
      });

    const lose = (why: string) => {
      state = "lost";
      clearInterval(timer);
      onLost(
        `This process no longer holds the data directory ${dataDir}: ${why}. It stops at once rather than ` +
          `write the embedded database beside another process.`,
      );
      return false;
    };

    const refresh = (): boolean => {
      if (state !== "held") return false;
      const at = now();
      let inPlace: fs.BigIntStats | null;
      try {
        stamp(fd, at);
        inPlace = statOrNull(lockPath);
      } catch (error) {
        options.onRefreshError?.(error);
        // Others take the lock over once it has gone `staleAfterMs` without a refresh; stop well before.
        if (at - confirmedAt < staleAfterMs / 2) return true;
        return lose(`the lock could not be refreshed for ${Math.round((at - confirmedAt) / 1000)} s (${(error as Error).message})`);
      }
      if (!inPlace) return lose("its lock file was removed");
      if (!sameFile(inPlace, mine)) {
        const other = readHolder(lockPath);
        const who = other ? `process ${other.pid} on ${other.hostname}` : "another process";
        return lose(`${who} took the lock over after it had gone ${Math.round((at - confirmedAt) / 1000)} s without a refresh (was this process frozen or suspended?)`);
      }
      confirmedAt = at;
      return true;
    };

    // unref: the heartbeat never keeps a process alive that is otherwise done.
    const timer = setInterval(refresh, heartbeatMs).unref();

    const release = () => {
      if (state === "released") return;
      const wasHeld = state === "held";
      state = "released";
      clearInterval(timer);
      process.off("exit", release);
      try {
        const inPlace = statOrNull(lockPath);
        if (wasHeld && inPlace && sameFile(inPlace, mine)) fs.unlinkSync(lockPath);
      } catch {
        // Already gone: nothing to release.
      }
      fs.closeSync(fd);
    };
    process.on("exit", release);

    return {
      path: lockPath,
      refresh,
      ensureHeld() {
        // A long run of work that keeps the event loop from reaching the timer (PGlite's queries did, a
        // big import's parsing can) must not let the lock go stale, so the queries refresh it too when due. After a stall (a frozen
        // process) the same refresh finds out whether another process took the lock over meanwhile.
        if (state === "held" && now() - confirmedAt >= heartbeatMs) refresh();
        if (state !== "held") throw new DataDirLockLostError(`The lock on ${dataDir} is no longer held by this process.`);
      },
      release,
    };
  }
}
