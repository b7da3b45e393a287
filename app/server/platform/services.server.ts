import type { ChangeFeed } from "./changes.server";
import type { Database } from "./db.server";
import type { Logger } from "./logger.server";
import type { MediaStorage } from "./storage.server";

/**
 * What a use case needs from the process: the database, media storage, the change feed and a logger.
 * The runtime provides it for HTTP requests; scripts and background jobs build one the same way, so
 * their writes announce themselves like an administrator's.
 */
export interface Services {
  db: Database;
  storage: MediaStorage;
  changes: ChangeFeed;
  logger: Logger;
  /** How post saves fetch images from other sites (tests allow loopback hosts). */
  remoteImages: { allowPrivateHosts: boolean };
}

/** Who makes a change, for the audit trail. */
export interface Actor {
  /** The signed-in administrator, or null for API tokens, jobs and scripts. */
  adminId: number | null;
  via: "session" | "token" | "system";
  /** The API token used, when `via` is "token". */
  tokenId?: number;
}

/** An actor's audit details: how the change came in. */
export function actorDetails(actor: Actor): Record<string, unknown> {
  return actor.tokenId === undefined ? { via: actor.via } : { via: actor.via, tokenId: actor.tokenId };
}
