/**
 * The production server for a benchmark: the tests' one way to start it (tests/setup/app-server.ts),
 * with the demo content seeded, PGlite in a temporary directory or a fresh PostgreSQL database.
 */
import fs from "node:fs";
import { startAppServer, type AppServer } from "../../tests/setup/app-server";

export type BenchServer = AppServer;

/** The PostgreSQL server to benchmark against: BENCH_DATABASE_URL or TEST_DATABASE_URL (a fresh database is created there). */
export function postgresServerUrl(): string | null {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

export async function startBenchServer(engine: "pglite" | "postgres", extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const serverUrl = postgresServerUrl();
  if (engine === "postgres" && !serverUrl) throw new Error("Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to benchmark PostgreSQL.");
  return startAppServer({
    engine,
    postgresServerUrl: serverUrl ?? undefined,
    // No Vitest global setup here: the server migrates the empty database itself.
    fromTemplate: false,
    stderr: "inherit",
    // The production defaults (the test setup turns background renders off for its own checks).
    env: { SEED_DEMO_CONTENT: "true", PAGE_CACHE_WARM: "50", ...extraEnv },
  });
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
