import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUsers } from "../../../drizzle/schema";
import { hashPassword } from "../../../app/server/auth/passwords.server";
import { startInProcessApp, type InProcessApp } from "../../setup/in-process-app";
import { signInCookie } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

const WARNING = "사이트 주소(PUBLIC_ORIGIN)가 설정되지 않았습니다";

/**
 * Without PUBLIC_ORIGIN the server takes its address from each request's Host header (a trial on one
 * machine; a deployed server refuses to start without it, decision 053): the workspace's overview tells
 * the owner to set it before the site goes behind a CDN, and nobody else, and says nothing once it is set.
 */
describe(`the overview's PUBLIC_ORIGIN warning (${testEngine()})`, () => {
  let trial: InProcessApp | undefined;
  let configured: InProcessApp | undefined;

  beforeAll(async () => {
    trial = await startInProcessApp("origin-trial");
    configured = await startInProcessApp("origin-set", { PUBLIC_ORIGIN: "https://www.we-site.example" });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([trial?.stop(), configured?.stop()]);
  });

  const overview = async (baseURL: string, cookie: string) => {
    const response = await fetch(`${baseURL}/admin`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("the owner of a server without PUBLIC_ORIGIN is told to set it, and why", async () => {
    const html = await overview(trial!.baseURL, await signInCookie(trial!.baseURL));
    expect(html).toContain(WARNING);
    expect(html).toContain("CDN이나 프록시 뒤에 사이트를 두기 전에 서버 환경 변수 <code>PUBLIC_ORIGIN</code>에 공개 주소");
  });

  it("an editor of the same server is not: the server's configuration is the owner's", async () => {
    const editor = { id: "origin-editor", password: "editor-password-1" };
    await trial!.runtime.db.insert(staffUsers).values({ loginId: editor.id, passwordHash: await hashPassword(editor.password), role: "editor", displayName: "편집 담당", email: "" });
    const html = await overview(trial!.baseURL, await signInCookie(trial!.baseURL, editor));
    expect(html).toMatch(/<h1[^>]*>개요<\/h1>/);
    expect(html).not.toContain(WARNING);
  });

  it("with PUBLIC_ORIGIN set, the owner is not warned", async () => {
    const { baseURL } = configured!;
    // PUBLIC_ORIGIN is the site's origin for every request: the sign-in's Origin is it (decision 031).
    const html = await overview(baseURL, await signInCookie(baseURL, undefined, "https://www.we-site.example"));
    expect(html).toMatch(/<h1[^>]*>개요<\/h1>/);
    expect(html).not.toContain(WARNING);
  });
});
