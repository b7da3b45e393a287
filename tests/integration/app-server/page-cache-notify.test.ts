import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChangeFeed } from "../../../app/server/platform/changes.server";
import { openDatabase, type ChangeRelay, type DatabaseHandle } from "../../../app/server/platform/db.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { savePost } from "../../../app/server/posts/post-use-cases.server";
import { useAppServer } from "../../setup/app-server";
import { createTestStorage, silentLogger } from "../../setup/test-database";

const SYSTEM: Actor = { staffId: null, via: "system" };

describe("a write by another process reaches every app server (PostgreSQL NOTIFY)", () => {
  const server = useAppServer({ beforeAll, afterAll });
  let other: DatabaseHandle;
  let relay: ChangeRelay;
  const storage = createTestStorage();
  const changes = createChangeFeed(silentLogger);

  beforeAll(async () => {
    // A second "app server": its own connection to the same database, its own change feed relayed through NOTIFY.
    other = await openDatabase({ kind: "postgres", url: server.server.databaseUrl!, poolMax: 2 });
    relay = other.relayChanges(changes);
  });
  afterAll(async () => {
    await relay?.stop();
    await other?.close();
    storage.cleanup();
  });

  it("the server's cached list shows a post saved elsewhere, without any request to it in between", async () => {
    await fetch(`${server.baseURL}/notice`);
    expect((await fetch(`${server.baseURL}/notice`)).headers.get("x-cache")).toBe("HIT");
    const services = { db: other.db, storage, privateStorage: storage, changes, logger: silentLogger, remoteImages: { allowPrivateHosts: false } };
    const saved = await savePost(services, SYSTEM, { kind: "notice", postId: null, title: "다른 서버의 공지", content: "<p>NOTIFY</p>", expectedVersion: null });
    expect(saved.status).toBe("saved");
    // The other server's change arrives asynchronously: poll the page until it shows it.
    await expect.poll(() => fetch(`${server.baseURL}/notice`).then((r) => r.text()), { timeout: 15_000 }).toContain("다른 서버의 공지");
  });

  it("once the writer's relay says its change was delivered, the server shows it within moments", async () => {
    const services = { db: other.db, storage, privateStorage: storage, changes, logger: silentLogger, remoteImages: { allowPrivateHosts: false } };
    for (let i = 1; i <= 10; i++) {
      await fetch(`${server.baseURL}/notice`);
      expect((await fetch(`${server.baseURL}/notice`)).headers.get("x-cache")).toBe("HIT");
      const title = `전달 확인 공지 ${i}`;
      expect((await savePost(services, SYSTEM, { kind: "notice", postId: null, title, content: "<p>NOTIFY</p>", expectedVersion: null })).status).toBe("saved");
      // What a write's answer waits for (render.server.ts): the change is back at the writer's own listener.
      // The server's listener got it at the same commit, but its process may not have run yet on a busy
      // machine (decision 056, amendment 4), so this polls, briefly: a change never relayed fails it.
      await relay.delivered();
      await expect
        .poll(() => fetch(`${server.baseURL}/notice`).then((r) => r.text()), { timeout: 2_000, interval: 20, message: `write ${i}` })
        .toContain(title);
    }
  });

  it("delivered() answers at once when nothing is on its way, and within its limit when the listener is gone", async () => {
    const started = performance.now();
    await relay.delivered();
    expect(performance.now() - started).toBeLessThan(50);
    // A relay whose listener cannot connect never holds a write's answer for long.
    const broken = await openDatabase({ kind: "postgres", url: server.server.databaseUrl!.replace(/\/([^/?]+)(\?|$)/, "/no_such_database$2"), poolMax: 1 });
    const feed = createChangeFeed(silentLogger);
    const lonely = broken.relayChanges(feed);
    await lonely.ready;
    feed.publish({ entity: "post", action: "updated", ids: ["1"], paths: ["/notice"] });
    const waited = performance.now();
    await lonely.delivered();
    expect(performance.now() - waited).toBeLessThan(1_500);
    await lonely.stop();
    await broken.close();
  });
});
