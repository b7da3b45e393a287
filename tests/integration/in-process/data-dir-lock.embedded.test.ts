import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, DataDirLockLostError, type DataDirLockOptions } from "../../../app/server/platform/data-dir-lock.server";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../../app/server/platform/db.server";
import { queryRows } from "../../setup/sql-rows";
import { pollUntil, enterableTempDir } from "../../setup/app-server";

const dirs: string[] = [];
const children: { pid?: number; exitCode: number | null; signalCode: NodeJS.Signals | null; kill(signal: NodeJS.Signals): boolean }[] = [];
function tempDir() {
  const dir = enterableTempDir("we-lock-");
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const FIXTURE = "tests/fixtures/open-data-dir.ts";

/** The fixture holding `dir` in a child process (see tests/fixtures/open-data-dir.ts). */
function openInChild(dir: string, options: { args?: string[]; env?: Record<string, string> } = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE, dir, ...(options.args ?? [])], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, ...options.env },
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  /** Resolves once the child has printed `text`; rejects if it exits first. */
  const said = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => stdout.includes(text) && resolve();
      child.stdout.on("data", check);
      check();
      void exited.then((code) => reject(new Error(`child exited ${code} before saying "${text}": ${stderr}`)));
    });
  const opened = said("opened");
  // Only a holder's test awaits `opened`; a refused child rejecting it is expected.
  opened.catch(() => undefined);
  return { child, opened, said, exited, send: (line: string) => child.stdin.write(`${line}\n`), output: () => ({ stdout, stderr }) };
}

/** A lock file as a holder on another host would have left it, last refreshed at `refreshedAt`. */
function writeForeignLock(dir: string, hostname: string, refreshedAt: number) {
  const file = path.join(dir, "pglite.lock");
  fs.writeFileSync(file, JSON.stringify({ pid: 4242, hostname, processStart: "1", startedAt: "earlier", command: "server" }));
  fs.utimesSync(file, refreshedAt / 1000, refreshedAt / 1000);
  return file;
}

function refused(dir: string, options: DataDirLockOptions = {}): boolean {
  try {
    acquireDataDirLock(dir, options).release();
    return false;
  } catch (error) {
    if (error instanceof DataDirLockedError) return true;
    throw error;
  }
}

describe("the data directory lock of the embedded database", () => {
  it("a second process on the same directory fails at once, naming the holder", async () => {
    const dir = tempDir();
    const holder = openInChild(dir);
    await holder.opened;

    // Timed from the moment the second process tries, not from its start: starting Node and tsx on a
    // busy machine is no part of "at once" (a run on a loaded machine went over 15 s with it).
    const second = openInChild(dir, { args: ["--wait"] });
    await second.said("ready");
    const started = Date.now();
    second.send("go");
    const code = await second.exited;
    expect(code).toBe(3);
    expect(Date.now() - started).toBeLessThan(15_000);
    const { stderr } = second.output();
    expect(stderr).toContain("DataDirLockedError");
    expect(stderr).toContain(`process ${holder.child.pid}`);
    expect(stderr).toContain("already in use");
    // A holder on this host is judged by the kernel, not the clock: no "abandoned from" time.
    expect(stderr).not.toContain("abandoned");

    holder.child.stdin.end();
    expect(await holder.exited).toBe(0);
    // Released on close: the directory opens again, with the data intact.
    const again = await openDatabase({ kind: "embedded", dataDir: dir });
    await again.close();
  }, 60_000);

  it("the same process cannot open a directory twice either", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      lock.release();
    }
    acquireDataDirLock(dir).release();
  });

  it("takes over at once a lock left on this host by a process that no longer exists", () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, "pglite.lock"),
      JSON.stringify({ pid: deadPid(), hostname: os.hostname(), processStart: null, startedAt: "earlier", command: "crashed" }),
    );
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it("takes over at once a killed holder that is still a zombie (its parent has not reaped it)", async () => {
    const dir = tempDir();
    // The shell starts the holder, then becomes `sleep`, which never reaps it: killed, it stays a zombie.
    // (The holder reads the shell's stdin through fd 3: a background job's own stdin is /dev/null.)
    const script = `exec 3<&0; "$0" --import tsx ${FIXTURE} "$1" --lock-only <&3 & echo "holder $!"; exec sleep 600`;
    const shell = spawn("sh", ["-c", script, process.execPath, dir], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    children.push(shell);
    let stdout = "";
    shell.stdout.on("data", (d) => (stdout += d));
    await pollUntil(() => stdout.includes("opened"), { timeoutMs: 20_000, what: () => `the holder to open (${stdout})` });
    const holderPid = Number(/holder (\d+)/.exec(stdout)![1]);
    expect(refused(dir)).toBe(true);

    process.kill(holderPid, "SIGKILL");
    await pollUntil(() => processState(holderPid) === "Z", { timeoutMs: 10_000, what: () => `process ${holderPid} to be a zombie` });
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(process.pid);
    // Still a zombie: it was taken over because of that, not because it had gone meanwhile.
    expect(processState(holderPid)).toBe("Z");
    lock.release();
  }, 60_000);

  it("a lock of another host holds until it has gone 20 s without a refresh; then it is taken over and its old holder stops", () => {
    const dir = tempDir();
    let oldClock = Date.parse("2026-12-01T00:00:00Z");
    const lost: string[] = [];
    const old = acquireDataDirLock(dir, { hostname: "old-container", now: () => oldClock, heartbeatMs: 5_000, onLost: (m) => lost.push(m) });

    const attempt = (at: number) => acquireDataDirLock(dir, { hostname: "new-container", now: () => at });
    const t0 = oldClock;
    let refusal: unknown = null;
    try {
      attempt(t0 + 5_000);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toContain(`process ${process.pid} on old-container`);
    // An orchestrator retrying the start knows when it will succeed.
    expect((refusal as Error).message).toContain("abandoned from 2026-12-01T00:00:20.000Z (in 15 s)");

    // The holder refreshes at 10 s, so the lock holds until 30 s.
    oldClock = t0 + 10_000;
    expect(old.refresh()).toBe(true);
    expect(() => attempt(t0 + 25_000)).toThrow(/abandoned from 2026-12-01T00:00:30\.000Z \(in 5 s\)/);

    // The holder freezes: nothing refreshes the lock after 10 s, and at 30 s it is taken over.
    const taker = attempt(t0 + 30_000);
    expect(JSON.parse(fs.readFileSync(taker.path, "utf8")).hostname).toBe("new-container");

    // Thawed, the old holder finds out at its next refresh or query, and stops.
    oldClock = t0 + 31_000;
    expect(lost).toEqual([]);
    expect(() => old.ensureHeld()).toThrow(DataDirLockLostError);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toContain(`process ${process.pid} on new-container took the lock over after it had gone 21 s without a refresh`);
    expect(old.refresh()).toBe(false);
    // Releasing what it no longer holds leaves the new holder's lock alone.
    old.release();
    expect(JSON.parse(fs.readFileSync(taker.path, "utf8")).hostname).toBe("new-container");
    taker.release();
    expect(fs.existsSync(taker.path)).toBe(false);
  });

  it("a holder elsewhere keeps its lock fresh, idle or busy with back-to-back queries, and is never displaced", async () => {
    const env = { LOCK_HOSTNAME: "elsewhere", LOCK_HEARTBEAT_MS: "100", LOCK_STALE_AFTER_MS: "1000" };
    const idleDir = tempDir();
    const busyDir = tempDir();
    const idle = openInChild(idleDir, { args: ["--lock-only"], env });
    const busy = openInChild(busyDir, { env });
    await Promise.all([idle.opened, busy.opened]);

    // Three times the threshold, during which the busy holder's event loop never reaches a timer.
    busy.send("busy 3000");
    const done = busy.said("busy done");
    let finished = false;
    void done.then(() => (finished = true));
    let checks = 0;
    await pollUntil(
      () => {
        for (const dir of [idleDir, busyDir]) expect(refused(dir, { staleAfterMs: 1000 }), dir).toBe(true);
        checks++;
        return finished;
      },
      { timeoutMs: 20_000, what: () => "the busy holder to finish" },
    );
    await done;
    expect(checks).toBeGreaterThan(10);
    expect(Number(/busy done (\d+)/.exec(busy.output().stdout)![1])).toBeGreaterThan(0);
    // The busy holder never ran its timer: its own queries kept the lock fresh.
    for (const holder of [idle, busy]) holder.child.stdin.end();
    expect(await Promise.all([idle.exited, busy.exited])).toEqual([0, 0]);
  }, 60_000);

  it("a holder frozen past the threshold and taken over stops at once when it thaws, without writing", async () => {
    const dir = tempDir();
    const holder = openInChild(dir, { env: { LOCK_HOSTNAME: "frozen-host", LOCK_HEARTBEAT_MS: "100", LOCK_STALE_AFTER_MS: "1000" } });
    await holder.opened;
    holder.send("insert");
    await holder.said("inserted");

    holder.child.kill("SIGSTOP");
    let taker: ReturnType<typeof acquireDataDirLock> | null = null;
    await pollUntil(
      () => {
        try {
          taker = acquireDataDirLock(dir, { staleAfterMs: 1000 });
          return true;
        } catch (error) {
          if (error instanceof DataDirLockedError) return false;
          throw error;
        }
      },
      { timeoutMs: 10_000, what: () => "the frozen holder's lock to be taken over" },
    );
    // A write waiting for it when it thaws: it must not reach the database.
    holder.send("insert");
    holder.child.kill("SIGCONT");
    expect(await holder.exited).toBe(1);
    const { stdout, stderr } = holder.output();
    expect(stderr).toContain(`This process no longer holds the data directory ${dir}`);
    expect(stderr).toContain(`process ${process.pid} on ${os.hostname()} took the lock over`);
    expect(stdout.match(/inserted/g)).toHaveLength(1);
    // Its exit left the new holder's lock in place.
    expect(JSON.parse(fs.readFileSync(taker!.path, "utf8")).pid).toBe(process.pid);
    taker!.release();
    // The database holds the one write it acknowledged, not the one that waited.
    const again = await openDatabase({ kind: "embedded", dataDir: dir });
    try {
      expect(await queryRows<{ n: number }>(again.db, sql`select count(*)::int as n from writes`)).toEqual([{ n: 1 }]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it("a refresh survives a brief file system error, and gives up before others could take the lock over", () => {
    const dataDir = path.join(tempDir(), "data");
    let clock = Date.parse("2026-12-01T00:00:00Z");
    const errors: unknown[] = [];
    const lost: string[] = [];
    const lock = acquireDataDirLock(dataDir, { now: () => clock, onRefreshError: (e) => errors.push(e), onLost: (m) => lost.push(m) });
    // The directory's path stops leading to it (a file stands in its place): every lookup fails with ENOTDIR.
    const breakPath = () => {
      fs.renameSync(dataDir, `${dataDir}.away`);
      fs.writeFileSync(dataDir, "");
    };
    const repairPath = () => {
      fs.rmSync(dataDir);
      fs.renameSync(`${dataDir}.away`, dataDir);
    };

    breakPath();
    clock += 6_000;
    expect(lock.refresh()).toBe(true);
    expect((errors[0] as NodeJS.ErrnoException).code).toBe("ENOTDIR");
    repairPath();
    clock += 6_000;
    expect(lock.refresh()).toBe(true);
    expect(lost).toEqual([]);

    // An error that lasts half the threshold (10 s without a refresh): others may soon judge the lock abandoned.
    breakPath();
    clock += 6_000;
    expect(lock.refresh()).toBe(true);
    clock += 5_000;
    expect(lock.refresh()).toBe(false);
    expect(lost[0]).toContain("the lock could not be refreshed for 11 s");
    repairPath();
    lock.release();
  });

  it("of several processes starting together on an abandoned lock, exactly one takes it", async () => {
    const dir = tempDir();
    writeForeignLock(dir, "gone-host", Date.now() - 60_000);
    const starters = Array.from({ length: 4 }, () => openInChild(dir, { args: ["--lock-only", "--wait"] }));
    await Promise.all(starters.map((s) => s.said("ready")));
    for (const starter of starters) starter.send("go");

    const outcomes = await Promise.all(starters.map((s) => s.opened.then(() => "opened" as const, () => "refused" as const)));
    expect(outcomes.filter((o) => o === "opened")).toHaveLength(1);
    const winner = starters[outcomes.indexOf("opened")]!;
    for (const starter of starters.filter((s) => s !== winner)) {
      expect(await starter.exited).toBe(3);
      expect(starter.output().stderr).toContain(`process ${winner.child.pid} on ${os.hostname()}`);
    }
    expect(JSON.parse(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).pid).toBe(winner.child.pid);
    winner.child.stdin.end();
    expect(await winner.exited).toBe(0);
  }, 60_000);

  it("a takeover under way refuses other starters; one left by a process that died in it does not block", () => {
    const dir = tempDir();
    const lockFile = writeForeignLock(dir, "gone-host", Date.now() - 60_000);
    const stat = fs.statSync(lockFile, { bigint: true });
    // What a process taking the lock over links first: a claim named after that very version of the lock.
    const claim = path.join(dir, `pglite.lock.takeover-${stat.ino}-${stat.mtimeNs}-0`);
    fs.writeFileSync(claim, JSON.stringify({ pid: 777, hostname: "claimer-host", processStart: null, startedAt: "now", command: "server" }));
    expect(() => acquireDataDirLock(dir)).toThrow(/process 777 on claimer-host/);

    const longAgo = (Date.now() - 10_000) / 1000;
    fs.utimesSync(claim, longAgo, longAgo);
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(process.pid);
    expect(fs.readdirSync(dir)).toEqual(["pglite.lock"]);
    lock.release();
  });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  let pid = 999_999;
  while (processState(pid) !== null) pid--;
  return pid;
}

/** A process's state letter from /proc (R, S, Z, ...), or null when there is no such process. */
function processState(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]!;
  } catch {
    return null;
  }
}
