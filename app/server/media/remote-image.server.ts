import { GuardedFetchError, guardedFetch, isRedirectStatus, type GuardedFetchFailure, type GuardedFetchLimits, type GuardedFetchOptions } from "../platform/guarded-fetch.server";
import { imageSources } from "../platform/sanitize-html.server";
import { MAX_UPLOAD_BYTES } from "./media.server";

/** Limits for downloading one image from another site (one total time limit covers every head and the body). */
export type RemoteImagePolicy = GuardedFetchLimits;

/** Production limits: public addresses only, the upload size limit, 10 seconds, 3 redirects. */
export const DEFAULT_REMOTE_IMAGE_POLICY: Readonly<RemoteImagePolicy> = Object.freeze({
  allowPrivateHosts: false,
  maxBytes: MAX_UPLOAD_BYTES,
  timeoutMs: 10_000,
  maxRedirects: 3,
});

/** Why an image could not be imported. */
export type RemoteImageFailure = Exclude<GuardedFetchFailure, "unacceptable"> | "not_an_image";

const USER_AGENT = "WE-ENTERTAINMENT-image-import/1.0";
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

/** Per-call options of fetchRemoteImage: the caller's signal, and the origins it trusts (see GuardedFetchOptions). */
export type FetchRemoteImageOptions = Pick<GuardedFetchOptions, "signal" | "trustedOrigins">;

/**
 * Downloads one image through `guardedFetch` (the SSRF, size and time safeguards); throws RemoteImageError.
 * Returns the bytes (not yet decoded) and the final URL. If `options.signal` aborts, rejects with the
 * signal's reason instead (the caller gave up, nothing to explain).
 */
export async function fetchRemoteImage(
  url: string,
  policy: Partial<RemoteImagePolicy> = {},
  options: FetchRemoteImageOptions = {},
): Promise<{ bytes: Uint8Array; finalUrl: string; contentType: string | null }> {
  const limits: RemoteImagePolicy = { ...DEFAULT_REMOTE_IMAGE_POLICY, ...policy };
  let result;
  try {
    result = await guardedFetch(url, limits, {
      headers: { "user-agent": USER_AGENT, accept: "image/*" },
      accepts: mayBeImage,
      trustedOrigins: options.trustedOrigins,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof GuardedFetchError) throw imageError(error, url, limits);
    throw error;
  }
  if (result.bytes.byteLength === 0) throw new RemoteImageError("not_an_image", url, "사이트가 빈 응답을 보냈습니다.");
  return result;
}

/** A failed download in the words of an image import. */
function imageError(error: GuardedFetchError, url: string, limits: RemoteImagePolicy): RemoteImageError {
  const { redirected } = error.hop;
  const { facts } = error;
  const detail: Record<GuardedFetchFailure, () => string> = {
    invalid_url: () => (facts.credentials ? "주소에 사용자 이름이나 비밀번호가 들어 있어 가져올 수 없습니다." : invalidUrlDetail(redirected)),
    forbidden_address: () => forbiddenAddressDetail(facts.refused, redirected),
    unreachable: () => unreachableDetail(facts.code),
    timeout: () => timeoutDetail(limits.timeoutMs),
    http_status: () => httpStatusDetail(facts.status ?? 0),
    too_large: () => tooLargeDetail(limits.maxBytes),
    unacceptable: () => notAnImageDetail(facts.contentType ?? null),
    too_many_redirects: () => tooManyRedirectsDetail(limits.maxRedirects),
  };
  const reason: RemoteImageFailure = error.reason === "unacceptable" ? "not_an_image" : error.reason;
  return new RemoteImageError(reason, url, detail[error.reason](), { cause: error });
}

/** Missing and generic binary types pass: many image hosts send them, and the media pipeline decodes and decides. */
function mayBeImage(contentType: string | null): boolean {
  if (!contentType) return true;
  const essence = contentType.split(";")[0]!.trim().toLowerCase();
  return essence === "" || essence.startsWith("image/") || essence === "application/octet-stream" || essence === "binary/octet-stream";
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

function unreachableDetail(code = ""): string {
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
  if (isRedirectStatus(status)) return `이동할 주소가 없는 리다이렉트 응답을 받았습니다(HTTP ${status}).`;
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
