import { withParticle } from "../../domain/korean";
import { formatBytes } from "../../domain/site-import";
import { GuardedFetchError, guardedFetch, type GuardedFetchLimits } from "../platform/guarded-fetch.server";
import { oldSiteRecordLabel } from "./old-site.server";

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

/**
 * Why the old site could not be read, for the form: the address leads nowhere (`unreachable`), or to a
 * site that does not answer as the old WE site (`not-old-site`), or something else went wrong.
 */
export type SiteImportProblem = "unreachable" | "not-old-site" | "other";

/** The old site could not be read at all (the address, the network, the answer). */
export class SiteImportError extends Error {
  override name = "SiteImportError";
  readonly problem: SiteImportProblem;
  constructor(message: string, options: { cause?: unknown; problem?: SiteImportProblem } = {}) {
    super(message, { cause: options.cause });
    this.problem = options.problem ?? "other";
  }
}

/** What to check when the address leads nowhere, and when it leads to another site (staff's words, no API paths). */
export const CHECK_UNREACHABLE = "주소를 바르게 입력했는지(예: https://old.we-ent.co.kr), 예전 사이트가 지금 열려 있는지 확인해 주세요.";
export const CHECK_NOT_OLD_SITE = "예전 WE ENTERTAINMENT 사이트의 주소인지 확인해 주세요. 새 사이트나 다른 사이트의 주소를 넣으면 가져올 수 없습니다.";

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
      if (error instanceof GuardedFetchError) throw new SiteImportError(requestFailure(oldSiteRecordLabel(path), error, limits, origin), { cause: error, problem: problemOf(error, origin) });
      throw error;
    }
    try {
      return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    } catch (error) {
      throw new SiteImportError(`예전 사이트에서 받은 ${withParticle(oldSiteRecordLabel(path), "을/를")} 읽을 수 없습니다. ${CHECK_NOT_OLD_SITE}`, { cause: error, problem: "not-old-site" });
    }
  };
}

/**
 * Why an answer of the old site could not be read, in staff's words: what was being read ("배우 목록"),
 * never the API's path. It names where a redirect pointed (only its host) but never what another
 * service answered: not its body, not its status.
 */
function requestFailure(what: string, error: GuardedFetchError, limits: GuardedFetchLimits, origin: string): string {
  const { hop, facts } = error;
  const elsewhere = hop.redirected && originOf(hop.url) !== origin;
  const where = hostOf(hop.url);
  const seconds = (ms: number) => Math.max(0.1, Math.round(ms / 100) / 10);
  const object = withParticle(what, "을/를");
  switch (error.reason) {
    // The first request goes to the old site itself, which is trusted: these come from a redirect.
    case "forbidden_address":
      return `예전 사이트가 ${object} 다른 곳(${where})으로 넘겼는데, 그곳은 ${facts.refused === "port" ? "80, 443이 아닌 포트를 쓰는" : "내부망(사설·로컬)"} 주소라 보안상 가져오지 않았습니다.`;
    case "invalid_url":
      return `예전 사이트가 ${object} http:// 또는 https://가 아닌 주소로 넘겨서 가져오지 않았습니다.`;
    case "too_many_redirects":
      return `예전 사이트가 ${object} 다른 주소로 너무 여러 번 넘겨서(최대 ${limits.maxRedirects}번) 가져오지 않았습니다.`;
    case "timeout":
      return facts.phase === "body"
        ? `예전 사이트에서 ${object} ${seconds(limits.timeoutMs)}초 안에 다 받지 못해 읽기를 멈췄습니다.`
        : `예전 사이트가 ${seconds(limits.headersTimeoutMs ?? limits.timeoutMs)}초 넘게 답하지 않아 ${object} 읽지 못했습니다. ${CHECK_UNREACHABLE}`;
    case "too_large":
      return `예전 사이트에서 받은 ${withParticle(what, "이/가")} ${formatBytes(limits.maxBytes)}를 넘어 읽기를 멈췄습니다.`;
    case "unreachable":
      if (elsewhere) return `예전 사이트가 ${object} 넘긴 곳(${where})에 연결하지 못했습니다.`;
      return ["ENOTFOUND", "EAI_AGAIN", "ENODATA"].includes(facts.code ?? "")
        ? `예전 사이트의 주소(도메인)를 찾을 수 없습니다: ${where}. ${CHECK_UNREACHABLE}`
        : `예전 사이트(${where})에 연결하지 못했습니다. ${CHECK_UNREACHABLE}`;
    case "http_status":
    case "unacceptable": // not asked for: any Content-Type is read, and JSON.parse decides
      return elsewhere || facts.status === undefined
        ? `예전 사이트가 ${object} 넘긴 곳(${where})이 오류로 답했습니다.`
        : `예전 사이트에서 ${object} 받지 못했습니다(응답 코드 ${facts.status}). ${CHECK_NOT_OLD_SITE}`;
  }
}

/** Whether a failed request says the address leads nowhere, or to a site that is not the old one. */
function problemOf(error: GuardedFetchError, origin: string): SiteImportProblem {
  const elsewhere = error.hop.redirected && originOf(error.hop.url) !== origin;
  if (elsewhere) return "other";
  if (error.reason === "unreachable" || (error.reason === "timeout" && error.facts.phase !== "body")) return "unreachable";
  if (error.reason === "http_status" || error.reason === "unacceptable") return "not-old-site";
  return "other";
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
