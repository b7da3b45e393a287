/**
 * Credentials that travel in addresses (decision 053): a casting package's link, a staff invitation.
 * A route of the route table declares which of its parameters is one (`credential` in site-routes.ts);
 * the logger rewrites every line it writes with those values replaced (platform/logger.server.ts),
 * wherever the address stands in the line: a request's url, a referer, an error's message, or
 * percent-encoded inside another address's query.
 */

/** What a credential becomes in a log line. */
export const REDACTED = "[redacted]";

/** The part of a route a credential redactor needs: its pattern, and which parameter is a credential. */
export interface CredentialRoute {
  pattern: string;
  /** A path parameter of the pattern (`token` of "/casting/:token"), or else a query parameter's name. */
  credential?: string;
}

// A separator as written, or percent-encoded inside another address ("?redirectTo=%2Fcasting%2F...").
const SLASH = "(?:/|%2F)";
const QUESTION = "(?:\\?|%3F)";
const AMPERSAND = "(?:&|%26)";
const EQUALS = "(?:=|%3D)";
// One path segment: up to the next separator, a space, or the end of a JSON string (`"`, `\`).
const SEGMENT = '(?:[^/?#\\s"\\\\%]|%(?!2F|3F))+';
// One query value: up to the next parameter, the fragment, a space or the end of a JSON string.
const QUERY_VALUE = '(?:[^&#\\s"\\\\%]|%(?!26|23))+';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The pattern's segments as a regular expression, parameters matching any one segment. */
function segmentsSource(segments: string[]): string {
  return segments.map((segment) => SLASH + (segment.startsWith(":") ? SEGMENT : escapeRegExp(segment))).join("");
}

/** The part of a line before the credential's value (group 1), and the value itself after it. */
function credentialSource(route: CredentialRoute & { credential: string }): string {
  const segments = route.pattern.split("/").filter(Boolean);
  const at = segments.findIndex((segment) => segment.replace(/\?$/, "") === `:${route.credential}`);
  if (at !== -1) return `(${segmentsSource(segments.slice(0, at))}${SLASH})${SEGMENT}`;
  return `(${segmentsSource(segments)}${QUESTION}(?:[^#\\s"\\\\]*?${AMPERSAND})?${escapeRegExp(route.credential)}${EQUALS})${QUERY_VALUE}`;
}

/**
 * A function that replaces, in any text, the credential of every address of `routes` that declares
 * one. Case does not matter, as it does not in the router's matching.
 */
export function credentialRedactor(routes: readonly CredentialRoute[]): (text: string) => string {
  const sources = [...new Set(routes.flatMap((route) => (route.credential ? [credentialSource({ ...route, credential: route.credential })] : [])))];
  if (sources.length === 0) return (text) => text;
  const expressions = sources.map((source) => new RegExp(source, "gi"));
  return (text) => expressions.reduce((redacted, expression) => redacted.replace(expression, `$1${REDACTED}`), text);
}
