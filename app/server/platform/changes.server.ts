import type { Logger } from "./logger.server";

/**
 * Content changes announce themselves. Every use case that changes what visitors can see (save or
 * delete a post or an artist, and later a scheduled publish, a restore, a purge, a settings change)
 * publishes one event after its transaction has committed. The page cache, the other app servers
 * (PostgreSQL NOTIFY), and later the sitemap/RSS and a CDN purge subscribe here; nothing guesses
 * from HTTP methods and paths. See docs/decisions/011-change-events.md.
 */
export interface ContentChange {
  /** What kind of record changed. `site` means "anything may have changed" (e.g. after a lost connection). */
  entity: "post" | "artist" | "media" | "settings" | "site";
  action: "created" | "updated" | "deleted" | "resync";
  /** Ids of the changed records (post ids, artist names). */
  ids: string[];
  /** Public paths whose content changed (pages, API reads, crawler files), for caches and CDN purges. */
  paths: string[];
}

export interface ChangeEvent extends ContentChange {
  /** `local`: made by this app server; `remote`: announced by another one. */
  origin: "local" | "remote";
  /** When it was announced (ISO 8601). */
  at: string;
}

export type ChangeListener = (event: ChangeEvent) => void;

export interface ChangeFeed {
  /** Announces a change made here (after its transaction committed). */
  publish(change: ContentChange): void;
  /** Hands a change announced by another app server to the listeners here. */
  receiveRemote(event: Omit<ChangeEvent, "origin">): void;
  /** Calls the listener for every change from now on; returns the unsubscribe function. */
  subscribe(listener: ChangeListener): () => void;
}

/** One feed per process. A listener that throws is logged and does not stop the others. */
export function createChangeFeed(logger?: Logger, now: () => Date = () => new Date()): ChangeFeed {
  const listeners = new Set<ChangeListener>();
  const deliver = (event: ChangeEvent) => {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        logger?.error({ err: error, change: { entity: event.entity, action: event.action } }, "a change listener failed");
      }
    }
  };
  return {
    publish(change) {
      deliver({ ...change, origin: "local", at: now().toISOString() });
    },
    receiveRemote(event) {
      deliver({ ...event, origin: "remote" });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** NOTIFY payloads are limited to 8000 bytes: long id or path lists are cut and marked as a resync. */
export function encodeChangeForWire(event: ChangeEvent, sender: string, seq = 0): string {
  const payload = JSON.stringify({ sender, seq, event });
  if (Buffer.byteLength(payload) <= 7000) return payload;
  const resync: ChangeEvent = { ...event, entity: "site", action: "resync", ids: [], paths: ["/"] };
  return JSON.stringify({ sender, seq, event: resync });
}

/** The sequence number of one of our own announcements coming back to us, or null for anyone else's. */
export function ownEchoOnWire(payload: string, me: string): number | null {
  try {
    const parsed = JSON.parse(payload) as { sender?: unknown; seq?: unknown };
    return parsed.sender === me && typeof parsed.seq === "number" ? parsed.seq : null;
  } catch {
    return null;
  }
}

/** The event inside a NOTIFY payload from another server, or null for our own or a malformed one. */
export function decodeChangeFromWire(payload: string, me: string): Omit<ChangeEvent, "origin"> | null {
  try {
    const parsed = JSON.parse(payload) as { sender?: unknown; event?: Partial<ChangeEvent> };
    if (parsed.sender === me || !parsed.event) return null;
    const e = parsed.event;
    const entities = ["post", "artist", "media", "settings", "site"];
    const actions = ["created", "updated", "deleted", "resync"];
    if (!entities.includes(String(e.entity)) || !actions.includes(String(e.action))) return null;
    return {
      entity: e.entity as ChangeEvent["entity"],
      action: e.action as ChangeEvent["action"],
      ids: Array.isArray(e.ids) ? e.ids.map(String) : [],
      paths: Array.isArray(e.paths) ? e.paths.map(String) : [],
      at: typeof e.at === "string" ? e.at : new Date().toISOString(),
    };
  } catch {
    return null;
  }
}
