import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "../../../app/server/platform/data-dir-lock.server";
import { openDatabase } from "../../../app/server/platform/db.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "we-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function openInChild(dir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/open-data-dir.ts", dir], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => stdout.includes("opened") && resolve());
    void exited.then((code) => reject(new Error(`child exited ${code}: ${stderr}`)));
  });
  // Only the holder's test awaits `opened`; a refused child rejecting it is expected.
  opened.catch(() => undefined);
  return { child, opened, exited, output: () => ({ stdout, stderr }) };
}

describe("PGlite data directory lock", () => {
  it("a second process on the same directory fails at once, naming the holder", async () => {
    const dir = tempDir();
    const holder = openInChild(dir);
    await holder.opened;

    const started = Date.now();
    const second = openInChild(dir);
    const code = await second.exited;
    expect(code).toBe(3);
    expect(Date.now() - started).toBeLessThan(15_000);
    const { stderr } = second.output();
    expect(stderr).toContain("DataDirLockedError");
    expect(stderr).toContain(`process ${holder.child.pid}`);
    expect(stderr).toContain("already in use");

    holder.child.stdin.end();
    expect(await holder.exited).toBe(0);
    // Released on close: the directory opens again, with the data intact.
    const again = await openDatabase({ kind: "pglite", dataDir: dir });
    await again.close();
  }, 60_000);

  it("the same process cannot open a directory twice either", async () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    } finally {
      lock.release();
    }
    acquireDataDirLock(dir).release();
  });

  it("takes over a lock left by a process that no longer exists", () => {
    const dir = tempDir();
    const dead = spawnSyncPid();
    fs.writeFileSync(
      path.join(dir, "pglite.lock"),
      JSON.stringify({ pid: dead, hostname: os.hostname(), processStart: null, startedAt: "earlier", command: "crashed" }),
    );
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(fs.existsSync(lock.path)).toBe(false);
  });

  it("does not take over a live holder on another host", () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, "pglite.lock"),
      JSON.stringify({ pid: 1, hostname: "other-host", processStart: null, startedAt: "now", command: "server" }),
    );
    expect(() => acquireDataDirLock(dir)).toThrow(/process 1 on other-host/);
  });
});

/** The pid of a process that has already exited. */
function spawnSyncPid(): number {
  let pid = 999_999;
  while (isAlive(pid)) pid--;
  return pid;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
