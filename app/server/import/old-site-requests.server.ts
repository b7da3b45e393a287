import { formatBytes } from "../../domain/site-import";
import { GuardedFetchError, guardedFetch, type GuardedFetchLimits } from "../platform/guarded-fetch.server";

/**
 * Asking the original site's API (decisions 045, 052): its address as given, one answer read through
 * the guarded fetcher within limits, and why an answer could not be read, in staff's words.
 */

export type OldSiteRequestLimits = Omit<GuardedFetchLimits, "allowPrivateHosts">;

/**
 * One answer of the old site's API (decision 052): a few MB (its largest list is far smaller), its head
 * within 15 s, all of it within 30 s, at most 3 redirects. Its images get the remote-image limits.
 */
export const OLD_SITE_REQUEST_LIMITS: Readonly<OldSiteRequestLimits> = Object.freeze({
  maxBytes: 5 * 1024 * 1024,
  headersTimeoutMs: 15_000,
  timeoutMs: 30_000,
  maxRedirects: 3,
});

/** The old site could not be read at all (the address, the network, the answer). */
export class SiteImportError extends Error {
  override name = "SiteImportError";
}

const USER_AGENT = "WE-ENTERTAINMENT-site-import/1.0";

/** The old site's address as given: http(s), no credentials, no query; its origin and path prefix. */
export function oldSiteBase(from: string): string {
  let url: URL;
  try {
    url = new URL(from);
  } catch {
    throw new SiteImportError(`이전 사이트 주소가 올바르지 않습니다: ${from}. 예: https://old.we-ent.co.kr`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new SiteImportError("이전 사이트 주소는 http:// 또는 https://로 시작해야 합니다.");
  if (url.username || url.password) throw new SiteImportError("이전 사이트 주소에 사용자 이름이나 비밀번호를 넣지 마세요.");
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/**
 * A reader of the old site's API at `base`: one answer per path, through the same guarded fetcher as its
 * images, only the old site itself trusted. Anything that goes wrong is a SiteImportError.
 */
export function oldSiteJson(base: string, limits: GuardedFetchLimits, signal?: AbortSignal): (path: string) => Promise<unknown> {
  const origin = new URL(base).origin;
  return async (path) => {
    let bytes: Uint8Array;
    try {
      ({ bytes } = await guardedFetch(base + path, limits, {
        headers: { "user-agent": USER_AGENT, accept: "application/json" },
        trustedOrigins: [origin],
        signal,
      }));
    } catch (error) {
      if (error instanceof GuardedFetchError) throw new SiteImportError(requestFailure(readablePath(path), error, limits, origin), { cause: error });
      throw error;
    }
    try {
      return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    } catch (error) {
      throw new SiteImportError(`${readablePath(path)}의 답이 JSON이 아닙니다.`, { cause: error });
    }
  };
}

/**
 * Why an answer of the old site could not be read, in staff's words. It names where a redirect pointed
 * (only its host) but never what another service answered: not its body, not its status.
 */
function requestFailure(path: string, error: GuardedFetchError, limits: GuardedFetchLimits, origin: string): string {
  const { hop, facts } = error;
  const elsewhere = hop.redirected && originOf(hop.url) !== origin;
  const where = hostOf(hop.url);
  const seconds = (ms: number) => Math.max(0.1, Math.round(ms / 100) / 10);
  switch (error.reason) {
    // The first request goes to the old site itself, which is trusted: these come from a redirect.
    case "forbidden_address":
      return `이전 사이트가 ${path} 요청을 다른 곳(${where})으로 넘겼는데, 그곳은 ${facts.refused === "port" ? "80, 443이 아닌 포트를 쓰는" : "내부망(사설·로컬)"} 주소라 보안상 가져오지 않았습니다.`;
    case "invalid_url":
      return `이전 사이트가 ${path} 요청을 http:// 또는 https://가 아닌 주소로 넘겨서 가져오지 않았습니다.`;
    case "too_many_redirects":
      return `이전 사이트가 ${path} 요청을 다른 주소로 너무 여러 번 넘겨서(최대 ${limits.maxRedirects}번) 가져오지 않았습니다.`;
    case "timeout":
      return facts.phase === "body"
        ? `${path}: 이전 사이트의 답을 ${seconds(limits.timeoutMs)}초 안에 다 받지 못해 읽기를 멈췄습니다.`
        : `${path}: 이전 사이트가 ${seconds(limits.headersTimeoutMs ?? limits.timeoutMs)}초 넘게 답하지 않았습니다.`;
    case "too_large":
      return `${path}: 이전 사이트의 답이 ${formatBytes(limits.maxBytes)}를 넘어 읽기를 멈췄습니다.`;
    case "unreachable":
      if (elsewhere) return `이전 사이트가 ${path} 요청을 넘긴 곳(${where})에 연결하지 못했습니다.`;
      return ["ENOTFOUND", "EAI_AGAIN", "ENODATA"].includes(facts.code ?? "") ? `이전 사이트의 주소(도메인)를 찾을 수 없습니다: ${where}` : `${path}에 연결하지 못했습니다.`;
    case "http_status":
    case "unacceptable": // not asked for: any Content-Type is read, and JSON.parse decides
      return elsewhere || facts.status === undefined ? `이전 사이트가 ${path} 요청을 넘긴 곳(${where})이 오류로 답했습니다.` : `${path}이 ${facts.status} 오류로 답했습니다.`;
  }
}

/** An API path as staff read it: an artist's name in Korean, not percent-encoded. */
function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The host (and port) a URL points at, or a few of its first characters if it is not one. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return shortSource(url);
  }
}

/** A URL or `data:` image shortened for a message. */
export function shortSource(reference: string): string {
  return reference.startsWith("data:") ? `${reference.slice(0, 30)}…` : reference.length > 80 ? `${reference.slice(0, 60)}…${reference.slice(-15)}` : reference;
}
