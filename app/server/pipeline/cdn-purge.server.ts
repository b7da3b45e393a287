import type { ChangeEvent, ChangeFeed } from "../platform/changes.server";
import type { Logger } from "../platform/logger.server";

/**
 * Tells a CDN which addresses changed (CDN_PURGE_URL), after every content change made on this server:
 * admin writes, API writes, scheduled publishing and purges alike, since they all announce themselves.
 * Changes announced by other app servers are theirs to purge. The call runs beside the write, never in
 * it: a CDN that is slow or down delays nothing and loses nothing but freshness (each address still
 * expires after CDN_MAX_AGE). Failed calls are retried with growing pauses.
 *
 * Body: `{ "paths": [...], "urls": [...], "all": bool, "entity", "action", "at" }`. `paths` are the
 * changed pages and API reads with their `.data` twins (client navigations); a list path stands for
 * its `?page=N` variants too. `urls` are the same on PUBLIC_ORIGIN. `all` is true when anything may have
 * changed (site settings show on every page; a resync): purge everything.
 */

export interface PurgeRequest {
  paths: string[];
  urls: string[];
  all: boolean;
  entity: ChangeEvent["entity"];
  action: ChangeEvent["action"];
  at: string;
}

export interface CdnPurgeOptions {
  url: string;
  token?: string;
  publicOrigin?: string;
  logger: Logger;
  /** Pauses before each retry (ms); the call is given up after the last. */
  retryDelaysMs?: number[];
  /** Per attempt. */
  timeoutMs?: number;
  /** Counts each call's outcome (metrics). */
  onResult?: (result: "ok" | "retry" | "failed") => void;
}

/** The `.data` address React Router's client navigations fetch for a page path. */
function dataPath(path: string): string | null {
  if (path.startsWith("/api/") || /\.(xml|txt|pdf|jpg|json)$/.test(path)) return null;
  return path === "/" ? "/_root.data" : `${path.replace(/\/$/, "")}.data`;
}

export function purgeRequestFor(event: ChangeEvent, publicOrigin?: string): PurgeRequest {
  const all = event.entity === "site" || event.entity === "settings";
  const paths = all ? [] : [...new Set(event.paths.flatMap((p) => [p, dataPath(p)].filter((x): x is string => x !== null)))];
  return {
    paths,
    urls: publicOrigin ? paths.map((p) => `${publicOrigin}${p}`) : [],
    all,
    entity: event.entity,
    action: event.action,
    at: event.at,
  };
}

/** Subscribes the purge to the change feed; `stop` ends pending retries. */
export function startCdnPurge(changes: ChangeFeed, options: CdnPurgeOptions): { stop(): void; idle(): Promise<void> } {
  const delays = options.retryDelaysMs ?? [1_000, 5_000, 30_000, 120_000];
  const timeoutMs = options.timeoutMs ?? 10_000;
  /** Pauses before retries: stopping ends each of them (as "do not retry"). */
  const pauses = new Map<NodeJS.Timeout, () => void>();
  const pending = new Set<Promise<void>>();
  let stopped = false;

  const wait = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (stopped) return resolve(false);
      const timer = setTimeout(() => {
        pauses.delete(timer);
        resolve(!stopped);
      }, ms);
      timer.unref();
      pauses.set(timer, () => resolve(false));
    });

  const send = async (request: PurgeRequest) => {
    const body = JSON.stringify(request);
    for (let attempt = 0; ; attempt++) {
      let problem: string;
      try {
        const response = await fetch(options.url, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}) },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        if (response.ok) {
          options.onResult?.("ok");
          return;
        }
        problem = `HTTP ${response.status}`;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      const delay = delays[attempt];
      if (delay === undefined || stopped) {
        options.onResult?.("failed");
        options.logger.error({ problem, attempts: attempt + 1, paths: request.paths.length, all: request.all }, "CDN purge given up; the changed pages expire after CDN_MAX_AGE");
        return;
      }
      options.onResult?.("retry");
      options.logger.warn({ problem, attempt: attempt + 1, retryInMs: delay }, "CDN purge failed; retrying");
      if (!(await wait(delay))) return;
    }
  };

  const unsubscribe = changes.subscribe((event) => {
    if (event.origin !== "local" || stopped) return;
    const request = purgeRequestFor(event, options.publicOrigin);
    if (!request.all && request.paths.length === 0) return;
    const run = send(request).finally(() => pending.delete(run));
    pending.add(run);
  });

  return {
    stop() {
      stopped = true;
      unsubscribe();
      for (const [timer, end] of pauses) {
        clearTimeout(timer);
        end();
      }
      pauses.clear();
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
