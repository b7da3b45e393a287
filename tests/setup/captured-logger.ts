import { createLogger, type Logger } from "../../app/server/platform/logger.server";

/** The server's logger (every level), keeping the lines it writes, for tests that look at what was reported. */
export function capturedLogger(): { logger: Logger; records: { level: number; msg: string; [key: string]: unknown }[]; lines: string[] } {
  const records: { level: number; msg: string }[] = [];
  const lines: string[] = [];
  const logger = createLogger("trace", {
    write: (line: string) => {
      lines.push(line);
      records.push(JSON.parse(line) as { level: number; msg: string });
    },
  });
  return { logger, records, lines };
}
