/** Starts the production server for a benchmark (PGlite in a temp dir, or a fresh PostgreSQL database). */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export interface BenchServer {
  baseURL: string;
  engine: "pglite" | "postgres";
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** The PostgreSQL server to benchmark against: BENCH_DATABASE_URL or TEST_DATABASE_URL (a fresh database is created there). */
export function postgresServerUrl(): string | null {
  return process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
}

export async function startBenchServer(engine: "pglite" | "postgres", extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-bench-"));
  let databaseUrl = "";
  let dropDatabase: (() => Promise<void>) | null = null;
  if (engine === "postgres") {
    const serverUrl = postgresServerUrl();
    if (!serverUrl) throw new Error("Set TEST_DATABASE_URL (or BENCH_DATABASE_URL) to benchmark PostgreSQL.");
    const name = `we_bench_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const child: ChildProcess = spawn(process.execPath, ["main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ADMIN_ID: "admin",
      ADMIN_PASSWORD: "bench-password-1",
      LOG_LEVEL: "error",
      KAKAO_MAP_APP_KEY: "",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error("bench server exited");
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline) throw new Error("bench server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    engine,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      await dropDatabase?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
