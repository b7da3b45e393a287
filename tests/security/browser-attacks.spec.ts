import { createHash } from "node:crypto";
import { WEB_FONT_SCRIPT } from "../../app/lib/web-font";
import http from "node:http";
import type net from "node:net";
import { expect, test } from "@playwright/test";
import { useAppServer } from "../setup/app-server";
import { browserCookie, TEST_ADMIN } from "../setup/sign-in";
import { uploadFile } from "../setup/site-requests";

const server = useAppServer(test, { engine: "embedded", signIn: true });

test("security headers are on every kind of response; CSP has no unsafe-inline scripts; HSTS only for an https PUBLIC_ORIGIN", async ({ request }) => {
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
  const media = (await uploadFile(server, server.cookie, { name: "p.png", type: "image/png", bytes: png })).body as { url: string };
  const html = await (await fetch(`${server.baseURL}/`)).text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)![0];
  const paths = ["/", "/", "/artist", "/news?page=2", "/nowhere", "/adminLogin", "/api/we/actorList", "/api/we/nothing", "/robots.txt", "/sitemap.xml", "/healthz", media.url, asset, "/favicon.svg"];
  for (const path of paths) {
    const response = await request.get(server.baseURL + path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    if ((headers["content-type"] ?? "").startsWith("text/html")) {
      const csp = headers["content-security-policy"] ?? "";
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      // Inline scripts only by this response's nonce or their hash; a visitor's public page has one, the
      // web font's flag (decision 048), so its policy is 'self' and that script's hash, and no nonce.
      expect(scriptSrc.trim(), path).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*( 'nonce-[A-Za-z0-9+/=]+')?( https:\/\/[\w.-]+)*$/);
      if (path === "/" || path === "/artist") expect(scriptSrc.trim(), path).toBe(`script-src 'self' 'sha256-${createHash("sha256").update(WEB_FONT_SCRIPT).digest("base64")}'`);
      expect(scriptSrc, path).not.toContain("unsafe-inline");
      expect(scriptSrc, path).not.toContain("unsafe-eval");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("base-uri 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
    }
  }
  // Two responses never share a nonce.
  const a = (await request.get(`${server.baseURL}/adminLogin`)).headers()["content-security-policy"];
  const b = (await request.get(`${server.baseURL}/adminLogin`)).headers()["content-security-policy"];
  expect(a).not.toBe(b);
  expect((await request.get(`${server.baseURL}/company`)).headers()["strict-transport-security"]).toBeUndefined();
  // PUBLIC_ORIGIN (here http) decides, whatever the proxy says; an https one sends HSTS
  // (tests/integration/app-server/public-origin-and-cors.test.ts).
  const https = await request.get(`${server.baseURL}/company`, { headers: { "X-Forwarded-Proto": "https" } });
  expect(https.headers()["strict-transport-security"]).toBeUndefined();
});

test("the site's own scripts run under its CSP (nonces and hashes match)", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  for (const path of ["/", "/", "/artist", "/adminLogin"]) {
    await page.goto(server.baseURL + path);
    await expect(page.locator("html")).toHaveAttribute("lang", "ko");
  }
  // The enhancement script runs (the carousel island has started), with no violation on the way.
  await page.goto(`${server.baseURL}/`);
  await expect(page.locator(".home-artists .carousel.is-ready, .home-artists .empty-state")).toHaveCount(1);
  expect(violations).toEqual([]);
});

test("CSRF from a page on another loopback port (multipart form, text/plain form, no-cors fetch) changes nothing", async ({ page, context }) => {
  await context.addCookies([browserCookie(server.cookie, server.baseURL)]);
  const target = server.baseURL;
  const attackerPage = `<!doctype html><html><body>
    <form id="multipart" method="POST" action="${target}/adminNewsWrite" enctype="multipart/form-data" target="f1">
      <input name="title" value="CSRF 멀티파트"><input name="content" value="<p>x</p>"><input name="intent" value="save"></form>
    <form id="plain" method="POST" action="${target}/api/we/writenews" enctype="text/plain" target="f2">
      <input name='{"title":"CSRF 텍스트","content":"<p>x</p>","x":"' value='"}'></form>
    <iframe name="f1"></iframe><iframe name="f2"></iframe>
    <script>
      document.getElementById("multipart").submit();
      document.getElementById("plain").submit();
      fetch("${target}/api/we/writenotice", { method: "POST", mode: "no-cors", credentials: "include", headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ title: "CSRF fetch", content: "<p>x</p>" }) });
      fetch("${target}/api/we/deletenews/1", { method: "POST", mode: "no-cors", credentials: "include" });
    </script></body></html>`;
  const attacker = http.createServer((_req, res) => {
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.end(attackerPage);
  });
  await new Promise<void>((r) => attacker.listen(0, "127.0.0.1", r));
  const port = (attacker.address() as net.AddressInfo).port;
  const refused: number[] = [];
  page.on("response", (r) => {
    if (r.url().startsWith(target) && r.request().method() === "POST") refused.push(r.status());
  });
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    // Two form posts and two fetches reach the server, each refused.
    await expect.poll(() => refused.length).toBe(4);
  } finally {
    attacker.close();
  }
  expect(refused.every((s) => s === 403)).toBe(true);
  for (const kind of ["news", "notice"]) {
    const list = await (await fetch(`${target}/api/we/${kind}list`)).text();
    expect(list).not.toContain("CSRF");
  }
});

test("artist text with script-breaking strings renders as text, everywhere; the social link takes only http(s)", async ({ page }) => {
  const hostile = {
    name: "</script>배우\u2028",
    ename: `"'><img src=x onerror=alert(1)>`,
    birthday: "\u2028\u2029</script>x",
    cm: "<b>180</b>",
    insta: "https://www.instagram.com/ok/",
    schoolList: ["</script><script>alert(1)</script>", "\"quoted\" & 'single'"],
    winList: ["<img src=x onerror=alert(1)>"],
    movieList: ["{{constructor.constructor('alert(1)')()}}"],
  };
  const created = await fetch(`${server.baseURL}/api/we/addactor`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: server.cookie, Origin: server.baseURL },
    body: JSON.stringify({ ...hostile, name: "스크립트배우" }),
  });
  expect(created.status).toBe(201);
  const badName = await fetch(`${server.baseURL}/api/we/addactor`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: server.cookie, Origin: server.baseURL },
    body: JSON.stringify(hostile),
  });
  expect(badName.status).toBe(400);
  for (const insta of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "ftp://x.example"]) {
    const bad = await fetch(`${server.baseURL}/api/we/addactor`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: server.cookie, Origin: server.baseURL },
      body: JSON.stringify({ name: "링크배우", insta }),
    });
    expect(bad.status, insta).toBe(400);
  }

  const hits: string[] = [];
  page.on("dialog", (d) => {
    hits.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${server.baseURL}/artist/${encodeURIComponent("스크립트배우")}`);
  await expect(page.locator(".artist-detail__ename")).toHaveText(hostile.ename);
  await expect(page.getByRole("row", { name: /생년월일/ }).locator("td")).toHaveText(hostile.birthday);
  await expect(page.getByRole("row", { name: /학력/ }).getByRole("listitem").first()).toHaveText(hostile.schoolList[0]!);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd.alternateName).toBe(hostile.ename);
  await page.goto(`${server.baseURL}/artist`);
  await expect(page.locator(".artist-card__ename").filter({ hasText: "onerror" })).toHaveText(hostile.ename);
  await page.goto(`${server.baseURL}/`);
  await page.goto(`${server.baseURL}/sitemap.xml`);
  expect(hits).toEqual([]);
  expect(TEST_ADMIN.id).toBe("admin");
});
