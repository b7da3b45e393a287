import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollUntil, startAppServer, type AppServer } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";
import { testEngine } from "../../setup/test-database";

/**
 * Credentials that travel in addresses stay out of the logs (decision 053): a staff invitation's token
 * and a casting package's token (decision 047) are their holders' only credential. The production
 * server, logging every request (LOG_LEVEL=debug), goes through a whole story (an owner invites a
 * person, a forged cross-site post to the invitation, the person accepts; a casting package made and
 * opened, answered and attacked by its recipient) and its whole log is searched for every token issued.
 */
describe(`credentials in addresses stay out of the logs (${testEngine()})`, () => {
  let server: AppServer | undefined;
  let cookie: string;

  beforeAll(async () => {
    server = await startAppServer({ captureStdout: true, env: { LOG_LEVEL: "debug" } });
    cookie = await signInCookie(server.baseURL, undefined, server.origin);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("an invitation and a casting package, from issue to use: the log holds [redacted] in place of every token", async () => {
    const { baseURL, origin } = server!;
    const form = (fields: string[][]) => ({ "Content-Type": "application/x-www-form-urlencoded", body: new URLSearchParams(fields) });
    const post = (path: string, fields: string[][], headers: Record<string, string> = { Cookie: cookie, Origin: origin }) => {
      const { body, ...type } = form(fields);
      return fetch(baseURL + path, { method: "POST", headers: { ...headers, ...type }, body, redirect: "manual" });
    };

    // The owner invites a person; the link is shown once.
    const invited = await post("/admin/staff", [["intent", "invite"], ["displayName", "로그 시험"], ["email", "log.test@example.com"], ["role", "editor"]]);
    expect(invited.status).toBe(200);
    const invitation = /\/adminInvite\/([A-Za-z0-9_-]{43})/.exec(await invited.text())![1]!;
    const invitationPath = `/adminInvite/${invitation}`;
    // Another site's page posting to the invitation: refused, and logged at the default level.
    const forged = await post(invitationPath, [["loginId", "intruder"], ["password", "intruder-password-1"], ["passwordConfirm", "intruder-password-1"]], { Origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await fetch(baseURL + invitationPath)).status).toBe(200);
    expect((await fetch(`${baseURL}${invitationPath}.data`)).status).toBeLessThan(500);
    const accepted = await post(invitationPath, [["loginId", "logtest"], ["password", "editor-password-1"], ["passwordConfirm", "editor-password-1"]], { Origin: origin, Referer: baseURL + invitationPath });
    expect(accepted.status).toBe(302);
    expect((await fetch(baseURL + invitationPath)).status).toBe(404);

    // A casting package for a production, opened and answered by its recipient.
    const actor = await fetch(`${baseURL}/api/we/addactor`, { method: "POST", headers: { Cookie: cookie, Origin: origin, "Content-Type": "application/json" }, body: JSON.stringify({ name: "로그배우", ename: "LOG ACTOR" }) });
    expect(actor.status).toBe(201);
    const newPackage = await (await fetch(`${baseURL}/admin/packages/new`, { headers: { Cookie: cookie } })).text();
    const artistId = /name="artist" value="(\d+)"/.exec(newPackage)![1]!;
    const created = await post("/admin/packages/new", [["title", "로그 시험 패키지"], ["recipientCompany", "스튜디오"], ["recipientName", "담당자"], ["locale", "ko"], ["artist", artistId]]);
    expect(created.status).toBe(302);
    const packagePage = await (await fetch(baseURL + created.headers.get("location")!, { headers: { Cookie: cookie } })).text();
    const token = /\/casting\/([A-Za-z0-9_-]{43})/.exec(packagePage)![1]!;
    for (const path of [`/casting/${token}`, `/casting/${token}/${artistId}`, `/casting/${token}/${artistId}?answered=1`, `/casting/${token}.data`, `/casting/${token}/package.pdf`]) {
      expect((await fetch(baseURL + path, { headers: { Referer: `${baseURL}/casting/${token}` } })).status, path).toBeLessThan(500);
    }
    const answer = await post(`/casting/${token}/${artistId}`, [["mark", "interested"]], { Origin: origin });
    expect(answer.status).toBe(303);
    const foreign = await post(`/casting/${token}/${artistId}`, [["mark", "hold"]], { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await fetch(`${baseURL}/casting/${altered}`)).status).toBe(404);

    // Each request's line is written when its answer finishes: one more request marks the end of the story.
    expect((await fetch(`${baseURL}/healthz?story=done`)).status).toBe(200);
    await pollUntil(() => server!.output().includes('"url":"/healthz?story=done"'), { timeoutMs: 10_000, what: () => "the last request's log line" });
    const output = server!.output();
    for (const [name, value] of [["invitation", invitation], ["package", token], ["altered package", altered]]) {
      expect(output.includes(value!), `the ${name} token is in the log`).toBe(false);
    }
    expect(output).toMatch(/"origin":"https:\/\/evil\.example","url":"\/adminInvite\/\[redacted\]".*"msg":"cross-site write refused"/);
    expect(output).toContain('"url":"/adminInvite/[redacted]","status":302');
    expect(output).toContain('"url":"/casting/[redacted]"');
    expect(output).toContain(`"url":"/casting/[redacted]/${artistId}"`);
    expect(output).toContain('"url":"/casting/[redacted]/package.pdf"');
  });
});
