import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "../platform/db.server";
import { hitRateLimit } from "../platform/rate-limit.server";

/**
 * A short-lived, one-time address for an applicant's file (decision 066). The reason for a download is
 * asked for in the application's page and sent in a POST body; the action records the download with its
 * reason (decision 039) and answers with a redirect to the file's address carrying this ticket, so the
 * reason never travels in a URL. The ticket is signed with the server's secret and names the session,
 * the application and the file; it works for DOWNLOAD_TICKET_SECONDS, and once: its first use is
 * counted in the shared `rate_limit_hits` table (one hit allowed), so a second use is refused whichever
 * app server it reaches. Only a download's continuation (a byte range after the start) may use it again
 * while it lives.
 */

export const DOWNLOAD_TICKET_SECONDS = 60;

const BUCKET = "applicant-download-ticket";
const TICKET = /^(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface DownloadTicketSubject {
  /** The session's token hash: another session (another person, another browser) cannot use it. */
  session: string;
  applicationId: number;
  fileId: string;
}

const mac = (secret: string, issued: string, nonce: string, subject: DownloadTicketSubject) =>
  createHmac("sha256", `${secret}\u0000applicant-download`)
    .update([issued, nonce, subject.session, subject.applicationId, subject.fileId].join("\u0000"))
    .digest("base64url");

/** A ticket for one download of one file by one session: `{issued ms}.{nonce}.{signature}`. */
export function issueDownloadTicket(secret: string, subject: DownloadTicketSubject, now: Date = new Date()): string {
  const issued = String(now.getTime()).padStart(13, "0");
  const nonce = randomBytes(16).toString("base64url");
  return `${issued}.${nonce}.${mac(secret, issued, nonce, subject)}`;
}

export type TicketCheck = "ok" | "invalid" | "expired" | "used";

/**
 * Whether the ticket lets this session download this file now. `continuation`: a byte range after the
 * start of a download already begun, which does not use the ticket up.
 */
export async function redeemDownloadTicket(
  db: Database,
  secret: string,
  ticket: string,
  subject: DownloadTicketSubject,
  options: { now?: Date; continuation?: boolean } = {},
): Promise<TicketCheck> {
  const match = TICKET.exec(ticket);
  if (!match) return "invalid";
  const [, issued, nonce, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(mac(secret, issued, nonce, subject));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return "invalid";
  const now = options.now ?? new Date();
  const issuedAt = new Date(Number(issued));
  const age = now.getTime() - issuedAt.getTime();
  if (age < -5_000 || age > DOWNLOAD_TICKET_SECONDS * 1000) return "expired";
  if (options.continuation) return "ok";
  // Counted in the window of its issue (not of now), so every use of one ticket lands on the same row.
  const windowMs = DOWNLOAD_TICKET_SECONDS * 1000;
  const { allowed } = await hitRateLimit(db, { bucket: BUCKET, limit: 1, windowMs }, nonce, issuedAt);
  return allowed ? "ok" : "used";
}
