import { describe, expect, it } from "vitest";
import {
  enhancePostImages,
  imageSources,
  postHtmlShapeProblem,
  postHtmlToText,
  PostHtmlTooComplexError,
  sanitizePostHtml,
} from "../../app/server/platform/sanitize-html.server";
import { MAX_POST_HTML_DEPTH, MAX_POST_HTML_ELEMENTS } from "../../app/domain/schemas";
import { largeQuillPost, NESTED_B_200KB } from "../fixtures/post-html";

const NESTED_B = NESTED_B_200KB;

const elementCount = (html: string) => (html.match(/<[a-z]/gi) ?? []).length;

/** Milliseconds of the fastest of `runs` (the machine is shared: the minimum is the cost, the rest is noise). */
function fastest(runs: number, work: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("post HTML is bounded before it is sanitized", () => {
  it("200 KB of nested <b> is refused at once with a message that says what is wrong", () => {
    const start = performance.now();
    const problem = postHtmlShapeProblem(NESTED_B);
    const elapsed = performance.now() - start;
    expect(problem).toBe(`글의 서식이 너무 깊게 겹쳐 있습니다. (최대 ${MAX_POST_HTML_DEPTH}단계) 겹친 서식을 줄여 주세요.`);
    expect(postHtmlShapeProblem(NESTED_B, "영문 글")).toMatch(/^영문 글의 서식이 너무 깊게/);
    expect(elapsed).toBeLessThan(250);
    // Whoever sanitizes without asking first gets the bound too.
    expect(() => sanitizePostHtml(NESTED_B)).toThrow(PostHtmlTooComplexError);
  });

  it("the depth limit counts open elements as the sanitizer's own parser sees them", () => {
    expect(postHtmlShapeProblem(`${"<b>".repeat(MAX_POST_HTML_DEPTH)}x`)).toBeNull();
    expect(postHtmlShapeProblem(`${"<b>".repeat(MAX_POST_HTML_DEPTH + 1)}x`)).toContain("너무 깊게");
    // Closed elements, void elements and implied ends (<p><p>, <li><li>) do not add up.
    expect(postHtmlShapeProblem(`${"<b>".repeat(40)}x${"</b>".repeat(40)}`.repeat(100))).toBeNull();
    expect(postHtmlShapeProblem("<p>문단".repeat(5_000))).toBeNull();
    expect(postHtmlShapeProblem(`<ul>${"<li>항목".repeat(5_000)}</ul>`)).toBeNull();
    expect(postHtmlShapeProblem(`<p>${"줄<br>".repeat(5_000)}</p>`)).toBeNull();
    // Tags inside comments and raw text are not elements.
    expect(postHtmlShapeProblem(`<!--${"<b>".repeat(1_000)}-->x`)).toBeNull();
    expect(postHtmlShapeProblem(`<script>${"<b>".repeat(1_000)}</script>x`)).toBeNull();
  });

  it("the element limit", () => {
    expect(postHtmlShapeProblem("<br>".repeat(MAX_POST_HTML_ELEMENTS))).toBeNull();
    expect(postHtmlShapeProblem("<br>".repeat(MAX_POST_HTML_ELEMENTS + 1))).toBe(
      "글의 요소(문단, 서식, 이미지 등)가 너무 많습니다. (최대 20,000개) 글을 나누어 올려 주세요.",
    );
  });

  it("a long real post is far inside both limits and sanitizes as before", () => {
    const post = largeQuillPost(150_000);
    expect(post.length).toBeGreaterThanOrEqual(150_000);
    expect(postHtmlShapeProblem(post)).toBeNull();
    expect(elementCount(post)).toBeLessThan(MAX_POST_HTML_ELEMENTS / 4);
    expect(sanitizePostHtml(post)).toContain("<strong>한서윤</strong>");
  });

  it("figures: the scan, and the sanitizer and derivations on the worst documents the limits let through", () => {
    const worst: [string, string][] = [
      ["real post, 150,000 characters", largeQuillPost(150_000)],
      [`${MAX_POST_HTML_ELEMENTS} implied <p>`, "<p>".repeat(MAX_POST_HTML_ELEMENTS)],
      [`${MAX_POST_HTML_ELEMENTS} <br>`, "<br>".repeat(MAX_POST_HTML_ELEMENTS)],
      [`depth ${MAX_POST_HTML_DEPTH} throughout`, `${"<b>".repeat(MAX_POST_HTML_DEPTH)}x${"</b>".repeat(MAX_POST_HTML_DEPTH)}`.repeat(Math.floor(MAX_POST_HTML_ELEMENTS / MAX_POST_HTML_DEPTH))],
    ];
    const rows = [`| document | characters | elements | scan ms | sanitize ms | derive ms (4 passes) |`, `|---|---|---|---|---|---|`];
    rows.push(`| 200 KB nested <b> (refused) | ${NESTED_B.length} | ${elementCount(NESTED_B)} | ${fastest(3, () => postHtmlShapeProblem(NESTED_B)).toFixed(1)} | — | — |`);
    for (const [label, html] of worst) {
      expect(postHtmlShapeProblem(html), label).toBeNull();
      const clean = sanitizePostHtml(html);
      const scan = fastest(3, () => postHtmlShapeProblem(html));
      const sanitize = fastest(3, () => sanitizePostHtml(html));
      // What a save does with the clean HTML (post-content.server.ts and the image import).
      const derive = fastest(3, () => {
        imageSources(clean);
        imageSources(clean);
        postHtmlToText(clean);
        enhancePostImages(clean, new Map());
      });
      rows.push(`| ${label} | ${html.length} | ${Math.min(elementCount(html), MAX_POST_HTML_ELEMENTS)} | ${scan.toFixed(1)} | ${sanitize.toFixed(0)} | ${derive.toFixed(0)} |`);
      // A generous bound on a shared 2-core machine: what matters is that it is not seconds.
      expect(sanitize, label).toBeLessThan(2_000);
    }
    console.log(`post HTML limits (fastest of 3 runs):\n${rows.join("\n")}`);
  }, 60_000);
});
