import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedConnectionUrl, embeddedPostgresPaths } from "../../../app/server/platform/embedded-postgres-paths.server";
import { runningPostmaster } from "../../../app/server/platform/embedded-postgres-process.server";
import { EMBEDDED_SYSTEM_USER } from "../../../app/server/platform/embedded-postgres-user.server";
import { pollUntil, startAppServer, type AppServer } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";

/**
 * The embedded default database (decision 055): without DATABASE_URL the server runs a real PostgreSQL
 * 18 under DATA_DIR. It is made on a fresh directory, keeps acknowledged writes through a clean stop, a
 * killed postmaster and a killed app, and leaves no server running once the app has stopped. (In the
 * PGlite project: the project without DATABASE_URL; the embedded server needs no TEST_DATABASE_URL.)
 */

/** The uid a process runs as, from /proc. */
function uidOf(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("Uid:"))!;
  return Number(line.split(/\s+/)[1]);
}

/** Processes whose command line names the directory (a postmaster's `-D`). */
function processesOn(dir: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").includes(dir)) found.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
};

/** Asks the data directory's embedded PostgreSQL directly, through its socket and password file. */
async function query<T extends pg.QueryResultRow>(dataDir: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: embeddedConnectionUrl(dataDir) });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function writeNotice(server: AppServer, cookie: string, title: string): Promise<Response> {
  return fetch(`${server.baseURL}/api/we/writenotice`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.origin, "Content-Type": "application/json" },
    body: JSON.stringify({ title, content: `<p>${title}</p>` }),
  });
}

async function titlesIn(dataDir: string): Promise<Set<string>> {
  return new Set((await query<{ title: string }>(dataDir, "select title from posts where kind = 'notice'")).map((r) => r.title));
}

describe("the embedded PostgreSQL of a data directory", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-embedded-"));
  // As root, PostgreSQL runs as a system user, which must be able to enter DATA_DIR.
  fs.chmodSync(dataDir, 0o755);
  const paths = embeddedPostgresPaths(dataDir);
  const acknowledged: string[] = [];
  let server: AppServer | null = null;
  let cookie = "";

  const start = async () => {
    server = await startAppServer({ engine: "embedded", dataDir });
    cookie = await signInCookie(server.baseURL, undefined, server.origin);
    return server;
  };
  const postmaster = () => {
    const pid = runningPostmaster(paths.clusterDir);
    if (pid === null) throw new Error("no postmaster runs on the data directory");
    return pid;
  };

  beforeAll(start, 180_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is made on a fresh DATA_DIR, serves the site, and runs as the system user when the app runs as root", async () => {
    expect((await fetch(`${server!.baseURL}/`)).status).toBe(200);
    const pid = postmaster();
    if (process.getuid!() === 0) {
      expect(EMBEDDED_SYSTEM_USER).toBe("we-postgres");
      const [passwd] = fs.readFileSync("/etc/passwd", "utf8").split("\n").filter((l) => l.startsWith(`${EMBEDDED_SYSTEM_USER}:`));
      expect(uidOf(pid)).toBe(Number(passwd!.split(":")[2]));
      expect(uidOf(pid)).not.toBe(0);
    } else {
      expect(uidOf(pid)).toBe(process.getuid!());
    }
    const response = await writeNotice(server!, cookie, "첫 공지");
    expect(response.status).toBe(201);
    acknowledged.push("첫 공지");
  });

  it("keeps its secrets to itself: password file 0600, socket directory closed to others, no TCP port, fsync on", async () => {
    expect(fs.statSync(paths.passwordFile).mode & 0o777).toBe(0o600);
    expect(fs.statSync(paths.socketDir).mode & 0o077).toBe(0);
    expect(fs.statSync(paths.clusterDir).mode & 0o077).toBe(0);
    const [settings] = await query<{ listen: string; fsync: string; sync: string; fpw: string }>(
      dataDir,
      "select current_setting('listen_addresses') as listen, current_setting('fsync') as fsync, current_setting('synchronous_commit') as sync, current_setting('full_page_writes') as fpw",
    );
    expect(settings).toEqual({ listen: "", fsync: "on", sync: "on", fpw: "on" });
    // Nothing of the postmaster's listens on TCP (state 0A in /proc/net/tcp{,6}, by socket inode).
    const pid = postmaster();
    const inodes = new Set(
      fs
        .readdirSync(`/proc/${pid}/fd`)
        .map((fd) => {
          try {
            return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
          } catch {
            return undefined;
          }
        })
        .filter(Boolean),
    );
    expect(inodes.size).toBeGreaterThan(0);
    const listening = ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
      fs.existsSync(file)
        ? fs
            .readFileSync(file, "utf8")
            .split("\n")
            .slice(1)
            .map((line) => line.trim().split(/\s+/))
            .filter((f) => f[3] === "0A" && inodes.has(f[9]))
        : [],
    );
    expect(listening).toEqual([]);
  });

  it("stops with the app on SIGTERM (exit 0, no server left) and keeps what was written", async () => {
    const pid = postmaster();
    server!.kill("SIGTERM");
    expect(await server!.exited).toEqual({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);
    expect(processesOn(paths.clusterDir)).toEqual([]);
    expect(fs.existsSync(path.join(paths.clusterDir, "postmaster.pid"))).toBe(false);
    await start();
    expect(await titlesIn(dataDir)).toContain("첫 공지");
  }, 120_000);

  it("starts a postmaster killed with -9 again: 503 with Retry-After meanwhile, serving within 10 s, no acknowledged write lost", async () => {
    const s = server!;
    let writing = true;
    const statuses: number[] = [];
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const title = `쓰는 중 ${n}`;
        const response = await writeNotice(s, cookie, title).catch(() => null);
        if (response?.status === 201) acknowledged.push(title);
        if (response) statuses.push(response.status);
      }
    })();
    await pollUntil(() => acknowledged.length >= 5, { timeoutMs: 20_000, what: () => "a few writes before the kill" });
    const killed = postmaster();
    process.kill(killed, "SIGKILL");
    const killedAt = Date.now();
    // A page no cache holds asks the database: it answers 503 with Retry-After while PostgreSQL is away.
    let retryAfter: string | null = null;
    let n = 0;
    await pollUntil(
      async () => {
        const response = await fetch(`${s.baseURL}/notice?page=${2 + (n++ % 50)}`, { headers: { Accept: "text/html" } });
        await response.arrayBuffer();
        if (response.status === 503) retryAfter = response.headers.get("retry-after");
        return response.status === 503;
      },
      { timeoutMs: 10_000, intervalMs: 10, what: () => "a 503 while the postmaster is away" },
    );
    expect(retryAfter).toMatch(/^\d+$/);
    await pollUntil(async () => (await fetch(`${s.baseURL}/healthz`)).ok, { timeoutMs: 10_000, intervalMs: 50, what: () => "the site to serve again" });
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    const before = acknowledged.length;
    await pollUntil(() => acknowledged.length >= before + 3, { timeoutMs: 10_000, what: () => "writes after the restart" });
    writing = false;
    await writer;
    expect(postmaster()).not.toBe(killed);
    expect(statuses).toContain(503);
    // A write either went through or was refused as the database being away: none failed otherwise.
    expect(new Set(statuses.filter((status) => status !== 201 && status !== 503))).toEqual(new Set());
    const stored = await titlesIn(dataDir);
    expect(acknowledged.filter((t) => !stored.has(t))).toEqual([]);
  }, 60_000);

  it("stops the postmaster a killed app left running before starting, and keeps every acknowledged write", async () => {
    const orphan = postmaster();
    for (let n = 0; n < 5; n++) {
      const title = `죽기 전 ${n}`;
      expect((await writeNotice(server!, cookie, title)).status).toBe(201);
      acknowledged.push(title);
    }
    server!.kill("SIGKILL");
    await server!.exited;
    // Node cannot take its child with it: the postmaster outlives the app.
    expect(alive(orphan)).toBe(true);
    await start();
    expect(alive(orphan)).toBe(false);
    expect(postmaster()).not.toBe(orphan);
    expect((await fetch(`${server!.baseURL}/`)).status).toBe(200);
    const stored = await titlesIn(dataDir);
    expect(acknowledged.filter((t) => !stored.has(t))).toEqual([]);
  }, 120_000);

  it("starts again after the app and its postmaster were both killed with -9, whatever is left of the postmaster", async () => {
    const killedPostmaster = postmaster();
    for (let n = 0; n < 5; n++) {
      const title = `둘 다 죽기 전 ${n}`;
      expect((await writeNotice(server!, cookie, title)).status).toBe(201);
      acknowledged.push(title);
    }
    process.kill(killedPostmaster, "SIGKILL");
    server!.kill("SIGKILL");
    await server!.exited;
    // Its postmaster.pid stays behind, naming a process that is gone, or a zombie nobody reaps (a
    // container without an init): PostgreSQL alone would refuse to start on the latter.
    expect(fs.existsSync(path.join(paths.clusterDir, "postmaster.pid"))).toBe(true);
    await pollUntil(() => !alive(killedPostmaster), { timeoutMs: 10_000, what: () => "the killed postmaster to be gone" });
    await start();
    expect(postmaster()).not.toBe(killedPostmaster);
    expect((await fetch(`${server!.baseURL}/`)).status).toBe(200);
    expect((await writeNotice(server!, cookie, "다시 산 뒤")).status).toBe(201);
    const stored = await titlesIn(dataDir);
    expect(acknowledged.filter((t) => !stored.has(t))).toEqual([]);
  }, 120_000);
});

// Only root can start the app as another user; run by an unprivileged user, the suite above is this case.
const asRoot = process.getuid?.() === 0;
(asRoot ? describe : describe.skip)("the embedded PostgreSQL of an app run as an unprivileged user", () => {
  const nobody = { uid: 65534, gid: 65534 };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "we-embedded-nobody-"));
  fs.chmodSync(dataDir, 0o755);
  fs.chownSync(dataDir, nobody.uid, nobody.gid);
  let server: AppServer | null = null;
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("runs PostgreSQL as that user, in a DATA_DIR it owns", async () => {
    server = await startAppServer({ engine: "embedded", dataDir, runAs: nobody });
    expect((await fetch(`${server.baseURL}/`)).status).toBe(200);
    const pid = runningPostmaster(embeddedPostgresPaths(dataDir).clusterDir)!;
    expect(uidOf(pid)).toBe(nobody.uid);
    expect(fs.statSync(embeddedPostgresPaths(dataDir).passwordFile).uid).toBe(nobody.uid);
    server.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);
  }, 180_000);
});

(asRoot ? describe : describe.skip)("the embedded PostgreSQL of an app run as root from a directory closed to others (a clone under /root)", () => {
  // Like /root (0700): the system user PostgreSQL runs as cannot enter the default DATA_DIR (./data).
  const closed = fs.mkdtempSync(path.join(os.tmpdir(), "we-embedded-closed-"));
  const dataDir = path.join(closed, "data");
  const paths = embeddedPostgresPaths(dataDir);
  let server: AppServer | null = null;
  let home = "";
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(closed, { recursive: true, force: true });
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  it("keeps the cluster where that user can reach it, linked from DATA_DIR, and starts again on it", async () => {
    expect(fs.statSync(closed).mode & 0o777).toBe(0o700);
    server = await startAppServer({ engine: "embedded", dataDir });
    expect((await fetch(`${server.baseURL}/`)).status).toBe(200);
    expect(fs.lstatSync(paths.clusterDir).isSymbolicLink()).toBe(true);
    const real = fs.realpathSync(paths.clusterDir);
    expect(real).toMatch(new RegExp(`^/var/lib/${EMBEDDED_SYSTEM_USER}/clusters/[0-9a-f]{16}/postgres$`));
    home = path.dirname(real);
    expect(fs.existsSync(path.join(real, "PG_VERSION"))).toBe(true);
    // Nothing but the links is left under DATA_DIR for the server: its files are the app's (password, log).
    const pid = runningPostmaster(paths.clusterDir)!;
    expect(pid).toBeGreaterThan(0);
    expect(uidOf(pid)).not.toBe(0);
    expect(processesOn(real)).toContain(pid);
    const cookie = await signInCookie(server.baseURL, undefined, server.origin);
    expect((await writeNotice(server, cookie, "닫힌 디렉터리의 공지")).status).toBe(201);

    server.kill("SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);

    server = await startAppServer({ engine: "embedded", dataDir });
    expect(await titlesIn(dataDir)).toContain("닫힌 디렉터리의 공지");
    expect(fs.realpathSync(paths.clusterDir)).toBe(real);
  }, 240_000);
});
