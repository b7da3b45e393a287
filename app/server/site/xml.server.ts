/**
 * Shared by the crawler files (sitemap, RSS feeds): text made safe for XML, and how they are cached.
 */

/** Characters XML 1.0 does not allow at all (control characters, lone surrogates): dropped, not escaped. */
// eslint-disable-next-line no-control-regex -- XML 1.0's Char production is defined by control characters.
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text or an attribute value as XML: markup characters escaped, characters XML forbids removed. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

