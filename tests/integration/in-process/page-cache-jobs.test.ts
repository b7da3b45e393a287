import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv, type Env } from "../../../app/server/platform/env.server";
import type { Runtime } from "../../../app/server/platform/runtime.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { deletePost, savePost } from "../../../app/server/posts/post-use-cases.server";
import { TEST_ADMIN } from "../../setup/sign-in";
import { createPostgresDatabase, testEngine, type PostgresDatabase } from "../../setup/test-database";

const SYSTEM: Actor = { adminId: null, via: "system" };

async function get(baseURL: string, pathname: string) {
  const response = await fetch(baseURL + pathname);
  return { status: response.status, cache: response.headers.get("x-cache"), text: await response.text() };
}

describe(`a write made outside HTTP empties the page cache of the server that serves it (${testEngine()}, in-process)`, () => {
  let runtime: Runtime;
  let baseURL: string;
  let close: () => Promise<void>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-inprocess-"));
  let database: PostgresDatabase | null = null;

  beforeAll(async () => {
    database = testEngine() === "postgres" ? await createPostgresDatabase({ fromTemplate: true }) : null;
    const env: Env = loadEnv({
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? "",
      SEED_DEMO_CONTENT: "false",
      LOG_LEVEL: "silent",
      ADMIN_ID: TEST_ADMIN.id,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    });
    // The production build's app, run in this process: the test then writes through the use cases directly.
    const build = (await import(/* @vite-ignore */ new URL("../../../build/server/index.js", import.meta.url).href)) as {
      createApp(options: { env: Env }): Promise<{ app: Express; runtime: Runtime }>;
    };
    const created = await build.createApp({ env });
    runtime = created.runtime;
    const listener = created.app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listener.once("listening", resolve));
    baseURL = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    close = async () => {
      await new Promise((resolve) => listener.close(resolve));
      await runtime.close();
    };
  }, 120_000);
  afterAll(async () => {
    await close?.();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a post saved and deleted by a job (no request) is on the very next page, and gone after", async () => {
    expect((await get(baseURL, "/news")).cache).toBe("MISS");
    const cached = await get(baseURL, "/news");
    expect(cached.cache).toBe("HIT");
    expect(cached.text).not.toContain("작업이 쓴 소식");

    const saved = await savePost(runtime, SYSTEM, { kind: "news", postId: null, title: "작업이 쓴 소식", content: "<p>요청 없이 저장</p>", expectedVersion: null });
    if (saved.status !== "saved") throw new Error(saved.status);
    const after = await get(baseURL, "/news");
    expect(after.cache).toBe("MISS");
    expect(after.text).toContain("작업이 쓴 소식");
    expect((await get(baseURL, "/api/we/newslist")).text).toContain("작업이 쓴 소식");

    expect((await get(baseURL, "/news")).cache).toBe("HIT");
    await deletePost(runtime, SYSTEM, { kind: "news", postId: saved.postId });
    const gone = await get(baseURL, "/news");
    expect(gone.cache).toBe("MISS");
    expect(gone.text).not.toContain("작업이 쓴 소식");
  });
});
