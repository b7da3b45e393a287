import { describe, expect, it } from "vitest";
import { firstImageSrc, postHtmlToText, sanitizePostHtml } from "../../app/server/posts/sanitize.server";

describe("post HTML sanitizing", () => {
  it("keeps the editor's formatting", () => {
    const html =
      '<h1>제목</h1><h2>부제</h2><p class="ql-align-center"><strong>굵게</strong> <em>기울임</em> <u>밑줄</u> <s>취소</s> <span class="ql-size-large">크게</span></p>' +
      '<blockquote>인용</blockquote><ol><li data-list="ordered">하나</li></ol><ul><li data-list="bullet">둘</li></ul>' +
      '<p><img src="/media/2026/11/0123456789abcdef0123456789abcdef.jpg" alt="사진"></p><p><a href="https://example.com" target="_blank">링크</a></p>';
    const clean = sanitizePostHtml(html);
    expect(clean).toContain("<h1>제목</h1>");
    expect(clean).toContain('<p class="ql-align-center">');
    expect(clean).toContain('<span class="ql-size-large">크게</span>');
    expect(clean).toContain('<li data-list="bullet">둘</li>');
    expect(clean).toContain('<img src="/media/2026/11/0123456789abcdef0123456789abcdef.jpg" alt="사진" />');
    expect(clean).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">링크</a>');
  });

  it.each([
    ['<img src=x onerror="alert(1)">', "onerror"],
    ['<a href="javascript:alert(1)">x</a>', "javascript:"],
    ["<script>alert(1)</script>", "alert"],
    ['<p style="background:url(javascript:alert(1))">x</p>', "style"],
    ['<iframe src="https://evil.example"></iframe>', "iframe"],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', "data:"],
    ['<p class="evil ql-align-center">x</p>', "evil"],
  ])("removes %s", (input, forbidden) => {
    expect(sanitizePostHtml(input)).not.toContain(forbidden);
  });

  it("is idempotent", () => {
    const html = '<p>a<b>b</b><img src="/media/x.jpg"><a href="https://x.example" target="_top">c</a></p><ul><li>d</li></ul>';
    const once = sanitizePostHtml(html);
    expect(sanitizePostHtml(once)).toBe(once);
  });
});

describe("post text and thumbnail", () => {
  it("strips tags and decodes entities, keeping words apart", () => {
    expect(postHtmlToText("<p>첫 문단</p><p>둘째&nbsp;문단 &amp; 끝</p><script>x()</script>")).toBe("첫 문단 둘째 문단 & 끝");
  });

  it("finds the first image", () => {
    expect(firstImageSrc('<p>x</p><img src="/media/a.jpg"><img src="/media/b.jpg">')).toBe("/media/a.jpg");
    expect(firstImageSrc("<p>no image</p>")).toBeNull();
  });
});

describe("Quill markup", () => {
  it("drops the list bullets' UI spans and keeps the list", () => {
    const html = '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>항목</li></ol>';
    expect(sanitizePostHtml(html)).toBe('<ol><li data-list="bullet">항목</li></ol>');
  });
});

describe("post images for the page", () => {
  it("get their stored size and variants; the first loads at once, the rest lazily", async () => {
    const { enhancePostImages } = await import("../../app/server/posts/sanitize.server");
    const html = '<p><img src="/media/2026/11/a.jpg" alt="사진"></p><p><img src="https://example.com/x.png"></p>';
    const out = enhancePostImages(
      html,
      new Map([["/media/2026/11/a.jpg", { width: 1200, height: 800, variants: [{ width: 480, url: "/media/2026/11/a-480.webp" }] }]]),
    );
    expect(out).toContain('width="1200" height="800"');
    expect(out).toContain('srcset="/media/2026/11/a-480.webp 480w, /media/2026/11/a.jpg 1200w"');
    expect(out).toContain('loading="eager" fetchpriority="high"');
    expect(out).toContain('<img src="https://example.com/x.png" loading="lazy" decoding="async" />');
  });
});

describe("hydration script preloads", () => {
  it("are marked low priority, and nothing else changes", async () => {
    const { withLowPriorityModulePreloads } = await import("../../app/server/http/html-hints.server");
    const html =
      '<link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" href="/assets/a.js" nonce="n"/><p>&lt;link rel="modulepreload" href=</p>';
    expect(withLowPriorityModulePreloads(html)).toBe(
      '<link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/><p>&lt;link rel="modulepreload" href=</p>',
    );
  });
});
