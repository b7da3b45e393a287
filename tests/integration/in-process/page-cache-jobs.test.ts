import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import type { Actor } from "../../../app/server/platform/services.server";
import { deletePost, savePost } from "../../../app/server/posts/post-use-cases.server";
import { testEngine } from "../../setup/test-database";

const SYSTEM: Actor = { staffId: null, via: "system" };

async function get(baseURL: string, pathname: string) {
  const response = await fetch(baseURL + pathname);
  return { status: response.status, cache: response.headers.get("x-cache"), text: await response.text() };
}

describe(`a write made outside HTTP empties the page cache of the server that serves it (${testEngine()}, in-process)`, () => {
  let runtime: Runtime;
  let baseURL: string;
  let app: InProcessApp | undefined;

  beforeAll(async () => {
    app = await startInProcessApp("inprocess");
    ({ runtime, baseURL } = app);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
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
