import type { Env } from "../platform/env.server";
import type { Mailer } from "../platform/services.server";

export interface SmtpMailerOptions {
  /** A validated SMTP_URL: smtp[s]://[user:password@]host[:port]. */
  url: string;
  from: string;
  /**
   * Connecting, waiting for the greeting and any silence on the socket each give up after this long
   * (default 10 s), so a hung mail server costs the worker seconds, not the minutes of the defaults.
   */
  timeoutMs?: number;
  /** The whole of one message, however the server drips its answers (default 60 s). */
  deadlineMs?: number;
}

/** Host, port, TLS and credentials of an SMTP_URL (credentials percent-decoded). */
export function parseSmtpUrl(value: string): { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } {
  const url = new URL(value);
  const secure = url.protocol === "smtps:";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return {
    host,
    // 465 is TLS from the first byte; 587 is the submission port, upgraded by STARTTLS.
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
  };
}

/** MAIL_FROM, or `<company> <no-reply@host>` with the host of PUBLIC_ORIGIN, else of the mail server. */
export function resolveMailFrom(env: Pick<Env, "MAIL_FROM" | "PUBLIC_ORIGIN" | "SMTP_URL">): string {
  if (env.MAIL_FROM) return env.MAIL_FROM;
  const host = env.PUBLIC_ORIGIN ? new URL(env.PUBLIC_ORIGIN).hostname : env.SMTP_URL ? parseSmtpUrl(env.SMTP_URL).host : "localhost";
  // A bare IP address is not a mail domain; it has to be a literal in brackets.
  const domain = /^[\d.]+$/.test(host) || host.includes(":") ? `[${host}]` : host.replace(/^www\./, "");
  return `WE ENTERTAINMENT <no-reply@${domain}>`;
}

/**
 * A mailer that opens one SMTP connection per message (notices are rare; nothing to keep open between
 * them) with short timeouts.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const deadlineMs = options.deadlineMs ?? 60_000;
  // nodemailer is loaded with the first message, not with the server (a start that sends nothing saves it).
  let transport: ReturnType<typeof openTransport> | undefined;
  const openTransport = async () =>
    (await import("nodemailer")).default.createTransport({
      ...parseSmtpUrl(options.url),
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
      // No SMTP dialogue in the logs: it would hold addresses and, on AUTH, credentials.
      logger: false,
      debug: false,
    });
  return {
    async send(message) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the mail server did not accept the message within ${deadlineMs} ms`)), deadlineMs);
        timer.unref();
      });
      try {
        transport ??= openTransport();
        await Promise.race([(await transport).sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text }), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
