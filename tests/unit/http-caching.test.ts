import { describe, expect, it } from "vitest";
import { purgeRequestFor } from "../../app/server/pipeline/cdn-purge.server";
import { etagMatches, isPersonalRequest, publicCacheControl } from "../../app/server/pipeline/http-caching.server";
import type { ChangeEvent } from "../../app/server/platform/changes.server";
import { routeLabel } from "../../app/server/platform/metrics.server";

describe("HTTP caching rules", () => {
  it("If-None-Match matches by the weak comparison, in lists and with *", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
    expect(etagMatches("", '"abc"')).toBe(false);
  });

  it("personal: a session or flash cookie, a token, the admin area; not other cookies", () => {
    expect(isPersonalRequest("/news", "we_session=1", undefined)).toBe(true);
    expect(isPersonalRequest("/news", "a=b; we_flash=x", undefined)).toBe(true);
    expect(isPersonalRequest("/news", undefined, "Bearer t")).toBe(true);
    expect(isPersonalRequest("/admin/posts.data", undefined, undefined)).toBe(true);
    expect(isPersonalRequest("/news", "_ga=1; not_we_session=2", undefined)).toBe(false);
  });

  it("client navigations' data get no stale-while-revalidate; pages and API reads do", () => {
    const policy = { sharedMaxAge: 60, staleWhileRevalidate: 300 };
    expect(publicCacheControl(policy, "/news")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(publicCacheControl(policy, "/api/we/newslist")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(publicCacheControl(policy, "/news.data")).toBe("public, max-age=0, s-maxage=60");
  });
});

describe("CDN purge requests", () => {
  const event: ChangeEvent = { entity: "post", action: "updated", ids: ["3"], paths: ["/", "/news", "/newsDetail/3", "/api/we/getnews/3", "/sitemap.xml", "/news/rss.xml"], origin: "local", at: "2026-11-24T00:00:00.000Z" };

  it("name each changed page with its navigation data twin, and the API reads and crawler files as they are", () => {
    const request = purgeRequestFor(event, "https://we.example");
    expect(request.all).toBe(false);
    expect(request.paths).toEqual(["/", "/_root.data", "/news", "/news.data", "/newsDetail/3", "/newsDetail/3.data", "/api/we/getnews/3", "/sitemap.xml", "/news/rss.xml"]);
    expect(request.urls[0]).toBe("https://we.example/");
    expect(purgeRequestFor(event).urls).toEqual([]);
  });

  it("settings and resyncs purge everything", () => {
    expect(purgeRequestFor({ ...event, entity: "settings", paths: ["/"] })).toMatchObject({ all: true, paths: [] });
    expect(purgeRequestFor({ ...event, entity: "site", action: "resync", paths: ["/"] })).toMatchObject({ all: true, paths: [] });
  });
});

describe("metric route labels", () => {
  it("are route patterns, never raw addresses", () => {
    expect(routeLabel("/")).toBe("/");
    expect(routeLabel("/_root.data")).toBe("/");
    expect(routeLabel("/artist/%EB%B0%B0%EC%9A%B0")).toBe("/artist/:name");
    expect(routeLabel("/artist/x.data")).toBe("/artist/:name");
    expect(routeLabel("/en/newsDetail/12")).toBe("/en/newsDetail/:postId");
    expect(routeLabel("/artist")).toBe("/artist");
    expect(routeLabel("/media/2026/11/abc.jpg")).toBe("/media/*");
    expect(routeLabel("/wp-login.php")).toBe("unmatched");
  });
});
