import { describe, expect, it } from "vitest";
import { securityHeaders } from "../../../app/server/pipeline/security-headers.server";
import { serve } from "./serve";

const env = { NODE_ENV: "production", PUBLIC_ORIGIN: undefined, KAKAO_MAP_APP_KEY: undefined, MEDIA_PUBLIC_URL: undefined } as const;

describe("security headers", () => {
  it("every answer carries them, with a fresh nonce in the policy, and no HSTS over plain http", async () => {
    const { url } = await serve((app) => {
      app.use(securityHeaders(env));
      app.get("/", (_req, res) => res.send(String(res.locals.cspNonce)));
    });
    const first = await fetch(url);
    const nonce = await first.text();
    expect(first.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toBeNull();
    expect(await (await fetch(url)).text()).not.toBe(nonce);
  });

  it("HSTS when the site's origin is https; no policy in development; the map and media hosts when configured", async () => {
    const { url } = await serve((app) => {
      app.use(securityHeaders({ ...env, NODE_ENV: "development", PUBLIC_ORIGIN: "https://we.example" }));
      app.get("/", (_req, res) => res.end());
    });
    const answer = await fetch(url);
    expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(answer.headers.get("content-security-policy")).toBeNull();

    const configured = await serve((app) => {
      app.use(securityHeaders({ ...env, KAKAO_MAP_APP_KEY: "key", MEDIA_PUBLIC_URL: "https://cdn.example/media" }));
      app.get("/", (_req, res) => res.end());
    });
    const policy = (await fetch(configured.url)).headers.get("content-security-policy");
    expect(policy).toContain("https://dapi.kakao.com");
    expect(policy).toContain("https://cdn.example/media/");
  });

  it("frames only from this site and the showreels' three privacy-enhanced player hosts (decision 046)", async () => {
    const { url } = await serve((app) => {
      app.use(securityHeaders(env));
      app.get("/", (_req, res) => res.end());
    });
    const policy = (await fetch(url)).headers.get("content-security-policy") ?? "";
    const frames = policy.split(";").map((d) => d.trim()).filter((d) => d.startsWith("frame-src"));
    expect(frames).toEqual(["frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com https://tv.naver.com"]);
    // Nothing else of the players' reaches the other directives.
    const others = policy.split(";").filter((d) => !d.trim().startsWith("frame-src")).join(";");
    expect(others).not.toMatch(/youtube|vimeo|naver/);
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
