/**
 * Anonymous clients that try to exhaust the server with request bodies (decision 036): slow ones that send
 * a byte now and then, and huge ones that send as fast as they can. They run in a process of their own
 * (`startHostileClients`, this file run as a script), so that pumping 100 bodies does not slow down the
 * test's or the benchmark's own measurements of the pages other visitors get meanwhile
 * (tests/integration/app-server/hostile-bodies.test.ts, `npm run bench:hostile-bodies`).
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

export interface HostileClient {
  /** The HTTP status the server answered, once it has (null while it has not). */
  readonly status: number | null;
  /** Whether the server has closed the connection. */
  readonly closed: boolean;
  stop(): void;
}

function connect(baseURL: string, head: string, onConnect: (socket: net.Socket) => void): HostileClient {
  const url = new URL(baseURL);
  const socket = net.connect(Number(url.port), url.hostname);
  const state = { status: null as number | null, closed: false };
  let received = "";
  socket.on("data", (chunk) => {
    if (state.status !== null) return;
    received += chunk.toString("latin1");
    const match = /^HTTP\/1\.1 (\d{3})/.exec(received);
    if (match) state.status = Number(match[1]);
  });
  socket.on("error", () => undefined);
  socket.on("close", () => (state.closed = true));
  socket.on("connect", () => {
    socket.write(head);
    onConnect(socket);
  });
  return {
    get status() {
      return state.status;
    },
    get closed() {
      return state.closed;
    },
    stop: () => socket.destroy(),
  };
}

function requestHead(path: string, host: string, headers: Record<string, string>): string {
  return [`POST ${path} HTTP/1.1`, `Host: ${host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), "", ""].join("\r\n");
}

/**
 * A body of `declaredBytes` sent one byte every `intervalMs` (each client from its own address, as the
 * test servers trust X-Forwarded-For from loopback: the total share is what is tested, not the per-address one).
 */
export function slowBody(baseURL: string, path: string, options: { address: string; declaredBytes?: number; intervalMs?: number; type?: string }): HostileClient {
  const url = new URL(baseURL);
  const head = requestHead(path, url.host, {
    "Content-Type": options.type ?? "application/x-www-form-urlencoded",
    "Content-Length": String(options.declaredBytes ?? 4096),
    "X-Forwarded-For": options.address,
    Origin: baseURL,
  });
  let timer: NodeJS.Timeout | undefined;
  const client = connect(baseURL, head, (socket) => {
    timer = setInterval(() => {
      if (socket.destroyed) return clearInterval(timer);
      socket.write("a");
    }, options.intervalMs ?? 1000);
  });
  return {
    get status() {
      return client.status;
    },
    get closed() {
      return client.closed;
    },
    stop() {
      clearInterval(timer);
      client.stop();
    },
  };
}

/**
 * A body sent as fast as the socket takes it, chunked (no length to refuse it by) or with a huge
 * declared length, until the server answers or closes, or `maxBytes` have gone.
 */
export function hugeBody(baseURL: string, path: string, options: { address: string; chunked: boolean; maxBytes?: number; type?: string; prefix?: string }): HostileClient {
  const url = new URL(baseURL);
  const maxBytes = options.maxBytes ?? 600 * 1024 * 1024;
  const head = requestHead(path, url.host, {
    "Content-Type": options.type ?? "application/x-www-form-urlencoded",
    ...(options.chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(maxBytes) }),
    "X-Forwarded-For": options.address,
    Origin: baseURL,
  });
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const framed = options.chunked ? Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]) : chunk;
  let sent = 0;
  let client: HostileClient | null = null;
  client = connect(baseURL, head, (socket) => {
    // A body can start like a real one (a form's first part), so that the server reads on.
    if (options.prefix) {
      const prefix = Buffer.from(options.prefix);
      socket.write(options.chunked ? Buffer.concat([Buffer.from(`${prefix.byteLength.toString(16)}\r\n`), prefix, Buffer.from("\r\n")]) : prefix);
    }
    const pump = () => {
      while (!socket.destroyed && client?.status === null && sent < maxBytes) {
        sent += chunk.byteLength;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
    };
    pump();
  });
  return client;
}

/** A process's resident memory in MB (Linux /proc). */
export function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024);
}

/** GETs `paths` one after another; their statuses and times in ms. */
export async function timePages(baseURL: string, paths: string[]): Promise<{ statuses: number[]; ms: number[] }> {
  const statuses: number[] = [];
  const ms: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(baseURL + path);
    await response.arrayBuffer();
    ms.push(performance.now() - started);
    statuses.push(response.status);
  }
  return { statuses, ms };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** What one hostile client does. */
export type HostileSpec =
  | { kind: "slow"; path: string; address: string; declaredBytes?: number; intervalMs?: number; type?: string }
  | { kind: "huge"; path: string; address: string; chunked: boolean; maxBytes?: number; type?: string; prefix?: string };

export interface HostileState {
  status: number | null;
  closed: boolean;
}

export interface HostileClients {
  /** Each client's state, in the order given. */
  states(): Promise<HostileState[]>;
  stop(): Promise<void>;
}

/** Starts the clients in a child process. */
export async function startHostileClients(baseURL: string, specs: HostileSpec[]): Promise<HostileClients> {
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, [], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  const ask = <T>(message: object) =>
    new Promise<T>((resolve, reject) => {
      const ended = () => reject(new Error("the hostile clients' process ended"));
      child.once("exit", ended);
      child.once("message", (reply) => {
        child.off("exit", ended);
        resolve(reply as T);
      });
      child.send(message);
    });
  await ask({ cmd: "start", baseURL, specs });
  return {
    states: () => ask<HostileState[]>({ cmd: "states" }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.send({ cmd: "stop" });
      await exited;
    },
  };
}

// Run as the child process of startHostileClients.
if (process.send && process.argv[1] === new URL(import.meta.url).pathname) {
  let clients: HostileClient[] = [];
  process.on("message", (message: { cmd: string; baseURL?: string; specs?: HostileSpec[] }) => {
    if (message.cmd === "start") {
      clients = message.specs!.map((spec) => (spec.kind === "slow" ? slowBody(message.baseURL!, spec.path, spec) : hugeBody(message.baseURL!, spec.path, spec)));
      process.send!("started");
    } else if (message.cmd === "states") {
      process.send!(clients.map((c) => ({ status: c.status, closed: c.closed })));
    } else if (message.cmd === "stop") {
      for (const client of clients) client.stop();
      process.exit(0);
    }
  });
}
