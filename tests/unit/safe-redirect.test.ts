import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { signInPath } from "../../app/domain/paths";
import { safeRedirectPath } from "../../app/server/auth/sessions.server";

const FALLBACK = "/admin";
const SITE = "https://www.we-entertainment.co.kr";

/** Where a browser goes with this Location on our site (the WHATWG parser, as browsers use it). */
const browserTarget = (location: string) => new URL(location, SITE);

describe("safeRedirectPath: where to go after sign-in", () => {
  it.each([
    ["/admin", "/admin"],
    ["/adminNewsWrite?id=3&x=%2F#top", "/adminNewsWrite?id=3&x=%2F#top"],
    ["/artist/홍길동", "/artist/%ED%99%8D%EA%B8%B8%EB%8F%99"],
    // Encoded slashes, tabs and backslashes are part of one path segment here: they stay on this site.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%2f%2fevil.example", "/%2f%2fevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    // The parsed, normalized path is what is returned.
    ["/./admin/../adminNews", "/adminNews"],
  ])("keeps the local path %j as %j", (value, expected) => {
    expect(safeRedirectPath(value, FALLBACK)).toBe(expected);
    expect(browserTarget(expected).origin).toBe(SITE);
  });

  it.each([
    // Browsers drop tabs and line breaks inside a URL: these are "//evil.example" to them.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\r\n/evil.example",
    "/\t\t/evil.example",
    "\t//evil.example",
    // ...and read a backslash as a slash.
    "/\\evil.example",
    "/\\/evil.example",
    "\\evil.example",
    "\\\\evil.example",
    // Other sites, schemes.
    "//evil.example",
    "///evil.example",
    "//evil.example/admin",
    "https://evil.example",
    "https:evil.example",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    // Dot segments that would leave "//evil.example" after normalization.
    "/.//evil.example",
    "/..//evil.example",
    "/a/../..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E//evil.example",
    // Other control characters and whitespace anywhere.
    "/\u0000/evil.example",
    "/admin\u0000",
    "/\u001b[31m",
    "/\u007f/evil.example",
    "/\u0085/evil.example",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "/\u3000/evil.example",
    "/\ufeff/evil.example",
    "/ /evil.example",
    " /admin",
    "/admin ",
    // Not a path at all.
    "",
    "admin",
    "evil.example",
    "%2F%2Fevil.example",
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value, FALLBACK)).toBe(FALLBACK);
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirectPath(undefined, FALLBACK)).toBe(FALLBACK);
    expect(safeRedirectPath(new File(["/admin"], "x.txt"), FALLBACK)).toBe(FALLBACK);
  });

  it("whatever it is given, the answer is the fallback or a clean path that a browser resolves on this site", () => {
    const piece = fc.constantFrom("/", "//", "\\", "\t", "\n", "\r", " ", "\u3000", "\u0000", ".", "..", "%2F", "%2f", "%09", "%5C", "%2e", "evil.example", ":", "?", "#", "@", "javascript:", "https:", "a", "관리");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.string({ unit: "binary", maxLength: 6 }), (pieces, noise) => {
        const value = pieces.join("") + noise;
        const result = safeRedirectPath(value, FALLBACK);
        if (result === FALLBACK) return;
        expect(result.startsWith("/") && !result.startsWith("//")).toBe(true);
        expect([...result].every((c) => c > " " && c < "\u007f" && c !== "\\")).toBe(true);
        const target = browserTarget(result);
        expect(target.origin).toBe(SITE);
        // The browser's own reading of the answer is the answer: nothing left to reinterpret.
        expect(target.pathname + target.search + target.hash).toBe(result);
      }),
      { numRuns: 2000 },
    );
    // 2,000 runs take ~1 s alone and several on a loaded 2-core machine.
  }, 30_000);
});

describe("signInPath: the sign-in redirect's way back", () => {
  it("carries the way back, and drops what would overflow a client's header limit (found by the hostile-request property test in CI)", () => {
    expect(signInPath("/admin/auditions?q=1")).toBe("/adminLogin?redirectTo=%2Fadmin%2Fauditions%3Fq%3D1");
    const longPath = `/admin/history/post/1/${encodeURIComponent("가".repeat(400))}`;
    expect(signInPath(`/admin/posts?q=${"가".repeat(400)}`)).toBe("/adminLogin?redirectTo=%2Fadmin%2Fposts");
    expect(signInPath(longPath)).toBe("/adminLogin");
    fc.assert(
      fc.property(fc.string({ maxLength: 3000, unit: "binary" }), (tail) => {
        expect(signInPath(`/admin/${encodeURIComponent(tail)}?q=${tail}`).length).toBeLessThanOrEqual(2048 + 30);
      }),
    );
  });
});
