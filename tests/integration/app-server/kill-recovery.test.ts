import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startAppServer, type AppServer } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";

const WRITERS = 4;

/**
 * Writers post news through the JSON API back to back until the server dies. After `killAfter`
 * acknowledged writes (a 201 received) the server gets SIGKILL, while the other writers' requests are
 * in flight. Returns the titles acknowledged.
 */
async function writeUntilKilled(server: AppServer, cookie: string, cycle: number, killAfter: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let killed = false;
  const writer = async (w: number) => {
    for (let n = 0; ; n++) {
      const title = `kill ${cycle} writer ${w} #${n}`;
      let status: number;
      try {
        const response = await fetch(`${server.baseURL}/api/we/writenews`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: server.baseURL, "Content-Type": "application/json" },
          body: JSON.stringify({ title, content: `<p>${title}</p>` }),
        });
        status = response.status;
        await response.arrayBuffer().catch(() => undefined);
      } catch {
        // The server is gone: this write was never acknowledged.
        return;
      }
      // A busy server may shed a request with 503; that write was refused, not acknowledged.
      if (status === 503) continue;
      if (status !== 201) throw new Error(`write ${title}: unexpected status ${status}`);
      acknowledged.push(title);
      if (acknowledged.length === killAfter && !killed) {
        killed = true;
        server.kill("SIGKILL");
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return acknowledged;
}

async function newsTitles(server: AppServer): Promise<Set<string>> {
  const response = await fetch(`${server.baseURL}/api/we/newslist`);
  expect(response.status).toBe(200);
  return new Set(((await response.json()) as { title: string }[]).map((post) => post.title));
}

describe.each(["embedded", "postgres"] as const)("kill -9 while writes are in flight (%s)", (engine) => {
  it("every acknowledged write is there after each restart, over three kill/restart cycles", async () => {
    const first = await startAppServer({ engine });
    const servers: AppServer[] = [first];
    try {
      const cookie = await signInCookie(first.baseURL);
      const acknowledged: string[] = [];
      let server = first;
      for (let cycle = 1; cycle <= 3; cycle++) {
        const killAfter = 3 + Math.floor(Math.random() * 20);
        const written = await writeUntilKilled(server, cookie, cycle, killAfter);
        expect(written.length).toBeGreaterThanOrEqual(killAfter);
        acknowledged.push(...written);
        expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
        if (engine === "embedded") {
          // The killed process left its lock behind, and its embedded PostgreSQL running (decision 055).
          expect(fs.existsSync(path.join(first.dataDir, "pglite.lock"))).toBe(true);
          expect(fs.existsSync(path.join(first.dataDir, "postgres", "postmaster.pid"))).toBe(true);
        }

        // Restarted on the same data with no manual step, it serves every acknowledged write.
        server = await startAppServer({ engine, dataDir: first.dataDir, databaseUrl: first.databaseUrl ?? undefined });
        servers.push(server);
        const titles = await newsTitles(server);
        expect(acknowledged.filter((title) => !titles.has(title))).toEqual([]);
      }
    } finally {
      // The first server owns the database and DATA_DIR: it cleans up last.
      for (const server of servers.reverse()) await server.stop();
    }
  }, 120_000);
});
