import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { ENGLISH_ROUTES, SITE_ROUTES } from "../../domain/site-routes";
import type { MediaStorage } from "./storage.server";

/**
 * Prometheus metrics of one app server (`/metrics`, only with METRICS_TOKEN). One registry per runtime,
 * so tests that start several runtimes in one process do not share counters. Labels are route patterns,
 * never raw URLs: a crawler walking a million addresses must not make a million series.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers: [this.registry],
  });
  readonly duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by route pattern and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly shed = new Counter({
    name: "http_requests_shed_total",
    help: "Requests answered 503 before any work: the server was overloaded, or the database was away.",
    labelNames: ["reason"] as const,
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: "scheduled_job_runs_total",
    help: "Runs of the scheduled work (publishing, purges, mail, backups, the storage sweep), by job and result.",
    labelNames: ["job", "result"] as const,
    registers: [this.registry],
  });
  readonly jobDuration = new Histogram({
    name: "scheduled_job_duration_seconds",
    help: "How long a run of scheduled work took.",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [this.registry],
  });
  readonly storageErrors = new Counter({
    name: "storage_errors_total",
    help: "Failed storage operations, by storage (media, private) and operation.",
    labelNames: ["storage", "operation"] as const,
    registers: [this.registry],
  });
  readonly cdnPurges = new Counter({
    name: "cdn_purge_requests_total",
    help: "Calls to CDN_PURGE_URL, by result (ok, retry, failed: given up after the last attempt).",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });

  // long-function: the constructor registers every collected metric on this registry, each a short declaration over the
  // sources; split, the same declarations would only move to other methods.
  constructor(sources: {
    pageCache: { hits: number; misses: number; size: number; bytes: number };
    readCache: { hits: number; misses: number };
    databasePool: () => { total: number; idle: number; waiting: number } | null;
    argon2: () => { hash: number; verify: number };
  }) {
    collectDefaultMetrics({ register: this.registry });
    const { pageCache, readCache, databasePool, argon2 } = sources;
    new Gauge({
      name: "process_pid",
      help: "This app process's id. With WEB_CONCURRENCY > 1 each scrape is answered by one of the app processes, and every figure here is that process's own (decision 056).",
      registers: [this.registry],
      collect() {
        this.set(process.pid);
      },
    });
    new Counter({
      name: "argon2_operations_total",
      help: "Password hashes (argon2id) computed by this process, by operation (hash, verify): the costliest work a request can cause.",
      labelNames: ["operation"] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const work = argon2();
        this.inc({ operation: "hash" }, work.hash);
        this.inc({ operation: "verify" }, work.verify);
      },
    });
    new Counter({
      name: "read_cache_reads_total",
      help: "Repeated public reads (settings, roster, post lists and pages) by result: from memory (hit) or from the database (miss).",
      labelNames: ["result"] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc({ result: "hit" }, readCache.hits);
        this.inc({ result: "miss" }, readCache.misses);
      },
    });
    new Counter({
      name: "page_cache_hits_total",
      help: "Anonymous GET requests answered from the page cache.",
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(pageCache.hits);
      },
    });
    new Counter({
      name: "page_cache_misses_total",
      help: "Cacheable requests the page cache did not hold (rendered, then stored).",
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(pageCache.misses);
      },
    });
    new Gauge({
      name: "page_cache_entries",
      help: "Responses held by the page cache.",
      registers: [this.registry],
      collect() {
        this.set(pageCache.size);
      },
    });
    new Gauge({
      name: "page_cache_bytes",
      help: "Bytes held by the page cache (all encodings).",
      registers: [this.registry],
      collect() {
        this.set(pageCache.bytes);
      },
    });
    new Gauge({
      name: "database_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle) and requests waiting for one.",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const pool = databasePool();
        if (!pool) return;
        this.set({ state: "total" }, pool.total);
        this.set({ state: "idle" }, pool.idle);
        this.set({ state: "waiting" }, pool.waiting);
      },
    });
  }

  /** Counts and times one answered request. */
  observeRequest(pathname: string, method: string, status: number, seconds: number) {
    const route = routeLabel(pathname);
    const verb = KNOWN_METHODS.has(method) ? method : "OTHER";
    this.requests.inc({ route, method: verb, status: String(status) });
    this.duration.observe({ route, method: verb }, seconds);
  }

  /** Times a run of scheduled work and counts its result. */
  async timeJob<T>(job: string, run: () => Promise<T>): Promise<T> {
    const end = this.jobDuration.startTimer({ job });
    try {
      const result = await run();
      this.jobRuns.inc({ job, result: "ok" });
      return result;
    } catch (error) {
      this.jobRuns.inc({ job, result: "error" });
      throw error;
    } finally {
      end();
    }
  }

  /** The same storage, counting the operations that fail. */
  countStorageErrors(name: string, storage: MediaStorage): MediaStorage {
    const errors = this.storageErrors;
    const counted = <A extends unknown[], R>(operation: string, fn: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await fn(...args);
        } catch (error) {
          errors.inc({ storage: name, operation });
          throw error;
        }
      };
    return {
      localRoot: storage.localRoot,
      put: counted("put", storage.put.bind(storage)),
      putStream: counted("put", storage.putStream.bind(storage)),
      get: counted("get", storage.get.bind(storage)),
      size: counted("get", storage.size.bind(storage)),
      stream: counted("get", storage.stream.bind(storage)),
      delete: counted("delete", storage.delete.bind(storage)),
      async *list(prefix) {
        try {
          yield* storage.list(prefix);
        } catch (error) {
          errors.inc({ storage: name, operation: "list" });
          throw error;
        }
      },
      async *listUnfinished() {
        try {
          yield* storage.listUnfinished();
        } catch (error) {
          errors.inc({ storage: name, operation: "list" });
          throw error;
        }
      },
      deleteUnfinished: counted("delete", storage.deleteUnfinished.bind(storage)),
    };
  }
}

const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Route patterns as regular expressions, most specific (fewest parameters) first. */
const ROUTE_MATCHERS: { pattern: string; regex: RegExp }[] = [...SITE_ROUTES, ...ENGLISH_ROUTES]
  .map((route) => ({
    pattern: route.pattern,
    params: (route.pattern.match(/:/g) ?? []).length,
    regex: new RegExp(
      `^${route.pattern
        .split("/")
        .map((segment, i) => {
          if (i === 0) return "";
          const param = /^:(\w+)(\?)?$/.exec(segment);
          if (param) return param[2] ? "(?:/[^/]+)?" : "/[^/]+";
          if (segment === "*") return "(?:/.*)?";
          return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
        })
        .join("")}/?$`,
    ),
  }))
  .sort((a, b) => a.params - b.params)
  .map(({ pattern, regex }) => ({ pattern, regex }));

/** The route pattern a path belongs to ("/artist/:name"), or a coarse group for files and unknown paths. */
export function routeLabel(pathname: string): string {
  const path = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  if (path.startsWith("/media/")) return "/media/*";
  if (path.startsWith("/assets/")) return "/assets/*";
  if (path === "/healthz" || path === "/metrics") return path;
  for (const matcher of ROUTE_MATCHERS) if (matcher.regex.test(path)) return matcher.pattern;
  return "unmatched";
}
