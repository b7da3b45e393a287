import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { savePost } from "../../../app/server/posts/post-use-cases.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { testEngine } from "../../setup/test-database";

const SYSTEM: Actor = { staffId: null, via: "system" };

async function get(baseURL: string, pathname: string) {
  const response = await fetch(baseURL + pathname);
  return { cache: response.headers.get("x-cache"), text: await response.text() };
}

describe(`after a change, the pages visitors were reading are rendered again in the background (${testEngine()})`, () => {
  let runtime: Runtime;
  let baseURL: string;
  let app: InProcessApp | undefined;

  beforeAll(async () => {
    app = await startInProcessApp("warm", { PAGE_CACHE_WARM: "50" });
    ({ runtime, baseURL } = app);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("the next visitor gets the new content from the cache, without a render of their own", async () => {
    const read = ["/news", "/company", "/api/we/newslist", "/en/news"];
    for (const path of read) expect((await get(baseURL, path)).cache).toBe("MISS");
    for (const path of read) expect((await get(baseURL, path)).cache).toBe("HIT");

    const saved = await savePost(runtime, SYSTEM, { kind: "news", postId: null, title: "미리 그려 둔 소식", content: "<p>본문</p>", expectedVersion: null });
    if (saved.status !== "saved") throw new Error(saved.status);
    const warmedBefore = runtime.pageWarmer.warmed;
    await runtime.pageWarmer.idle();
    expect(runtime.pageWarmer.warmed - warmedBefore).toBe(read.length);
    expect(runtime.pageWarmer.failed).toBe(0);

    const news = await get(baseURL, "/news");
    expect(news.cache).toBe("HIT");
    expect(news.text).toContain("미리 그려 둔 소식");
    const api = await get(baseURL, "/api/we/newslist");
    expect(api.cache).toBe("HIT");
    expect(api.text).toContain("미리 그려 둔 소식");
    expect((await get(baseURL, "/company")).cache).toBe("HIT");
    expect((await get(baseURL, "/en/news")).cache).toBe("HIT");
    // A page nobody was reading is not rendered in advance.
    expect((await get(baseURL, "/notice")).cache).toBe("MISS");
  });

  it("a change while pages are being rendered again starts over: nothing from before it is kept", async () => {
    expect((await get(baseURL, "/news")).cache).toBe("HIT");
    const first = await savePost(runtime, SYSTEM, { kind: "news", postId: null, title: "첫 번째 연속 소식", content: "<p>하나</p>", expectedVersion: null });
    const second = await savePost(runtime, SYSTEM, { kind: "news", postId: null, title: "두 번째 연속 소식", content: "<p>둘</p>", expectedVersion: null });
    if (first.status !== "saved" || second.status !== "saved") throw new Error("not saved");
    await runtime.pageWarmer.idle();
    const news = await get(baseURL, "/news");
    expect(news.cache).toBe("HIT");
    expect(news.text).toContain("첫 번째 연속 소식");
    expect(news.text).toContain("두 번째 연속 소식");
  });
});
