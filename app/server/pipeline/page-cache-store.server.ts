import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { POST_KINDS, prPageParam } from "../../domain/post-kinds";
import { bodyEtag, isPersonalRequest } from "./http-caching.server";

/**
 * In-memory cache of anonymous GET responses (documents, `.data` navigations, API reads), so the
 * public pages are served without rendering. Every content change event empties it (the runtime
 * subscribes it to the change feed, which also carries other app servers' changes), so a write is
 * visible on the very next request, whether it came through HTTP, a job or a script.
 */

export interface CachedResponse {
  status: number;
  headers: [string, string][];
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** For HTML: the Content-Security-Policy built from the document's inline-script hashes. */
  csp: string | null;
  /** The request's full URL (protocol and host included), so the page can be rendered again. */
  url: string;
  bytes: number;
}

/** A page the cache held when a change emptied it: rendered again in the background (page-warmer.server.ts). */
export interface HotPage {
  key: string;
  url: string;
}

/** Query parameters that select content; any other makes a request uncacheable (no cache flooding). */
const CACHEABLE_QUERY = new Set(["page", ...POST_KINDS.map(prPageParam), "_routes", "index", "lang"]);
/**
 * Not pages: health checks, uploads, media files, share images and downloads (served with their own
 * caching: the profile PDFs keep theirs by content hash, decision 020); and the online audition
 * application, whose pages carry a per-visit time stamp or an applicant's receipt.
 */
const UNCACHEABLE_PATH = /^\/(api\/img|healthz|media\/|share\/|files\/|(en\/)?audition\/apply)|\/profile\.pdf$/i;

export function isCacheableRequest(method: string, url: URL, cookieHeader: string | undefined, authorization?: string): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (UNCACHEABLE_PATH.test(url.pathname)) return false;
  // Signed-in administrators, API clients with a token (they may read drafts) and visitors with a
  // pending notice get their own answer.
  if (isPersonalRequest(url.pathname, cookieHeader, authorization)) return false;
  if (url.search.length > 200) return false;
  for (const key of url.searchParams.keys()) if (!CACHEABLE_QUERY.has(key)) return false;
  return true;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compression runs in libuv's thread pool (the async zlib calls), not on the event loop: a page
 * rendered after a write is compressed while the loop goes on serving other requests.
 * `store`: the copies a cache entry keeps (best ratio, made once); `once`: a response sent once
 * (PAGE_CACHE=false, personal answers), where a fast setting costs less than the bytes it saves.
 * Brotli's window is sized to the body: with the default 4 MB window, allocating it cost more than
 * compressing a 30 KB page (17 ms against 1.5 ms here), and quality 7 is within 0.1 % of 9's size on
 * our pages at 1/40 of its time (docs/benchmarks.md, "Uncached renders").
 */
export function compressBody(body: Buffer, encoding: "br" | "gzip", effort: "store" | "once"): Promise<Buffer> {
  if (encoding === "gzip") return gzipAsync(body, { level: effort === "store" ? 9 : 6 });
  return brotliAsync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: effort === "store" ? 7 : 5,
      [zlib.BROTLI_PARAM_LGWIN]: Math.max(16, Math.min(22, Math.ceil(Math.log2(body.byteLength + 1)))),
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    },
  });
}

export class PageCache {
  private entries = new Map<string, CachedResponse>();
  private totalBytes = 0;
  /** Increases on every invalidation; a render that started before it must not be stored. */
  generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 1000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Least recently used goes first: re-insert on every hit.
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.hits++;
    } else {
      this.misses++;
    }
    return entry;
  }

  /**
   * Stores a response body (with its compressed copies, made off the event loop) unless the content
   * changed while it was being made; returns the entry either way, for the request that made it.
   */
  async set(key: string, generationAtStart: number, response: Omit<CachedResponse, "gzip" | "br" | "etag" | "bytes">): Promise<CachedResponse> {
    const [gzipped, brotli] = await Promise.all([compressBody(response.identity, "gzip", "store"), compressBody(response.identity, "br", "store")]);
    const entry: CachedResponse = { ...response, etag: bodyEtag(response.identity), gzip: gzipped, br: brotli, bytes: 0 };
    entry.bytes = entry.identity.byteLength + entry.gzip.byteLength + entry.br.byteLength;
    if (generationAtStart !== this.generation) return entry;
    const previous = this.entries.get(key);
    if (previous) this.totalBytes -= previous.bytes;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    while (this.entries.size > this.maxEntries || this.totalBytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.totalBytes -= this.entries.get(oldest)!.bytes;
      this.entries.delete(oldest);
    }
    return entry;
  }

  /** Empties the cache; returns what it held, most recently used first (the pages to render again). */
  invalidate(): HotPage[] {
    const hot = [...this.entries].reverse().map(([key, entry]) => ({ key, url: entry.url }));
    this.generation++;
    this.entries.clear();
    this.totalBytes = 0;
    return hot;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held, all encodings together. */
  get bytes(): number {
    return this.totalBytes;
  }
}

/** The body encoding to send for an Accept-Encoding header. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accept = acceptEncoding ?? "";
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return "identity";
}
