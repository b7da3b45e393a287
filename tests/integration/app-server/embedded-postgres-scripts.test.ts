import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedPostgresPaths } from "../../../app/server/platform/embedded-postgres-paths.server";
import { runningPostmaster } from "../../../app/server/platform/embedded-postgres-process.server";
import { startAppServer, TEST_ADMIN_ENV, type AppServer } from "../../setup/app-server";

/**
 * The operator's scripts on the embedded PostgreSQL (decision 055), without DATABASE_URL: while the
 * server runs they connect through its socket with the password file; when none runs they start the
 * cluster themselves, holding the data-directory lock, and stop it again. A restore refuses a running
 * server. (In the PGlite project: the one without DATABASE_URL.)
 */

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "we-embedded-scripts-"));
fs.chmodSync(scratch, 0o755);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function runScript(script: string, args: string[], dataDir: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn", S3_BUCKET: "", ...TEST_ADMIN_ENV },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.once("exit", (status) => resolve({ status, stdout, stderr }));
  });
}

describe("the scripts on the embedded PostgreSQL", () => {
  const dataDir = path.join(scratch, "site");
  fs.mkdirSync(dataDir, { mode: 0o755 });
  const paths = embeddedPostgresPaths(dataDir);
  let server: AppServer | null = null;
  afterAll(() => server?.stop());

  it("back up through the running server's socket, and refuse to restore under it", async () => {
    server = await startAppServer({ engine: "embedded", dataDir });
    const serverPostmaster = runningPostmaster(paths.clusterDir);
    expect(serverPostmaster).not.toBeNull();

    const backup = await runScript("backup.ts", ["--out", path.join(scratch, "while-running.tar.gz")], dataDir);
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain("백업을 만들었습니다");
    expect(backup.stdout).toContain("PostgreSQL");
    const verify = await runScript("access-records-verify.ts", [], dataDir);
    expect(verify.stdout).toMatch(/^OK: /);
    expect(verify.status).toBe(0);
    // The server's own PostgreSQL served them, and still does.
    expect(runningPostmaster(paths.clusterDir)).toBe(serverPostmaster);
    expect((await fetch(`${server.baseURL}/`)).status).toBe(200);

    const restore = await runScript("restore.ts", [path.join(scratch, "while-running.tar.gz")], dataDir);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain(`데이터 디렉터리 ${dataDir}의 데이터베이스를 다른 프로세스(${server.pid}번`);
    expect(restore.stderr).toContain("서버를 멈추고");
  }, 180_000);

  it("start the cluster themselves when no server runs, and stop it again", async () => {
    server!.kill("SIGTERM");
    expect(await server!.exited).toEqual({ code: 0, signal: null });
    expect(runningPostmaster(paths.clusterDir)).toBeNull();

    const backup = await runScript("backup.ts", ["--out", path.join(scratch, "stopped.tar.gz")], dataDir);
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(fs.existsSync(path.join(scratch, "stopped.tar.gz"))).toBe(true);
    // Nothing left running, and the lock let go.
    expect(runningPostmaster(paths.clusterDir)).toBeNull();
    expect(fs.existsSync(path.join(paths.clusterDir, "postmaster.pid"))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    const password = await runScript("admin-password.ts", ["--generate", "--id", "operator"], dataDir);
    expect(password.stderr).toBe("");
    expect(password.stdout).toMatch(/^관리자 계정을 (만들었|변경했)습니다: operator\n/);
    expect(runningPostmaster(paths.clusterDir)).toBeNull();
  }, 180_000);
});
