/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for the mail tests: it accepts every
 * message, optionally only after AUTH with given credentials, and keeps what it received, decoded
 * enough to read (headers unfolded, encoded words and the body's transfer encoding undone).
 */
import type { AddressInfo } from "node:net";
import smtp from "smtp-server";
import { freePort } from "./free-port";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  headers: Record<string, string>;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startSmtpServer(options: { port?: number; auth?: { user: string; pass: string } } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new smtp.SMTPServer({
    // Plain SMTP on loopback: no certificate to make, no STARTTLS to offer.
    disabledCommands: options.auth ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          ...parseMessage(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
        });
        callback();
      });
    },
  });
  const port = options.port ?? (await freePort());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const listening = (server.server.address() as AddressInfo).port;
  return {
    port: listening,
    url: options.auth ? `smtp://${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@127.0.0.1:${listening}` : `smtp://127.0.0.1:${listening}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseMessage(raw: string): Omit<ReceivedMail, "from" | "to"> {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  return { headers, subject: decodeWords(headers.subject ?? ""), text: text.replace(/\r\n/g, "\n"), raw };
}

/** RFC 2047 encoded words (=?UTF-8?B?...?=, =?UTF-8?Q?...?=); adjacent ones are one text (a character may span two). */
function decodeWords(value: string): string {
  return value.replace(/(?:=\?utf-8\?[bq]\?[^?]*\?=\s*)+/gi, (run) => {
    const parts = [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, kind, data]) =>
      kind!.toLowerCase() === "b" ? Buffer.from(data!, "base64") : quotedPrintableBytes(data!.replace(/_/g, " ")),
    );
    return Buffer.concat(parts).toString("utf8") + (/\s$/.test(run) ? " " : "");
  });
}

function decodeQuotedPrintable(value: string): string {
  return quotedPrintableBytes(value.replace(/=\r?\n/g, "")).toString("utf8");
}

function quotedPrintableBytes(input: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < input.length; i++) {
    if (input[i] === "=" && /^[0-9A-F]{2}$/i.test(input.slice(i + 1, i + 3))) {
      bytes.push(parseInt(input.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/**
 * A real SMTP server for a suite, on a free port, started in `beforeAll` (register it before the app
 * server that sends to it) and closed in `afterAll` (a test may close it earlier: closing twice is fine).
 */
export function useSmtpServer(hooks: { beforeAll(fn: () => Promise<void>): void; afterAll(fn: () => Promise<void>): void }): { readonly server: TestSmtpServer } {
  let server: TestSmtpServer | undefined;
  hooks.beforeAll(async () => {
    server = await startSmtpServer();
  });
  hooks.afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error("the SMTP server starts in beforeAll");
      return server;
    },
  };
}
