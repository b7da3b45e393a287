import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChangeFeed } from "../../app/server/platform/changes.server";
import { openDatabase, type DatabaseHandle } from "../../app/server/platform/db.server";
import type { Actor } from "../../app/server/platform/services.server";
import { savePost } from "../../app/server/posts/post-use-cases.server";
import { startAppServer, type AppServer } from "../setup/app-server";
import { createTestStorage, silentLogger } from "../setup/test-database";

const SYSTEM: Actor = { adminId: null, via: "system" };

/** Polls until the page shows `text` (another server's change arrives asynchronously); the last answer otherwise. */
async function waitForPage(baseURL: string, pathname: string, text: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await fetch(baseURL + pathname);
    const page = { cache: response.headers.get("x-cache"), text: await response.text() };
    if (page.text.includes(text) || Date.now() > deadline) return page;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a write by another process reaches every app server (PostgreSQL NOTIFY)", () => {
  let server: AppServer;
  let other: DatabaseHandle;
  let relay: { stop(): Promise<void> };
  const storage = createTestStorage();
  const changes = createChangeFeed(silentLogger);

  beforeAll(async () => {
    server = await startAppServer();
    // A second "app server": its own connection to the same database, its own change feed relayed through NOTIFY.
    other = await openDatabase({ kind: "postgres", url: server.database!.url!, poolMax: 2 });
    relay = other.relayChanges(changes);
  }, 120_000);
  afterAll(async () => {
    await relay?.stop();
    await other?.close();
    await server?.stop();
    storage.cleanup();
  });

  it("the server's cached list shows a post saved elsewhere, without any request to it in between", async () => {
    await fetch(`${server.baseURL}/notice`);
    expect((await fetch(`${server.baseURL}/notice`)).headers.get("x-cache")).toBe("HIT");
    const services = { db: other.db, storage, changes, logger: silentLogger, remoteImages: { allowPrivateHosts: false } };
    const saved = await savePost(services, SYSTEM, { kind: "notice", postId: null, title: "다른 서버의 공지", content: "<p>NOTIFY</p>", expectedVersion: null });
    expect(saved.status).toBe("saved");
    const page = await waitForPage(server.baseURL, "/notice", "다른 서버의 공지");
    expect(page.text).toContain("다른 서버의 공지");
  });
});
