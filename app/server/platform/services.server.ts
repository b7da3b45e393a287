import type { ChangeFeed } from "./changes.server";
import type { Database } from "./db.server";
import type { Logger } from "./logger.server";
import type { Metrics } from "./metrics.server";
import type { MediaStorage } from "./storage.server";

/**
 * Sending one e-mail, and nothing more: the outbox decides when and how often. Behind an interface so
 * the outbox can be tested against a real SMTP server and the transport could change without it.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text only: notices are a sentence and a link. */
  text: string;
}

export interface Mailer {
  /** Resolves once the server accepted the message; rejects with the server's or the network's error. */
  send(message: MailMessage): Promise<void>;
}

/**
 * What a use case needs from the process: the database, media storage, the change feed and a logger.
 * The runtime provides it for HTTP requests; scripts and background jobs build one the same way, so
 * their writes announce themselves like an administrator's.
 */
export interface Services {
  db: Database;
  storage: MediaStorage;
  /**
   * Files that are never public (audition applicants' photos and videos): not under /media, served
   * only through admin routes. Same interface, so it moves to object storage with the rest.
   */
  privateStorage: MediaStorage;
  changes: ChangeFeed;
  logger: Logger;
  /** How post saves fetch images from other sites (tests allow loopback hosts). */
  remoteImages: { allowPrivateHosts: boolean };
  /** The process's timer for scheduled work: a save that sets a time wakes it to look again. */
  scheduler?: { wake(): void };
  /**
   * Outgoing e-mail, present only when SMTP_URL is set: without it nothing is queued or sent. The
   * scheduler sends the outbox through `mailer`; notices link to pages under `publicOrigin`.
   */
  mail?: MailService;
  /** The process's Prometheus metrics (absent in tests and scripts that do not need them). */
  metrics?: Metrics;
  /** "Now" for rules that depend on it (a casting package's expiry): the wall clock unless a test sets one. */
  clock?: () => Date;
}

/** The current time as the services see it (their clock, else the wall clock). */
export function nowOf(services: Pick<Services, "clock">): Date {
  return services.clock ? services.clock() : new Date();
}

export interface MailService {
  mailer: Mailer;
  /** PUBLIC_ORIGIN (or this server's own address when unset), for links in messages. */
  publicOrigin: string;
}

/** Who makes a change, for the audit trail and the history. */
export interface Actor {
  /** The signed-in administrator, or null for API tokens, jobs and scripts. */
  staffId: number | null;
  via: "session" | "token" | "system";
  /** The API token used, when `via` is "token". */
  tokenId?: number;
  /** Who, as the workspace shows it: the administrator's login id, the token's name, the job's name. */
  label?: string;
  /** The client address of the request (none for jobs and scripts). */
  ip?: string;
  /**
   * A run that writes many records as one act (the site import): its writes keep their revisions but
   * leave no activity-log entry each; the run records one entry for the whole.
   */
  batch?: boolean;
}

/** A background job or script as the actor of its writes ("예약 발행", "휴지통 비우기"). */
export function systemActor(label: string): Actor {
  return { staffId: null, via: "system", label };
}

/** How the workspace names an actor. */
export function describeActor(actor: Actor): string {
  switch (actor.via) {
    case "session":
      return actor.label ?? "직원";
    case "token":
      return actor.label ? `API 토큰 ‘${actor.label}’` : "API 토큰";
    case "system":
      return actor.label ?? "자동 작업";
  }
}

/** An actor's audit details: how the change came in. */
export function actorDetails(actor: Actor): Record<string, unknown> {
  return actor.tokenId === undefined ? { via: actor.via } : { via: actor.via, tokenId: actor.tokenId };
}
