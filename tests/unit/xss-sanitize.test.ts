import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../../app/server/platform/sanitize-html.server";
import { BLNS_STRINGS, HANDWRITTEN_VECTORS, XSS_CORPUS } from "../security/xss-corpus";

const ALLOWED_TAGS = new Set(["p", "br", "h1", "h2", "strong", "b", "em", "i", "u", "s", "blockquote", "ol", "ul", "li", "a", "img", "span", "figure", "figcaption"]);
const ALLOWED_ATTRIBUTES = new Set(["href", "target", "rel", "src", "alt", "width", "height", "data-list", "class"]);

describe("the XSS corpus against the post sanitizer", () => {
  it("has at least 300 hand-written vectors plus the blns strings", () => {
    expect(HANDWRITTEN_VECTORS.length).toBeGreaterThanOrEqual(300);
    expect(BLNS_STRINGS.length).toBeGreaterThan(400);
  });

  it("leaves only allowlisted tags and attributes, and only http(s)/mailto/tel or relative URLs", () => {
    for (const vector of XSS_CORPUS) {
      const clean = sanitizePostHtml(vector);
      for (const tag of clean.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)) {
        expect(ALLOWED_TAGS.has(tag[1]!.toLowerCase()), `${vector} → ${clean}`).toBe(true);
        for (const attr of tag[2]!.matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) {
          expect(ALLOWED_ATTRIBUTES.has(attr[1]!.toLowerCase()), `${vector} → ${clean}`).toBe(true);
          if (attr[1] === "href" || attr[1] === "src") {
            const value = (attr[2] ?? "").replace(/&#x?[0-9a-f]+;?|&[a-z]+;/gi, "");
            expect(/^\s*(javascript|vbscript|data|file):/i.test(value), `${vector} → ${clean}`).toBe(false);
          }
        }
      }
    }
  });

  it("is idempotent: sanitizing twice gives the same HTML", () => {
    for (const vector of XSS_CORPUS) {
      const once = sanitizePostHtml(vector);
      expect(sanitizePostHtml(once), vector).toBe(once);
    }
  });
});
