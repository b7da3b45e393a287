/**
 * The real production server (build/server + main.ts) in a child process, on a free loopback port,
 * over the test file's own database: PGlite in a temporary DATA_DIR, or a fresh PostgreSQL database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, testEngine, type TestDatabase } from "./test-database";

export const TEST_ADMIN = { id: "admin", password: "integration-password-1" };

export interface AppServer {
  baseURL: string;
  /** The PostgreSQL test database (null on PGlite, which the server process holds itself). */
  database: TestDatabase | null;
  dataDir: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export async function startAppServer(extraEnv: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-app-"));
  const database = testEngine() === "postgres" ? await createTestDatabase() : null;
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? "",
    ADMIN_ID: TEST_ADMIN.id,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    SEED_DEMO_CONTENT: "false",
    LOG_LEVEL: "error",
    PUBLIC_ORIGIN: "",
    TRUST_PROXY: "loopback",
    KAKAO_MAP_APP_KEY: "",
    ...extraEnv,
  };
  const child: ChildProcess = spawn(process.execPath, ["main.ts"], { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (d) => (stderr += d));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    database,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      await database?.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in like the login form does and returns the session cookie (`we_session=...`). */
export async function signInCookie(server: AppServer): Promise<string> {
  const response = await fetch(`${server.baseURL}/adminLogin`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseURL, "X-Forwarded-For": `192.0.2.${Math.floor(Math.random() * 250) + 1}` },
    body: new URLSearchParams({ id: TEST_ADMIN.id, password: TEST_ADMIN.password }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("we_session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie.split(";")[0]!;
}
