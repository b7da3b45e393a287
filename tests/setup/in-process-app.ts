import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Express } from "express";
import { afterAll, beforeAll } from "vitest";
import { loadEnv, type Env } from "../../app/server/platform/env.server";
import type { Runtime } from "../../app/server/composition/runtime.server";
import { signInCookie, TEST_ADMIN_ENV } from "./sign-in";
import { createPostgresDatabase } from "./test-database";

export interface InProcessApp {
  runtime: Runtime;
  baseURL: string;
  /** Closes the listener and the runtime, drops the database and removes the data directory. */
  stop(): Promise<void>;
}

/**
 * The settings of a runtime a test starts in this process: production, over its own data directory
 * and database (the embedded default when there is no URL), without demo content or logs, with the test administrator.
 */
export function testRuntimeEnv(dataDir: string, databaseUrl: string | undefined, extraEnv: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    SEED_DEMO_CONTENT: "false",
    LOG_LEVEL: "silent",
    ...TEST_ADMIN_ENV,
    ...extraEnv,
  });
}

/**
 * The production build's app run in this process, on a loopback port, over a database of its own
 * (a copy of the template on the test PostgreSQL server, and a temporary DATA_DIR): the test can write
 * through the runtime's use cases directly and read the result over HTTP.
 */
export async function startInProcessApp(prefix: string, extraEnv: Record<string, string> = {}): Promise<InProcessApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `we-${prefix}-`));
  const database = await createPostgresDatabase({ fromTemplate: true });
  const env = testRuntimeEnv(dataDir, database.url, {
    // As tests/setup/app-server.ts: no background renders after a change unless the test asks for them.
    PAGE_CACHE_WARM: "0",
    ...extraEnv,
  });
  const build = (await import(/* @vite-ignore */ new URL("../../build/server/index.js", import.meta.url).href)) as {
    createApp(options: { env: Env }): Promise<{ app: Express; runtime: Runtime }>;
  };
  const { app, runtime } = await build.createApp({ env });
  const listener = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listener.once("listening", resolve));
  return {
    runtime,
    baseURL: `http://127.0.0.1:${(listener.address() as AddressInfo).port}`,
    async stop() {
      await new Promise((resolve) => listener.close(resolve));
      await runtime.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An in-process app and the test administrator's session cookie, filled in before the suite's tests run. */
export interface SignedInApp {
  runtime: Runtime;
  baseURL: string;
  cookie: string;
}

/**
 * Starts an in-process app for the surrounding `describe` and signs the test administrator in before
 * its tests (and before any `beforeAll` registered after this call); stops it after them.
 */
export function useSignedInApp(prefix: string, extraEnv: Record<string, string> = {}): SignedInApp {
  const site = {} as SignedInApp;
  let app: InProcessApp | undefined;
  beforeAll(async () => {
    app = await startInProcessApp(prefix, extraEnv);
    Object.assign(site, { runtime: app.runtime, baseURL: app.baseURL, cookie: await signInCookie(app.baseURL) });
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });
  return site;
}
