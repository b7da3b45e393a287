import { describe, expect, it } from "vitest";
import { attachReadCache, cachedRead, ReadCache } from "../../app/server/platform/read-cache.server";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("read cache (the reads every page repeats, kept between changes)", () => {
  it("loads once per key until a change, then loads afresh", async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.read("settings", load)).toEqual({ n: 1 });
    expect(await cache.read("settings", load)).toEqual({ n: 1 });
    expect(loads).toBe(1);
    cache.invalidate();
    expect(await cache.read("settings", load)).toEqual({ n: 2 });
    expect(cache.hits).toBe(1);
    expect(cache.misses).toBe(2);
  });

  it("concurrent requests share one load, and a load under way when a change comes is not kept", async () => {
    const cache = new ReadCache();
    const first = deferred<string>();
    let loads = 0;
    const a = cache.read("roster", () => (loads++, first.promise));
    const b = cache.read("roster", () => (loads++, Promise.resolve("other")));
    expect(loads).toBe(1);
    // A write commits while the first load runs: a request after it must not get the old answer.
    cache.invalidate();
    const c = cache.read("roster", () => (loads++, Promise.resolve("after the write")));
    first.resolve("before the write");
    expect(await a).toBe("before the write");
    expect(await b).toBe("before the write");
    expect(await c).toBe("after the write");
    expect(await cache.read("roster", () => Promise.resolve("never"))).toBe("after the write");
    expect(loads).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = new ReadCache();
    await expect(cache.read("settings", () => Promise.reject(new Error("connection lost")))).rejects.toThrow("connection lost");
    expect(await cache.read("settings", async () => "ok")).toBe("ok");
  });

  it("hands out frozen values, so no request can change another's data", async () => {
    const cache = new ReadCache();
    const value = await cache.read("roster", async () => [{ name: "한서윤", images: [{ id: 1 }], updatedAt: new Date(0) }]);
    expect(Object.isFrozen(value)).toBe(true);
    expect(() => (value[0]!.images as { id: number }[]).push({ id: 2 })).toThrow(TypeError);
    expect(() => {
      (value[0] as { name: string }).name = "다른 이름";
    }).toThrow(TypeError);
  });

  it("starts over past its key limit instead of growing (a crawler walking ?page=1..N)", async () => {
    const cache = new ReadCache();
    for (let page = 1; page <= 600; page++) await cache.read(`posts:${page}`, async () => page);
    expect(cache.size).toBeLessThanOrEqual(500);
  });

  it("only a handle with a cache attached is cached: a transaction reads the database every time", async () => {
    const db = {};
    const tx = {};
    attachReadCache(db, new ReadCache());
    let loads = 0;
    const load = async () => ++loads;
    await cachedRead(db, "settings", load);
    await cachedRead(db, "settings", load);
    expect(loads).toBe(1);
    await cachedRead(tx, "settings", load);
    await cachedRead(tx, "settings", load);
    expect(loads).toBe(3);
  });
});
