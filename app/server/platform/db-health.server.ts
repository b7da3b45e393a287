import type { DatabaseHandle } from "./db.server";
import type { Logger } from "./logger.server";

const CONNECTION_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08006",
]);

/** Whether an error (or one of its causes) says the database cannot be reached. */
export function isConnectionError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) return true;
    // The embedded PostgreSQL's Unix socket is not there while it starts again (decision 055).
    if (code === "ENOENT" && (e as { syscall?: unknown }).syscall === "connect") return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message)) return true;
  }
  return false;
}

/** PostgreSQL's codes for a statement that gave up waiting: statement_timeout, lock_timeout, no free connection. */
const BUSY_CODES = new Set(["57014", "55P03", "53300"]);

/**
 * Why a database call failed, when it was not the request's fault: the database is gone ("down": the
 * site answers 503 until it returns) or it is too busy to answer in time ("busy": this request answers
 * 503 and the next one tries again). Null for anything else.
 */
export function databaseFailureOf(error: unknown): "down" | "busy" | null {
  if (isConnectionError(error)) return "down";
  for (let e: unknown = error, depth = 0; e && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && BUSY_CODES.has(code)) return "busy";
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && /timeout exceeded when trying to connect|canceling statement due to (statement|lock) timeout/i.test(message)) return "busy";
  }
  return null;
}

/**
 * Knows whether the database answers. A failed query marks it down at once; while down it is pinged
 * every second and comes back by itself; while up it is pinged every few seconds.
 */
export class DatabaseHealth {
  private up = true;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger: Logger,
    private readonly onRecover: () => void = () => {},
  ) {}

  get isUp(): boolean {
    return this.up;
  }

  start(): void {
    this.schedule(5000);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  markDown(error: unknown): void {
    if (!this.up) return;
    this.up = false;
    this.logger.error({ err: error }, "database unreachable: answering 503 until it returns");
    this.schedule(1000);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.check(), ms);
    this.timer.unref();
  }

  private async check(): Promise<void> {
    try {
      await Promise.race([this.database.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error("ping timeout")), 2000).unref())]);
      if (!this.up) {
        this.up = true;
        this.logger.warn("database reachable again");
        this.onRecover();
      }
      this.schedule(5000);
    } catch (error) {
      if (this.up) this.markDown(error);
      else this.schedule(1000);
    }
  }
}
