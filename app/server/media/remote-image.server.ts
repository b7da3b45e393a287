import dns from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, isIPv4, isIPv6, type LookupFunction } from "node:net";
import { imageSources } from "../posts/sanitize.server";
import { MAX_UPLOAD_BYTES } from "./media.server";

/** Limits for downloading one image from another site. */
export interface RemoteImagePolicy {
  /** Tests only: allow loopback/private addresses and any port. Never true in production by default. */
  allowPrivateHosts: boolean;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Total time for one image including redirects: DNS, connect, headers and body. */
  timeoutMs: number;
  /** Redirects followed before giving up. */
  maxRedirects: number;
}

/** Production limits: public addresses only, the upload size limit, 10 seconds, 3 redirects. */
export const DEFAULT_REMOTE_IMAGE_POLICY: Readonly<RemoteImagePolicy> = Object.freeze({
  allowPrivateHosts: false,
  maxBytes: MAX_UPLOAD_BYTES,
  timeoutMs: 10_000,
  maxRedirects: 3,
});

/** Why an image could not be imported. */
export type RemoteImageFailure =
  | "invalid_url"
  | "forbidden_address"
  | "unreachable"
  | "timeout"
  | "http_status"
  | "too_large"
  | "not_an_image"
  | "too_many_redirects";

const USER_AGENT = "WE-ENTERTAINMENT-image-import/1.0";
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Ports a public web server uses; anything else is how SSRF reaches admin consoles and databases. */
const ALLOWED_PORTS = new Set([80, 443]);
/** Longest URL shown in a message; longer ones keep their start (the site) and end (the file name). */
const MAX_SHOWN_URL = 80;

const DEFAULT_DETAILS: Record<RemoteImageFailure, string> = {
  invalid_url: invalidUrlDetail(),
  forbidden_address: forbiddenAddressDetail(),
  unreachable: unreachableDetail(),
  timeout: timeoutDetail(DEFAULT_REMOTE_IMAGE_POLICY.timeoutMs),
  http_status: "사이트가 오류 응답을 보냈습니다.",
  too_large: tooLargeDetail(DEFAULT_REMOTE_IMAGE_POLICY.maxBytes),
  not_an_image: notAnImageDetail(null),
  too_many_redirects: tooManyRedirectsDetail(DEFAULT_REMOTE_IMAGE_POLICY.maxRedirects),
};

/** An image we could not import; `message` is Korean, names the image's URL and is shown to the user as is. */
export class RemoteImageError extends Error {
  override name = "RemoteImageError";
  /** The requested URL, with any user name and password removed. */
  readonly url: string;
  constructor(
    readonly reason: RemoteImageFailure,
    url: string,
    detail: string = DEFAULT_DETAILS[reason],
    options?: ErrorOptions,
  ) {
    const shown = withoutCredentials(url);
    super(`이미지를 가져오지 못했습니다(${shortenUrl(shown)}): ${detail}`, options);
    this.url = shown;
  }
}

/** Per-call options of fetchRemoteImage. */
export interface FetchRemoteImageOptions {
  /** Aborting it stops the download; fetchRemoteImage then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Origins (`http://127.0.0.1:1234`) exempt from the address and port checks while every other hop, including
   * redirects from them, is still checked: the old site the operator names to `npm run import:site` (the operator
   * chose that host, which may well be on the agency's own network), and local servers standing in for other sites
   * in tests. Never taken from a visitor or an editor.
   */
  trustedOrigins?: readonly string[];
}

/**
 * Downloads one image; throws RemoteImageError. Returns the bytes (not yet decoded) and the final URL.
 * If `options.signal` aborts, rejects with the signal's reason instead (the caller gave up, nothing to explain).
 */
export async function fetchRemoteImage(
  url: string,
  policy: Partial<RemoteImagePolicy> = {},
  options: FetchRemoteImageOptions = {},
): Promise<{ bytes: Uint8Array; finalUrl: string; contentType: string | null }> {
  const limits: RemoteImagePolicy = { ...DEFAULT_REMOTE_IMAGE_POLICY, ...policy };
  const callerSignal = options.signal;
  callerSignal?.throwIfAborted();

  // One controller for the whole download, so the time limit covers every hop and the body.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, limits.timeoutMs);
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });

  const fail = (reason: RemoteImageFailure, detail?: string, cause?: unknown): RemoteImageError =>
    new RemoteImageError(reason, url, detail, cause === undefined ? undefined : { cause });

  try {
    let current = url;
    for (let redirects = 0; ; redirects++) {
      const target = await checkTarget(current, redirects > 0, limits, options.trustedOrigins ?? [], controller.signal, fail);
      const response = await request(target, controller.signal);
      const status = response.statusCode ?? 0;

      if (REDIRECT_STATUSES.has(status)) {
        // The redirect body is never needed; closing now also frees the socket before the next hop.
        response.destroy();
        if (redirects >= limits.maxRedirects) throw fail("too_many_redirects", tooManyRedirectsDetail(limits.maxRedirects));
        const location = response.headers.location;
        if (!location) throw fail("http_status", httpStatusDetail(status));
        try {
          current = new URL(location, target.url).href;
        } catch {
          throw fail("invalid_url", "다른 주소로 이동하라는 응답을 받았지만 그 주소가 올바르지 않습니다.");
        }
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw fail("http_status", httpStatusDetail(status));
      }

      const contentType = headerValue(response.headers["content-type"]);
      if (!mayBeImage(contentType)) {
        response.destroy();
        throw fail("not_an_image", notAnImageDetail(contentType));
      }
      const declared = Number(headerValue(response.headers["content-length"]) ?? Number.NaN);
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        response.destroy();
        throw fail("too_large", tooLargeDetail(limits.maxBytes));
      }

      const chunks: Buffer[] = [];
      let received = 0;
      // Leaving the loop early (throw) destroys the response, so an endless body stops being read at once.
      for await (const chunk of response as AsyncIterable<Buffer>) {
        received += chunk.byteLength;
        if (received > limits.maxBytes) throw fail("too_large", tooLargeDetail(limits.maxBytes));
        chunks.push(chunk);
      }
      // A stream that ends because the socket was destroyed by the timer is not a complete image.
      if (controller.signal.aborted) throw new Error("aborted");
      if (received === 0) throw fail("not_an_image", "사이트가 빈 응답을 보냈습니다.");
      // A copy that owns its ArrayBuffer (Buffer.concat may hand out a slice of Node's shared pool).
      const bytes = new Uint8Array(received);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
      return { bytes, finalUrl: target.url.href, contentType };
    }
  } catch (error) {
    if (error instanceof RemoteImageError) throw error;
    if (callerSignal?.aborted) throw callerSignal.reason;
    if (timedOut) throw fail("timeout", timeoutDetail(limits.timeoutMs), error);
    throw fail("unreachable", unreachableDetail(error), error);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}

interface Target {
  url: URL;
  /** Host name or IP literal without brackets. */
  host: string;
  /** The checked addresses; the connection may only go to these. */
  addresses: dns.LookupAddress[];
}

/** Parses one hop's URL and resolves its host, refusing anything the policy does not allow before any connection. */
async function checkTarget(
  raw: string,
  redirected: boolean,
  policy: RemoteImagePolicy,
  trustedOrigins: readonly string[],
  signal: AbortSignal,
  fail: (reason: RemoteImageFailure, detail?: string) => RemoteImageError,
): Promise<Target> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail("invalid_url", invalidUrlDetail(redirected));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw fail("invalid_url", invalidUrlDetail(redirected));
  if (url.username || url.password) {
    throw fail("invalid_url", "주소에 사용자 이름이나 비밀번호가 들어 있어 가져올 수 없습니다.");
  }
  // The URL parser has already turned 0x7f000001, 2130706433 and similar spellings into dotted decimal.
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (!host) throw fail("invalid_url", invalidUrlDetail(redirected));
  const family = isIP(host);
  const checked = !policy.allowPrivateHosts && !trustedOrigins.includes(url.origin);
  if (family !== 0 && checked && !isPublicAddress(host)) throw fail("forbidden_address", forbiddenAddressDetail("address", redirected));

  const port = url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
  if (checked && !ALLOWED_PORTS.has(port)) {
    throw fail("forbidden_address", forbiddenAddressDetail("port", redirected));
  }

  if (family !== 0) return { url, host, addresses: [{ address: host, family }] };

  let addresses: dns.LookupAddress[];
  try {
    addresses = await abortable(dns.promises.lookup(host, { all: true, verbatim: true }), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw fail("unreachable", unreachableDetail(error));
  }
  if (addresses.length === 0) throw fail("unreachable", unreachableDetail({ code: "ENOTFOUND" }));
  // Any private answer refuses the host: a name that resolves to both is an attack, not a misconfiguration.
  if (checked && addresses.some((a) => !isPublicAddress(a.address))) {
    throw fail("forbidden_address", forbiddenAddressDetail("address", redirected));
  }
  return { url, host, addresses };
}

/** Sends the GET for one hop and resolves with the response head; the caller owns (and must consume or destroy) the body. */
function request(target: Target, signal: AbortSignal): Promise<IncomingMessage> {
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
        headers: { "user-agent": USER_AGENT, accept: "image/*", "accept-encoding": "identity" },
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

/** Missing and generic binary types pass: many image hosts send them, and the media pipeline decodes and decides. */
function mayBeImage(contentType: string | null): boolean {
  if (!contentType) return true;
  const essence = contentType.split(";")[0]!.trim().toLowerCase();
  return essence === "" || essence.startsWith("image/") || essence === "application/octet-stream" || essence === "binary/octet-stream";
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
  // Global unicast is 2000::/3; this excludes ::, ::1, IPv4-compatible, fc00::/7, fe80::/10, fec0::/10, ff00::/8 and more.
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

// ---- Post HTML ----

/** Every absolute http(s) image URL in (already sanitized) post HTML that is not one of ours; unique, in document order. */
export function externalImageUrls(html: string, isOwnUrl: (src: string) => boolean): string[] {
  // The sanitizer's own parser sees the same `src` values as the save path, with entities (`&amp;`) decoded.
  // Malformed absolute URLs are kept: fetching them reports a clear invalid_url instead of a silently broken image.
  const found = imageSources(html).filter((src) => /^\s*https?:/i.test(src) && !isOwnUrl(src));
  return [...new Set(found)];
}

// ---- Messages ----

function withoutCredentials(raw: string): string {
  try {
    const url = new URL(raw);
    if (!url.username && !url.password) return raw;
    url.username = "";
    url.password = "";
    return url.href;
  } catch {
    return raw;
  }
}

function shortenUrl(raw: string): string {
  // Control characters would only garble the message (a URL cannot contain them anyway).
  // eslint-disable-next-line no-control-regex
  const text = raw.trim().replace(/[\u0000-\u001f\u007f]/g, "");
  if (text.length <= MAX_SHOWN_URL) return text;
  const tail = 30;
  return `${text.slice(0, MAX_SHOWN_URL - tail - 1)}…${text.slice(-tail)}`;
}

// A failing redirect hop is named as such: the administrator only sees the original, harmless-looking URL.

function invalidUrlDetail(redirected = false): string {
  return redirected
    ? "사이트가 http:// 또는 https://가 아닌 주소로 이동시키려 해 가져올 수 없습니다."
    : "주소가 올바르지 않습니다. http:// 또는 https://로 시작하는 이미지 주소만 가져올 수 있습니다.";
}

function forbiddenAddressDetail(kind: "address" | "port" = "address", redirected = false): string {
  if (kind === "port") {
    return redirected
      ? "사이트가 80, 443 이외의 포트를 쓰는 주소로 이동시키려 해 보안상 가져올 수 없습니다."
      : "보안상 80, 443 이외의 포트를 쓰는 주소에서는 이미지를 가져올 수 없습니다.";
  }
  return redirected
    ? "사이트가 내부망(사설·로컬) 주소로 이동시키려 해 보안상 가져올 수 없습니다."
    : "내부망(사설·로컬) 주소를 가리키고 있어 보안상 가져올 수 없습니다.";
}

function unreachableDetail(error?: unknown): string {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") return "사이트 주소(도메인)를 찾을 수 없습니다.";
  return "사이트에 연결할 수 없습니다.";
}

function timeoutDetail(timeoutMs: number): string {
  const seconds = Math.max(0.1, Math.round(timeoutMs / 100) / 10);
  return `사이트가 응답하지 않습니다(${seconds}초 초과).`;
}

function httpStatusDetail(status: number): string {
  if (status === 404 || status === 410) return `해당 주소에 이미지가 없습니다(HTTP ${status}).`;
  if (status === 401 || status === 403) return `사이트가 접근을 거부했습니다(HTTP ${status}).`;
  if (status === 429) return `사이트가 요청이 너무 많다며 거부했습니다(HTTP ${status}). 잠시 후 다시 시도해 주세요.`;
  if (status >= 500) return `사이트에 오류가 발생했습니다(HTTP ${status}).`;
  if (REDIRECT_STATUSES.has(status)) return `이동할 주소가 없는 리다이렉트 응답을 받았습니다(HTTP ${status}).`;
  return `사이트가 이미지 대신 다른 응답을 보냈습니다(HTTP ${status}).`;
}

function tooLargeDetail(maxBytes: number): string {
  return `이미지가 ${formatBytes(maxBytes)}를 넘어 가져올 수 없습니다.`;
}

function notAnImageDetail(contentType: string | null): string {
  const essence = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  // Only a well-formed media type is echoed: the header comes from someone else's server.
  return /^[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60}$/.test(essence)
    ? `이미지가 아닌 파일입니다(받은 형식: ${essence}).`
    : "이미지가 아닌 파일입니다.";
}

function tooManyRedirectsDetail(maxRedirects: number): string {
  return `다른 주소로 이동하는 리다이렉트가 너무 많습니다(최대 ${maxRedirects}번).`;
}

function formatBytes(bytes: number): string {
  const round = (n: number) => Math.round(n * 10) / 10;
  if (bytes >= 1024 * 1024) return `${round(bytes / 1024 / 1024)}MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)}KB`;
  return `${bytes}바이트`;
}
