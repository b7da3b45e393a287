import { pino } from "pino";
import type { Logger } from "../../app/server/platform/logger.server";

/** A logger that keeps what it is told (every level), for tests that look at what a job reported. */
export function capturedLogger(): { logger: Logger; records: { level: number; msg: string; [key: string]: unknown }[] } {
  const records: { level: number; msg: string }[] = [];
  const logger = pino({ level: "trace" }, { write: (line: string) => void records.push(JSON.parse(line) as { level: number; msg: string }) });
  return { logger, records };
}
