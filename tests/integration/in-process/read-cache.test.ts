import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyArtistFields } from "../../../app/domain/artist-fields";
import { saveArtist } from "../../../app/server/artists/artist-use-cases.server";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { deletePost, savePost } from "../../../app/server/posts/post-use-cases.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { testEngine } from "../../setup/test-database";

const SYSTEM: Actor = { staffId: null, via: "system" };

async function page(baseURL: string, pathname: string) {
  const response = await fetch(baseURL + pathname);
  expect(response.headers.get("x-cache")).toBeNull();
  return response.text();
}

describe(`without the page cache, renders read through the read cache and still follow every write (${testEngine()})`, () => {
  let runtime: Runtime;
  let baseURL: string;
  let app: InProcessApp | undefined;

  beforeAll(async () => {
    app = await startInProcessApp("readcache", { PAGE_CACHE: "false" });
    ({ runtime, baseURL } = app);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("keeps the settings and the roster between changes, and reads them afresh after a change event", async () => {
    const { readCache } = runtime;
    await page(baseURL, "/artist");
    const misses = readCache.misses;
    const hits = readCache.hits;
    // The same page again, and another page that needs the same settings: nothing new is read.
    await page(baseURL, "/artist");
    await page(baseURL, "/company");
    await page(baseURL, "/api/we/actorList");
    expect(readCache.misses).toBe(misses);
    expect(readCache.hits).toBeGreaterThanOrEqual(hits + 4);
    // Another app server's change arrives as a remote event (NOTIFY): the same as our own.
    runtime.changes.receiveRemote({ entity: "settings", action: "updated", ids: [], paths: ["/"], at: new Date().toISOString() });
    await page(baseURL, "/artist");
    expect(readCache.misses).toBe(misses + 2);
  });

  it("a post and an artist saved by a job are on the very next render, pages and API alike", async () => {
    expect(await page(baseURL, "/news")).not.toContain("캐시 없이 쓴 소식");
    expect(await page(baseURL, "/artist")).not.toContain("캐시배우");
    expect(await page(baseURL, "/api/we/actorList")).not.toContain("캐시배우");

    const saved = await savePost(runtime, SYSTEM, { kind: "news", postId: null, title: "캐시 없이 쓴 소식", content: "<p>본문</p>", expectedVersion: null });
    if (saved.status !== "saved") throw new Error(saved.status);
    expect(await page(baseURL, "/news")).toContain("캐시 없이 쓴 소식");
    expect(await page(baseURL, `/newsDetail/${saved.postId}`)).toContain("본문");
    expect(await page(baseURL, "/api/we/newslist")).toContain("캐시 없이 쓴 소식");

    const artist = await saveArtist(runtime, SYSTEM, {
      existingName: null,
      input: { ...emptyArtistFields(), name: "캐시배우", nameEn: "Cache Actor" },
      status: "public",
      displayOrder: null,
      expectedVersion: null,
    });
    expect(artist.status).toBe("saved");
    expect(await page(baseURL, "/artist")).toContain("캐시배우");
    expect(await page(baseURL, "/api/we/actorList")).toContain("캐시배우");
    expect(await page(baseURL, `/artist/${encodeURIComponent("캐시배우")}`)).toContain("Cache Actor");

    await deletePost(runtime, SYSTEM, { kind: "news", postId: saved.postId });
    expect(await page(baseURL, "/news")).not.toContain("캐시 없이 쓴 소식");
    expect((await fetch(`${baseURL}/newsDetail/${saved.postId}`)).status).toBe(404);
  });
});
