import { spawn } from "node:child_process";

/** Runs scripts/prepare-database.ts as `npm start` does beside the build; its exit code and output. */
export function prepareDatabaseAsNpmStart(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/prepare-database.ts"], {
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
