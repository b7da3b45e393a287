import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "../../../drizzle/schema";
import type { Runtime } from "../../../app/server/composition/runtime.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";
import { call } from "../../setup/site-requests";
import { WEB_FONT_SCRIPT } from "../../../app/lib/web-font";

/**
 * Decision 031: a stored public page's Content-Security-Policy allows the scripts the app emits and
 * nothing else. Visitors' pages emit one inline script (the web font's flag, allowed by its hash), so a
 * script that reached a page's HTML some other way (here: written into a post's rendered HTML in the database, as a sanitizer bug would) is
 * neither hashed nor given a nonce, and does not run.
 */
describe(`the policy of stored public pages (${testEngine()})`, () => {
  let app: InProcessApp | undefined;
  let runtime: Runtime;
  let baseURL: string;

  beforeAll(async () => {
    app = await startInProcessApp("csp");
    ({ runtime, baseURL } = app);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
  });

  it("a script smuggled into a post's HTML is not allowed by the page's policy, rendered or from the cache", async () => {
    const cookie = await signInCookie(baseURL);
    const created = await call({ baseURL }, { method: "POST", path: "/api/we/writenews", cookie, body: { title: "스크립트가 숨은 글", content: "<p>본문</p>" } });
    const { postId } = created.body as { postId: number };
    const smuggled = "document.title='smuggled'";
    await runtime.db.update(posts).set({ renderedContent: `<p>본문</p><script>${smuggled}</script>` }).where(eq(posts.id, postId));
    const hash = `'sha256-${createHash("sha256").update(smuggled).digest("base64")}'`;

    for (const expected of ["MISS", "HIT"]) {
      const response = await fetch(`${baseURL}/newsDetail/${postId}`);
      expect(response.headers.get("x-cache")).toBe(expected);
      const html = await response.text();
      expect(html).toContain(smuggled);
      const scriptSrc = /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
      // The one inline script the app emits (the web font's flag, decision 048) is allowed by its hash.
      expect(scriptSrc).toBe(`'self' 'sha256-${createHash("sha256").update(WEB_FONT_SCRIPT).digest("base64")}'`);
      expect(scriptSrc).not.toContain(hash);
      // Inline scripts that run (JSON-LD is data, not a script).
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(inline).toEqual([WEB_FONT_SCRIPT, smuggled]);
    }
  });
});
