import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useAppServer } from "../../setup/app-server";
import { TEST_ADMIN, uniqueClientIp, withTotpCode } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";
import { call, postForm } from "../../setup/site-requests";

const SITE = "https://www.we-site.example";
const PARTNER = "https://partner.example";

/**
 * Behind a TLS-terminating proxy that the server was not told to trust (no TRUST_PROXY): every
 * request arrives as plain http from the proxy's address. With PUBLIC_ORIGIN set, the site's origin is
 * PUBLIC_ORIGIN all the same (decision 031): signing in works, the cookie is Secure, HSTS is sent, and
 * the same-origin check compares with it. And an origin allowed to call the API (CORS_ORIGINS) writes
 * with a token only, never with the administrator's cookie.
 */
describe(`PUBLIC_ORIGIN behind an untrusted proxy, and cookies across origins (${testEngine()})`, () => {
  const server = useAppServer({ beforeAll, afterAll }, { env: { PUBLIC_ORIGIN: SITE, TRUST_PROXY: "", CORS_ORIGINS: PARTNER } });
  let cookie: string;

  /** The browser's sign-in through the proxy: its Origin is the https site, the request reaching us is http. */
  const signIn = (origin: string, path = "/adminLogin", fields: Record<string, string> = { id: TEST_ADMIN.id, password: TEST_ADMIN.password }, extra: Record<string, string> = {}) =>
    fetch(`${server.baseURL}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": uniqueClientIp(), "X-Forwarded-Proto": "https", ...extra },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });

  beforeAll(async () => {
    const response = await signIn(SITE);
    expect(response.status).toBe(302);
    // The password, then the second step (decision 040): its cookie is Secure too.
    const pending = response.headers.getSetCookie().find((c) => c.startsWith("we_2fa_pending="))!;
    expect(pending).toMatch(/;\s*Secure/i);
    let session = "";
    await withTotpCode(server.baseURL, TEST_ADMIN, async (code) => {
      const verified = await signIn(SITE, "/adminLogin/verify", { code }, { Cookie: pending.split(";")[0]! });
      session = verified.headers.getSetCookie().find((c) => c.startsWith("we_session=")) ?? "";
      return session ? "accepted" : (await verified.text()).includes("이미 사용한") ? "replayed" : "wrong";
    });
    // Secure, although the request came in over http.
    expect(session).toMatch(/;\s*Secure/i);
    cookie = session.split(";")[0]!;
  });

  it("pages name the public origin and say HSTS, whatever the proxy made the request look like", async () => {
    const home = await fetch(`${server.baseURL}/`);
    expect(home.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(await home.text()).toContain(`<link rel="canonical" href="${SITE}/"`);
  });

  it("the same-origin check compares with PUBLIC_ORIGIN: the server's own http address is another origin", async () => {
    expect((await signIn(server.baseURL)).status).toBe(403);
  });

  it("the administrator's cookie writes from the site's own pages only; an allowed API origin needs a token", async () => {
    const body = { title: "다른 사이트에서 쓴 글", content: "<p>x</p>" };
    const own = await call(server, { method: "POST", path: "/api/we/writenews", cookie, body, headers: { Origin: SITE, "Sec-Fetch-Site": "same-origin" } });
    expect(own.status).toBe(201);

    const viaPartner = await call(server, { method: "POST", path: "/api/we/writenews", cookie, body, headers: { Origin: PARTNER, "Sec-Fetch-Site": "cross-site" } });
    expect(viaPartner.status).toBe(401);
    expect(viaPartner.body).toMatchObject({ error: { code: "unauthorized", message: expect.stringMatching(/[가-힣]/) } });
    // A multipart upload needs no preflight: it is refused the same way.
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array([1, 2, 3])], { type: "image/jpeg" }), "x.jpg");
    const upload = await fetch(`${server.baseURL}/api/img`, { method: "POST", headers: { Cookie: cookie, Origin: PARTNER }, body: form });
    expect(upload.status).toBe(401);

    // The token is made on the tokens page, as the administrator does it through the proxy.
    const tokensPage = await postForm(server, cookie, "/adminApiTokens", { name: "파트너 도구", intent: "create" });
    const token = /<code class="token-value">(we_[A-Za-z0-9_-]+)<\/code>/.exec(await tokensPage.text())?.[1];
    expect(token).toBeDefined();
    const withToken = await call(server, { method: "POST", path: "/api/we/writenews", body, headers: { Origin: PARTNER, Authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(201);
  });
});
