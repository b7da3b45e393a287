import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * A casting package's token is its recipient's only credential (decision 047): the production server,
 * logging every request (LOG_LEVEL=debug), writes the paths of the recipient's pages with the token
 * replaced, for reads, answers, refused cross-site posts and unknown tokens alike.
 */
describe(`casting package tokens stay out of the logs (${testEngine()})`, () => {
  let server: AppServer | undefined;
  let cookie: string;

  beforeAll(async () => {
    server = await startAppServer({ captureStdout: true, env: { LOG_LEVEL: "debug" } });
    cookie = await signInCookie(server.baseURL);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("every request of the recipient's pages is logged with [token] in place of the token", async () => {
    const { baseURL } = server!;
    const api = await fetch(`${baseURL}/api/we/addactor`, { method: "POST", headers: { Cookie: cookie, Origin: baseURL, "Content-Type": "application/json" }, body: JSON.stringify({ name: "로그배우", ename: "LOG ACTOR" }) });
    expect(api.status).toBe(201);
    const form = await (await fetch(`${baseURL}/admin/packages/new`, { headers: { Cookie: cookie } })).text();
    const artistId = /name="artist" value="(\d+)"/.exec(form)![1]!;
    const created = await fetch(`${baseURL}/admin/packages/new`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["title", "로그 시험 패키지"], ["recipientCompany", "스튜디오"], ["recipientName", "담당자"], ["locale", "ko"], ["artist", artistId]]),
      redirect: "manual",
    });
    expect(created.status).toBe(302);
    const page = await (await fetch(baseURL + created.headers.get("location")!, { headers: { Cookie: cookie } })).text();
    const token = /\/casting\/([A-Za-z0-9_-]{43})/.exec(page)![1]!;

    const paths = [`/casting/${token}`, `/casting/${token}/${artistId}`, `/casting/${token}/${artistId}?answered=1`, `/casting/${token}.data`];
    for (const path of paths) expect((await fetch(baseURL + path)).status).toBeLessThan(500);
    const answer = await fetch(`${baseURL}/casting/${token}/${artistId}`, { method: "POST", headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" }, body: "mark=interested", redirect: "manual" });
    expect(answer.status).toBe(303);
    const foreign = await fetch(`${baseURL}/casting/${token}/${artistId}`, { method: "POST", headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" }, body: "mark=hold" });
    expect(foreign.status).toBe(403);
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await fetch(`${baseURL}/casting/${altered}`)).status).toBe(404);

    // The last request's line is written when its answer finishes: wait for it to reach stdout.
    const deadline = Date.now() + 10_000;
    while (!server!.output().includes('"status":404') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const output = server!.output();
    expect(output).toContain('"url":"/casting/[token]"');
    expect(output).toContain(`"url":"/casting/[token]/${artistId}"`);
    expect(output).toContain("cross-site write refused");
    expect(output.includes(token), "the token is in the log").toBe(false);
    expect(output.includes(altered), "the altered token is in the log").toBe(false);
  });
});
