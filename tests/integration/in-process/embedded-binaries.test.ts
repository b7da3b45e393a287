import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { binaries, reachableBinaries, systemUser } from "../../../app/server/platform/embedded-postgres-user.server";
import { enterableTempDir } from "../../setup/app-server";

/**
 * As root, PostgreSQL runs as the system user `we-postgres` (decision 055), which cannot run binaries
 * installed under a directory it may not enter (an app cloned into /root, 0700): they are copied once to
 * a directory it can reach, and run from there.
 */
const scratch = enterableTempDir("we-binaries-");
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

describe.runIf(process.getuid?.() === 0)("the embedded PostgreSQL's binaries, installed where its user cannot go", () => {
  it("are copied once where it can run them, with their libraries, and run from there", () => {
    const runAs = systemUser()!;
    const installed = binaries();
    // An installation under a directory only root may enter.
    const closed = path.join(scratch, "closed");
    fs.mkdirSync(closed, { mode: 0o700 });
    const native = path.join(closed, "node_modules", "pkg", "native");
    fs.cpSync(path.dirname(path.dirname(installed.postgres)), native, { recursive: true, verbatimSymlinks: true });
    const unreachable = { initdb: path.join(native, "bin", "initdb"), postgres: path.join(native, "bin", "postgres") };
    expect(spawnSync(unreachable.postgres, ["--version"], { uid: runAs.uid, gid: runAs.gid, cwd: "/" }).status).not.toBe(0);

    const copyRoot = path.join(scratch, "open");
    const reachable = reachableBinaries(runAs, unreachable, undefined, copyRoot);
    expect(reachable.postgres.startsWith(copyRoot + path.sep)).toBe(true);
    const version = spawnSync(reachable.postgres, ["--version"], { uid: runAs.uid, gid: runAs.gid, cwd: "/", encoding: "utf8" });
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^postgres \(PostgreSQL\) 18\./);
    expect(spawnSync(reachable.initdb, ["--version"], { uid: runAs.uid, gid: runAs.gid, cwd: "/" }).status).toBe(0);
    // Once: a second start uses the copy that is there.
    const stamp = fs.statSync(reachable.postgres).mtimeMs;
    expect(reachableBinaries(runAs, unreachable, undefined, copyRoot)).toEqual(reachable);
    expect(fs.statSync(reachable.postgres).mtimeMs).toBe(stamp);
    // Installed where it can go, nothing is copied.
    expect(reachableBinaries(runAs, installed, undefined, path.join(scratch, "unused"))).toEqual(installed);
    expect(fs.existsSync(path.join(scratch, "unused"))).toBe(false);
  });
});
