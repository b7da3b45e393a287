import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pollUntil, startAppServer, type AppServer } from "../../setup/app-server";
import { signInCookie } from "../../setup/sign-in";

const BOUNDARY = "----we-shutdown-test";

/**
 * An image upload to /api/img whose body the test sends when it chooses: the request is under way (the
 * server has read its head and asked for the body with `100 Continue`) once `started` resolves.
 */
function slowUpload(server: AppServer, cookie: string, image: Buffer) {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const url = new URL("/api/img", server.baseURL);
  const request = http.request(url, {
    method: "POST",
    agent: false,
    headers: {
      Cookie: cookie,
      Origin: server.baseURL,
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length": String(head.length + image.length + tail.length),
      Expect: "100-continue",
    },
  });
  const started = new Promise<void>((resolve) => request.once("continue", resolve));
  const response = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    request.once("error", reject);
    request.once("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.once("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
      res.once("error", reject);
    });
  });
  response.catch(() => undefined);
  request.flushHeaders();
  return {
    started,
    response,
    /** Sends the body in pieces, the image split in two. */
    finish() {
      request.write(head);
      request.write(image.subarray(0, image.length >> 1));
      request.write(image.subarray(image.length >> 1));
      request.end(tail);
    },
  };
}

/** Whether a new TCP connection to the server is refused. */
function connectionRefused(server: AppServer): Promise<boolean> {
  const { port } = new URL(server.baseURL);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/** A kept-alive connection, idle after one answered request; `closed` tells whether the server closed it since. */
async function idleKeptAliveConnection(server: AppServer) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let closed = false;
  await new Promise<void>((resolve, reject) => {
    http
      .get(new URL("/healthz", server.baseURL), { agent }, (res) => {
        res.resume();
        res.once("end", resolve);
      })
      .once("socket", (socket: net.Socket) => socket.once("close", () => (closed = true)))
      .once("error", reject);
  });
  return { closed: () => closed, agent };
}

describe.each(["embedded", "postgres"] as const)("SIGTERM stops the server gracefully (%s)", (engine) => {
  it("finishes the request under way, refuses new connections, closes kept-alive ones, closes the database and exits 0", async () => {
    const first = await startAppServer({ engine, env: { SHUTDOWN_TIMEOUT_MS: "10000" } });
    let second: AppServer | null = null;
    try {
      const cookie = await signInCookie(first.baseURL);
      const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#336699" } }).png().toBuffer();
      const idle = await idleKeptAliveConnection(first);
      const upload = slowUpload(first, cookie, image);
      await upload.started;

      const signalledAt = Date.now();
      first.kill("SIGTERM");
      // While the upload is still waiting for its body: no new connections, and the idle one is closed.
      await pollUntil(() => connectionRefused(first), { timeoutMs: 5_000, what: () => "new connections to be refused" });
      await pollUntil(() => idle.closed(), { timeoutMs: 5_000, what: () => "the idle kept-alive connection to be closed" });
      expect(first.pid && process.kill(first.pid, 0)).toBe(true);

      upload.finish();
      const answer = await upload.response;
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe("close");
      const { url } = JSON.parse(answer.body) as { url: string };
      expect(url).toMatch(/^\/media\//);

      expect(await first.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      // The embedded database server stopped with it (a clean stop removes its postmaster.pid).
      if (engine === "embedded") expect(fs.existsSync(path.join(first.dataDir, "postgres", "postmaster.pid"))).toBe(false);
      idle.agent.destroy();

      // A restart on the same data starts at once and has the upload that finished during the shutdown.
      second = await startAppServer({ engine, dataDir: first.dataDir, databaseUrl: first.databaseUrl ?? undefined, env: { SHUTDOWN_TIMEOUT_MS: "300" } });
      const served = await fetch(new URL(url, second.baseURL));
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toMatch(/^image\//);

      // A request that does not finish within SHUTDOWN_TIMEOUT_MS is cut off: exit 1, but the database is closed all the same.
      const stuck = slowUpload(second, await signInCookie(second.baseURL), image);
      await stuck.started;
      second.kill("SIGTERM");
      await expect(stuck.response).rejects.toThrow(/socket hang up|ECONNRESET/);
      expect(await second.exited).toEqual({ code: 1, signal: null });
      if (engine === "embedded") expect(fs.existsSync(path.join(first.dataDir, "postgres", "postmaster.pid"))).toBe(false);
    } finally {
      await second?.stop();
      await first.stop();
    }
  }, 120_000);
});
