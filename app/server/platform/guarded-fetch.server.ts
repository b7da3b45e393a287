import dns from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, isIPv4, isIPv6, type LookupFunction } from "node:net";

/**
 * The one way this server fetches a URL someone else chose: images of other sites placed in a post
 * (`fetchRemoteImage`) and everything the site import asks the old site for (its lists, details and
 * images, decision 052). Redirects are followed by hand and every hop is checked before any
 * connection: http(s) only, no credentials, a public address (checked on the addresses DNS gives, and
 * the connection goes to exactly those) and port 80 or 443, unless the hop's origin is one the caller
 * trusts. The body is read as a stream and given up as soon as it passes the size limit, and time
 * limits cover each answer's head and the whole download. Failures are a `GuardedFetchError` with a
 * reason and facts; each caller words them for its reader, never echoing another service's body.
 */

/** Limits of one download. */
export interface GuardedFetchLimits {
  /** Tests only: allow loopback/private addresses and any port. Never true in production by default. */
  allowPrivateHosts: boolean;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Total time including every redirect: DNS, connect, heads and body. */
  timeoutMs: number;
  /** Time for one hop's DNS, connection and answer head; only the total limit applies when omitted. */
  headersTimeoutMs?: number;
  /** Redirects followed before giving up. */
  maxRedirects: number;
}

/** Per-call options of guardedFetch. */
export interface GuardedFetchOptions {
  /** Sent with every hop (User-Agent, Accept); `accept-encoding: identity` is added so the size limit counts real bytes. */
  headers: Record<string, string>;
  /**
   * Origins (`http://127.0.0.1:1234`) exempt from the address and port checks while every other hop,
   * including redirects from them, is still checked: the old site the owner names to the import (it may
   * be on the agency's own network), and local servers standing in for other sites in tests. Never taken
   * from a visitor or an editor.
   */
  trustedOrigins?: readonly string[];
  /** Aborting it stops the download; guardedFetch then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Whether a successful answer's Content-Type is worth reading; checked before the body is. */
  accepts?: (contentType: string | null) => boolean;
}

/** Why a download failed. */
export type GuardedFetchFailure =
  | "invalid_url"
  | "forbidden_address"
  | "unreachable"
  | "timeout"
  | "http_status"
  | "too_large"
  | "unacceptable"
  | "too_many_redirects";

/** What the caller may say about a failure (all of it about our request, none of it another service's content). */
export interface GuardedFetchFacts {
  /** forbidden_address: the hop's address, or only its port, is not allowed. */
  refused?: "address" | "port";
  /** http_status: the answer's status. */
  status?: number;
  /** unacceptable: the answer's Content-Type. */
  contentType?: string | null;
  /** unreachable: the system's error code (ENOTFOUND, ECONNREFUSED, …). */
  code?: string;
  /** timeout: still waiting for an answer's head, or reading its body. */
  phase?: "headers" | "body";
  /** invalid_url: the URL carries a user name or password. */
  credentials?: boolean;
}

export class GuardedFetchError extends Error {
  override name = "GuardedFetchError";
  constructor(
    readonly reason: GuardedFetchFailure,
    /** The hop that failed: the URL asked for, or where a redirect pointed (as the Location said it), and whether a redirect led there. */
    readonly hop: { url: string; redirected: boolean },
    readonly facts: GuardedFetchFacts = {},
    options?: ErrorOptions,
  ) {
    super(`${reason}: ${hop.url}`, options);
  }
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Whether an answer's status is a redirect (followed by guardedFetch when it carries a Location). */
export function isRedirectStatus(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}
/** Ports a public web server uses; anything else is how SSRF reaches admin consoles and databases. */
const ALLOWED_PORTS = new Set([80, 443]);

/**
 * Downloads one URL within `limits`; throws GuardedFetchError. Returns the body's bytes, the final URL
 * and the Content-Type. If `options.signal` aborts, rejects with the signal's reason instead (the caller
 * gave up, nothing to explain).
 */
export async function guardedFetch(
  url: string,
  limits: GuardedFetchLimits,
  options: GuardedFetchOptions,
): Promise<{ bytes: Uint8Array; finalUrl: string; contentType: string | null }> {
  const callerSignal = options.signal;
  callerSignal?.throwIfAborted();

  // One controller for the whole download, so a time limit stops whichever hop or body is under way.
  const controller = new AbortController();
  let timedOut: "headers" | "body" | null = null;
  let waitingForHead = true;
  const stop = (phase: "headers" | "body") => {
    timedOut ??= phase;
    controller.abort();
  };
  const total = setTimeout(() => stop(waitingForHead ? "headers" : "body"), limits.timeoutMs);
  let hopTimer: NodeJS.Timeout | undefined;
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });

  let hop = { url, redirected: false };
  const fail = (reason: GuardedFetchFailure, facts: GuardedFetchFacts = {}, cause?: unknown) =>
    new GuardedFetchError(reason, hop, facts, cause === undefined ? undefined : { cause });

  try {
    for (let redirects = 0; ; redirects++) {
      waitingForHead = true;
      if (limits.headersTimeoutMs !== undefined) hopTimer = setTimeout(() => stop("headers"), limits.headersTimeoutMs);
      const target = await checkTarget(hop.url, limits, options.trustedOrigins ?? [], controller.signal, fail);
      const response = await request(target, options.headers, controller.signal);
      clearTimeout(hopTimer);
      waitingForHead = false;
      const status = response.statusCode ?? 0;

      if (REDIRECT_STATUSES.has(status)) {
        // The redirect body is never needed; closing now also frees the socket before the next hop.
        response.destroy();
        if (redirects >= limits.maxRedirects) throw fail("too_many_redirects");
        const location = response.headers.location;
        if (!location) throw fail("http_status", { status });
        let next: string;
        try {
          next = new URL(location, target.url).href;
        } catch {
          hop = { url: location, redirected: true };
          throw fail("invalid_url");
        }
        hop = { url: next, redirected: true };
        continue;
      }
      const contentType = headerValue(response.headers["content-type"]);
      const refused = refusalOf(status, contentType, headerValue(response.headers["content-length"]), limits, options);
      if (refused) {
        response.destroy();
        throw fail(...refused);
      }
      const bytes = await readBody(response, limits.maxBytes, () => fail("too_large"));
      // A stream that ends because the socket was destroyed by a timer is not a complete answer.
      if (controller.signal.aborted) throw new Error("aborted");
      return { bytes, finalUrl: target.url.href, contentType };
    }
  } catch (error) {
    if (error instanceof GuardedFetchError) throw error;
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (timedOut) throw fail("timeout", { phase: timedOut }, error);
    throw fail("unreachable", { code: errorCode(error) }, error);
  } finally {
    clearTimeout(total);
    clearTimeout(hopTimer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}

/** Why a final answer is refused before its body is read (its status, type or declared length), or null. */
function refusalOf(
  status: number,
  contentType: string | null,
  contentLength: string | null,
  limits: GuardedFetchLimits,
  options: GuardedFetchOptions,
): [GuardedFetchFailure, GuardedFetchFacts?] | null {
  if (status < 200 || status > 299) return ["http_status", { status }];
  if (options.accepts && !options.accepts(contentType)) return ["unacceptable", { contentType }];
  const declared = Number(contentLength ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) return ["too_large"];
  return null;
}

/** Reads a body up to `maxBytes`; one byte more and it stops reading (the connection is destroyed) and throws. */
async function readBody(response: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let received = 0;
  // Leaving the loop early (throw) destroys the response, so an endless body stops being read at once.
  for await (const chunk of response as AsyncIterable<Buffer>) {
    received += chunk.byteLength;
    if (received > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  // A copy that owns its ArrayBuffer (Buffer.concat may hand out a slice of Node's shared pool).
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

interface Target {
  url: URL;
  /** Host name or IP literal without brackets. */
  host: string;
  /** The checked addresses; the connection may only go to these. */
  addresses: dns.LookupAddress[];
}

/** Parses one hop's URL and resolves its host, refusing anything the limits do not allow before any connection. */
async function checkTarget(
  raw: string,
  limits: GuardedFetchLimits,
  trustedOrigins: readonly string[],
  signal: AbortSignal,
  fail: (reason: GuardedFetchFailure, facts?: GuardedFetchFacts) => GuardedFetchError,
): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail("invalid_url");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw fail("invalid_url");
  if (url.username || url.password) throw fail("invalid_url", { credentials: true });
  // The URL parser has already turned 0x7f000001, 2130706433 and similar spellings into dotted decimal.
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (!host) throw fail("invalid_url");
  const family = isIP(host);
  const checked = !limits.allowPrivateHosts && !trustedOrigins.includes(url.origin);
  if (family !== 0 && checked && !isPublicAddress(host)) throw fail("forbidden_address", { refused: "address" });

  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (checked && !ALLOWED_PORTS.has(port)) throw fail("forbidden_address", { refused: "port" });

  if (family !== 0) return { url, host, addresses: [{ address: host, family }] };

  let addresses: dns.LookupAddress[];
  try {
    addresses = await abortable(dns.promises.lookup(host, { all: true, verbatim: true }), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw fail("unreachable", { code: errorCode(error) });
  }
  if (addresses.length === 0) throw fail("unreachable", { code: "ENOTFOUND" });
  // Any private answer refuses the host: a name that resolves to both is an attack, not a misconfiguration.
  if (checked && addresses.some((a) => !isPublicAddress(a.address))) throw fail("forbidden_address", { refused: "address" });
  return { url, host, addresses };
}

/** Sends the GET for one hop and resolves with the response head; the caller owns (and must consume or destroy) the body. */
function request(target: Target, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  // Answers the socket's own lookup with the addresses already checked, so a second DNS answer
  // (DNS rebinding) cannot send the connection somewhere else.
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, target.addresses);
    else callback(null, target.addresses[0]!.address, target.addresses[0]!.family);
  };
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        protocol: target.url.protocol,
        hostname: target.host,
        port: target.url.port || undefined,
        path: `${target.url.pathname}${target.url.search}`,
        method: "GET",
        headers: { ...headers, "accept-encoding": "identity" },
        lookup,
        // A fresh connection per hop: nothing is pooled past the download, so no handle outlives it.
        agent: false,
      },
      (response) => {
        signal.removeEventListener("abort", onAbort);
        // From here the body's reader sees the abort: destroying the response ends its iteration with an error.
        const onBodyAbort = () => response.destroy(new Error("aborted"));
        signal.addEventListener("abort", onBodyAbort, { once: true });
        response.once("close", () => signal.removeEventListener("abort", onBodyAbort));
        resolve(response);
      },
    );
    const onAbort = () => req.destroy(new Error("aborted"));
    // Stays attached for the request's whole life: a late socket error must never become an unhandled one.
    req.on("error", (error) => {
      signal.removeEventListener("abort", onAbort);
      reject(error);
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    req.end();
  });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error("aborted"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function headerValue(value: string | string[] | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  return first?.trim() ? first.trim() : null;
}

function errorCode(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
}

// ---- Addresses ----

/** Special-purpose IPv4 blocks (RFC 6890 and the IANA registry) that are not reachable public hosts. */
const NON_PUBLIC_V4: readonly [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const NON_PUBLIC_V4_RANGES = NON_PUBLIC_V4.map(([base, bits]) => ({ base: ipv4ToInt(base), mask: bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0 }));

/** Special-purpose IPv6 blocks inside 2000::/3 (everything outside it is refused wholesale). */
const NON_PUBLIC_V6: readonly [string, number][] = [
  ["2001::", 32], // Teredo: the real endpoint is hidden in the address
  ["2001:2::", 48], // benchmarking
  ["2001:10::", 28], // ORCHID (deprecated)
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation (RFC 9637)
];
const NON_PUBLIC_V6_RANGES = NON_PUBLIC_V6.map(([base, bits]) => ({ base: ipv6ToBigInt(base)!, bits: BigInt(bits) }));

/** Whether an IP address (v4 or v6, including IPv4-mapped v6) is a public unicast address. */
export function isPublicAddress(ip: string): boolean {
  if (isIPv4(ip)) return isPublicIPv4(ipv4ToInt(ip));
  const value = ipv6ToBigInt(ip);
  if (value === null) return false;
  const low32 = Number(value & 0xffffffffn);
  // IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96) addresses reach the IPv4 address inside.
  if (value >> 32n === 0xffffn || value >> 32n === 0x0064ff9b_00000000_0000_0000n) return isPublicIPv4(low32);
  // Global unicast is 2000::/3; this excludes ::, ::1, IPv4-compatible, fc00::/7 (with fd00:ec2::254), fe80::/10, fec0::/10, ff00::/8 and more.
  if (value >> 125n !== 1n) return false;
  // 6to4 (2002::/16) carries the IPv4 address it tunnels to in bits 16-47.
  if (value >> 112n === 0x2002n) return isPublicIPv4(Number((value >> 80n) & 0xffffffffn));
  return !NON_PUBLIC_V6_RANGES.some(({ base, bits }) => value >> (128n - bits) === base >> (128n - bits));
}

function isPublicIPv4(value: number): boolean {
  if (value === 0xffffffff) return false;
  return !NON_PUBLIC_V4_RANGES.some(({ base, mask }) => ((value & mask) >>> 0) === base);
}

function ipv4ToInt(ip: string): number {
  return ip.split(".").reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);
}

/** The 128-bit value of an IPv6 address (zone index ignored), or null if it is not one. */
function ipv6ToBigInt(ip: string): bigint | null {
  const bare = ip.split("%")[0]!;
  if (!isIPv6(bare)) return null;
  let text = bare;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToInt(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array<string>(zeros).fill("0"), ...tailParts];
  if (groups.length !== 8) return null;
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(parseInt(group, 16)), 0n);
}
