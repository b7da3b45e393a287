import { describe, expect, it } from "vitest";
import type { AppLocals } from "../../../app/server/pipeline/locals.server";
import { pageCacheReads, publicReadStore } from "../../../app/server/pipeline/page-cache.server";
import { SingleFlight } from "../../../app/server/pipeline/single-flight.server";
import { type CachedResponse, PageCache } from "../../../app/server/pipeline/page-cache-store.server";
import { serve } from "./serve";

const env = { CDN_MAX_AGE: 60, CDN_STALE_WHILE_REVALIDATE: 30, KAKAO_MAP_APP_KEY: undefined, MEDIA_PUBLIC_URL: undefined };

/** The page cache in front of a stand-in for the render, which stores what it renders as the real one does. */
async function cachedSite(enabled = true) {
  const pageCache = new PageCache();
  const renders = new SingleFlight<CachedResponse>();
  const storable = publicReadStore(env);
  let rendered = 0;
  let gate: Promise<void> = Promise.resolve();
  const server = await serve((app) => {
    app.use(pageCacheReads({ enabled, pageCache, renders }));
    app.use(async (req, res) => {
      const { publicRead } = res.locals as AppLocals;
      rendered++;
      await gate;
      const response = new Response(`<p>${req.path} ${rendered}</p>`, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      if (!publicRead?.cacheKey) return void res.setHeader("X-Public", String(Boolean(publicRead))).send(await response.text());
      const entry = await pageCache.set(publicRead.cacheKey, pageCache.generation, { ...(await storable(response, publicRead.pathname))!, url: req.url });
      publicRead.finishFlight(entry);
      res.setHeader("X-Cache", "MISS").send(entry.identity.toString());
    });
  });
  return { ...server, pageCache, rendered: () => rendered, hold: () => { let open!: () => void; gate = new Promise((r) => (open = r)); return open; } };
}

describe("page cache and single flight", () => {
  it("a public read is rendered once and then served from memory with its validator; a change empties it", async () => {
    const site = await cachedSite();
    expect((await fetch(`${site.url}/artist`)).headers.get("x-cache")).toBe("MISS");
    const hit = await fetch(`${site.url}/artist`);
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("cache-control")).toContain("s-maxage=60");
    expect(hit.headers.get("content-security-policy")).not.toContain("nonce");
    expect((await fetch(`${site.url}/artist`, { headers: { "if-none-match": hit.headers.get("etag")! } })).status).toBe(304);
    expect(site.rendered()).toBe(1);
    site.pageCache.invalidate();
    await fetch(`${site.url}/artist`);
    expect(site.rendered()).toBe(2);
  });

  it("visitors asking for a page being rendered wait for that render instead of starting their own", async () => {
    const site = await cachedSite();
    const open = site.hold();
    const answers = Promise.all(Array.from({ length: 5 }, () => fetch(`${site.url}/pr`)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    const states = (await answers).map((answer) => answer.headers.get("x-cache")).sort();
    expect(states).toEqual(["HIT", "HIT", "HIT", "HIT", "MISS"]);
    expect(site.rendered()).toBe(1);
  });

  it("signed-in requests and writes are not public reads; with the cache off a public read is marked but not stored", async () => {
    const site = await cachedSite();
    const personal = await fetch(`${site.url}/artist`, { headers: { cookie: "we_session=x" } });
    expect(personal.headers.get("x-public")).toBe("false");
    expect((await fetch(`${site.url}/artist`, { method: "POST" })).headers.get("x-public")).toBe("false");
    const off = await cachedSite(false);
    expect((await fetch(`${off.url}/artist`)).headers.get("x-public")).toBe("true");
    expect((await fetch(`${off.url}/artist`)).headers.get("x-public")).toBe("true");
    expect(off.rendered()).toBe(2);
  });
});
