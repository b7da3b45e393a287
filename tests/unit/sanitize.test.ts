import { describe, expect, it } from "vitest";
import { ALT_REQUIRED_MESSAGE, postFigureHtml } from "../../app/domain/post-figures";
import { figureDetailsSchema } from "../../app/domain/schemas";
import { firstImageSrc, postHtmlToText, removeImageSources, sanitizePostHtml } from "../../app/server/platform/sanitize-html.server";

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
    const { enhancePostImages } = await import("../../app/server/platform/sanitize-html.server");
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
    const { withLowPriorityModulePreloads } = await import("../../app/server/pipeline/html-hints.server");
    const html =
      '<link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" href="/assets/a.js" nonce="n"/><p>&lt;link rel="modulepreload" href=</p>';
    expect(withLowPriorityModulePreloads(html)).toBe(
      '<link rel="stylesheet" href="/assets/root.css"/><link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/><p>&lt;link rel="modulepreload" href=</p>',
    );
  });
});

describe("image figures (decision 043)", () => {
  const src = "/media/2026/11/0123456789abcdef0123456789abcdef.jpg";

  it("keep the figure the editor and the no-JavaScript form write, unchanged and idempotent", () => {
    for (const size of ["small", "medium", "full"] as const) {
      const html = postFigureHtml({ src, alt: "무대 위의 \"배우\" & 관객", caption: "커튼콜 <1막>", size, width: 900, height: 600 });
      const clean = sanitizePostHtml(html);
      expect(clean).toBe(
        `<figure class="post-figure post-figure--${size}"><img src="${src}" alt="무대 위의 &quot;배우&quot; &amp; 관객" width="900" height="600" /><figcaption>커튼콜 &lt;1막&gt;</figcaption></figure>`,
      );
      expect(sanitizePostHtml(clean)).toBe(clean);
    }
  });

  it("keep one size class from the fixed list (full width when none or an unknown one is given)", () => {
    expect(sanitizePostHtml(`<figure class="post-figure--small post-figure--medium"><img src="${src}" alt="a"></figure>`)).toBe(
      `<figure class="post-figure post-figure--small"><img src="${src}" alt="a" /></figure>`,
    );
    expect(sanitizePostHtml(`<figure class="post-figure--giant ql-align-center"><img src="${src}" alt="a"></figure>`)).toBe(
      `<figure class="post-figure post-figure--full"><img src="${src}" alt="a" /></figure>`,
    );
  });

  it("drop a figure without an image, and make a caption outside a figure a paragraph", () => {
    expect(sanitizePostHtml("<figure><figcaption>빈 그림</figcaption></figure><p>본문</p>")).toBe("<p>본문</p>");
    expect(sanitizePostHtml("<figcaption>떠도는 캡션</figcaption>")).toBe("<p>떠도는 캡션</p>");
    expect(removeImageSources(sanitizePostHtml(`<figure><img src="${src}" alt="a"><figcaption>c</figcaption></figure><p>x</p>`), [src])).toBe("<p>x</p>");
  });
});

describe("an image's details from the no-JavaScript form", () => {
  const form = { attachAlt: " 객석 ", attachCaption: "", attachSize: "medium", attachDecorative: false };

  it("need alt text unless the image is decorative, and a size from the list", () => {
    expect(figureDetailsSchema.parse(form)).toEqual({ alt: "객석", caption: "", size: "medium" });
    expect(figureDetailsSchema.parse({ ...form, attachAlt: "", attachDecorative: true })).toEqual({ alt: "", caption: "", size: "medium" });
    const missing = figureDetailsSchema.safeParse({ ...form, attachAlt: "  " });
    expect(missing.success || missing.error.issues[0]).toMatchObject({ path: ["attachAlt"], message: ALT_REQUIRED_MESSAGE });
    const size = figureDetailsSchema.safeParse({ ...form, attachSize: "huge" });
    expect(size.success || size.error.issues[0]!.message).toBe("이미지 크기를 작게, 중간, 전체 너비 중에서 선택해 주세요.");
  });
});
