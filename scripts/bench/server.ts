/**
 * The production server for a benchmark: the tests' one way to start it (tests/setup/app-server.ts),
 * with the demo content seeded, the embedded default (its own database server under a temporary DATA_DIR)
 * or a fresh database on the test PostgreSQL server.
 */
import fs from "node:fs";
import { startAppServer, type AppServer } from "../../tests/setup/app-server";
import { prepareDatabaseAsNpmStart } from "../../tests/setup/prepare-database";

export type BenchServer = AppServer;

/** The PostgreSQL server to benchmark against: BENCH_DATABASE_URL or TEST_DATABASE_URL (a fresh database is created there). */
export function postgresServerUrl(): string | null {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

/**
 * `prepared`: the database is first prepared in a process of its own (migrations, demo content), as the
 * first `npm start` does beside the build, so the server measured is one that did not create and seed
 * the database itself, like every later start.
 */
export async function startBenchServer(
  engine: "embedded" | "postgres",
  extraEnv: Record<string, string> = {},
  options: { prepared?: boolean } = {},
): Promise<BenchServer> {
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
    beforeStart: options.prepared
      ? async (env) => {
          const prepared = await prepareDatabaseAsNpmStart(Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined)));
          if (prepared.code !== 0) throw new Error(`preparing the database failed: ${prepared.stderr}`);
        }
      : undefined,
  });
}

function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  return statusMb(pid, "VmRSS");
}

/** The most resident memory a process has had, in MB (Linux /proc). */
export function peakMb(pid: number): number {
  return statusMb(pid, "VmHWM");
}
