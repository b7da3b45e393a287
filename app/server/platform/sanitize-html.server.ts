import { Parser } from "htmlparser2";
import sanitizeHtml from "sanitize-html";
import { POST_FIGURE_CLASS, POST_FIGURE_SIZES, postFigureSizeClass, postFigureSizeOf } from "../../domain/post-figures";
import { MAX_POST_HTML_DEPTH, MAX_POST_HTML_ELEMENTS } from "../../domain/schemas";

/** Thrown by `sanitizePostHtml` for HTML over the shape limits (the save paths check first and say why). */
export class PostHtmlTooComplexError extends Error {
  override name = "PostHtmlTooComplexError";
}

/** Ends the scan at the first element over a limit (thrown through htmlparser2's callbacks). */
const OVER_LIMIT = Symbol("over limit");

/**
 * What is wrong with the shape of post HTML (too deeply nested, too many elements), in Korean, or
 * null. One pass of the same tokenizer sanitize-html uses, stopped at the first element over a limit,
 * so its cost is linear in the size (its open-element stack never grows past the depth limit).
 * `label` names the content in the message: "글", "영문 글".
 */
export function postHtmlShapeProblem(html: string, label = "글"): string | null {
  let depth = 0;
  let elements = 0;
  let problem: string | null = null;
  const parser = new Parser({
    onopentag() {
      depth++;
      elements++;
      if (depth > MAX_POST_HTML_DEPTH) problem = `${label}의 서식이 너무 깊게 겹쳐 있습니다. (최대 ${MAX_POST_HTML_DEPTH}단계) 겹친 서식을 줄여 주세요.`;
      else if (elements > MAX_POST_HTML_ELEMENTS) {
        problem = `${label}의 요소(문단, 서식, 이미지 등)가 너무 많습니다. (최대 ${MAX_POST_HTML_ELEMENTS.toLocaleString("ko-KR")}개) 글을 나누어 올려 주세요.`;
      }
      if (problem !== null) throw OVER_LIMIT;
    },
    onclosetag() {
      depth--;
    },
  });
  try {
    parser.write(html);
    parser.end();
  } catch (error) {
    if (error !== OVER_LIMIT) throw error;
  }
  return problem;
}

/** A figure without an image (its image was removed, or never there) is dropped with its caption. */
function isEmptyFigure(frame: sanitizeHtml.IFrame): boolean {
  return frame.tag === "figure" && !frame.mediaChildren.includes("img");
}

/**
 * The allowlist matches the editor's toolbar (requirements R8.3): headers 1-2, size, bold, italic,
 * underline, strike, blockquote, ordered and bullet lists, alignment, images; plus links and
 * line breaks that Quill produces, and the editor's image figures (an image with its alt text, a
 * caption and a size from a fixed list, decision 043). Everything else is removed, not escaped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h1", "h2", "strong", "b", "em", "i", "u", "s", "blockquote", "ol", "ul", "li", "a", "img", "span", "figure", "figcaption"],
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    li: ["data-list"],
    "*": ["class"],
  },
  allowedClasses: {
    "*": [
      "ql-align-center",
      "ql-align-right",
      "ql-align-justify",
      "ql-size-small",
      "ql-size-large",
      "ql-size-huge",
      /^ql-indent-[1-8]$/,
    ],
    figure: [POST_FIGURE_CLASS, ...POST_FIGURE_SIZES.map(postFigureSizeClass)],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  allowedSchemesAppliedToAttributes: ["href", "src"],
  disallowedTagsMode: "discard",
  nonTextTags: ["style", "script", "textarea", "option", "noscript", "title", "xmp", "iframe", "noembed", "noframes", "template"],
  transformTags: {
    // Quill's list-bullet UI spans are editor chrome, not content: renamed to a tag that is discarded.
    span: (tagName, attribs) =>
      /(^|\s)ql-ui(\s|$)/.test(attribs.class ?? "") ? { tagName: "quill-ui", attribs: {} } : { tagName, attribs },
    a: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      if (out.target && out.target !== "_blank") delete out.target;
      if (out.target === "_blank") out.rel = "noopener noreferrer";
      else delete out.rel;
      return { tagName, attribs: out };
    },
    li: (tagName, attribs) => {
      const out: sanitizeHtml.Attributes = { ...attribs };
      if (out["data-list"] !== "bullet" && out["data-list"] !== "ordered") delete out["data-list"];
      return { tagName, attribs: out };
    },
    // Exactly the figure class and one size class from the fixed list (full width when none is given).
    figure: (tagName, attribs) => ({ tagName, attribs: { class: `${POST_FIGURE_CLASS} ${postFigureSizeClass(postFigureSizeOf(attribs.class))}` } }),
  },
  exclusiveFilter: isEmptyFigure,
};

/**
 * Sanitizes post HTML on save. Idempotent: sanitizing twice changes nothing. HTML over the shape limits
 * is never handed to sanitize-html (`PostHtmlTooComplexError`): every caller gets the bound, whether
 * or not it checked `postHtmlShapeProblem` first to tell the writer why.
 */
export function sanitizePostHtml(html: string): string {
  const problem = postHtmlShapeProblem(html);
  if (problem !== null) throw new PostHtmlTooComplexError(problem);
  return sanitizeHtml(html, withCaptionsInFigures()).trim();
}

/** The allowlist with one more rule, kept per call: a caption outside a figure becomes a paragraph. */
function withCaptionsInFigures(): sanitizeHtml.IOptions {
  let openFigures = 0;
  return {
    ...OPTIONS,
    onOpenTag: (name) => {
      if (name === "figure") openFigures++;
    },
    onCloseTag: (name) => {
      if (name === "figure") openFigures--;
    },
    transformTags: {
      ...OPTIONS.transformTags,
      figcaption: (tagName, attribs) => (openFigures > 0 ? { tagName, attribs } : { tagName: "p", attribs }),
    },
  };
}

/** Plain text of post HTML (tags removed, entities decoded, whitespace collapsed). */
export function postHtmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(/<(br|\/p|\/h[12]|\/li|\/blockquote)\b[^>]*>/gi, "$& "), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
  });
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

/** The first image URL in post HTML, if any (requirements R6.4: it is the list thumbnail). */
export function firstImageSrc(html: string): string | null {
  let found: string | null = null;
  sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: (frame) => {
      if (!found && frame.tag === "img" && typeof frame.attribs.src === "string") found = frame.attribs.src;
      return false;
    },
  });
  return found;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => codePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => codePoint(parseInt(n, 16)))
    .replace(/&amp;/g, "&");
}

function codePoint(n: number): string {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : "\uFFFD";
}

export interface ImageFacts {
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

/**
 * For rendering sanitized post HTML: images stored by us get their intrinsic size (no layout shift),
 * their WebP variants as `srcset`, and lazy loading. Runs on already sanitized HTML; only these
 * server-made attributes are added.
 */
export function enhancePostImages(html: string, images: Map<string, ImageFacts>): string {
  // The first image is usually the largest thing on screen: it loads at once, the others when near.
  let seen = 0;
  const loading = (): Record<string, string> =>
    seen++ === 0 ? { loading: "eager", fetchpriority: "high", decoding: "async" } : { loading: "lazy", decoding: "async" };
  return sanitizeHtml(html, {
    ...OPTIONS,
    allowedAttributes: {
      ...(OPTIONS.allowedAttributes as Record<string, string[]>),
      img: ["src", "alt", "width", "height", "srcset", "sizes", "loading", "decoding", "fetchpriority"],
    },
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs) => {
        const facts = attribs.src ? images.get(attribs.src) : undefined;
        if (!facts) return { tagName, attribs: { ...attribs, ...loading() } };
        const srcset = [...facts.variants.map((v) => `${v.url} ${v.width}w`), `${attribs.src} ${facts.width}w`].join(", ");
        return {
          tagName,
          attribs: {
            ...attribs,
            width: String(facts.width),
            height: String(facts.height),
            srcset,
            sizes: "(min-width: 820px) 772px, calc(100vw - 48px)",
            ...loading(),
          },
        };
      },
    },
  });
}

/** Every image URL in post HTML (with FOREIGN_OPTIONS: another site's, `data:` URIs included). */
export function imageSources(html: string, options: sanitizeHtml.IOptions = OPTIONS): string[] {
  const found: string[] = [];
  sanitizeHtml(html, {
    ...options,
    exclusiveFilter: (frame) => {
      if (frame.tag === "img" && typeof frame.attribs.src === "string") found.push(frame.attribs.src);
      return false;
    },
  });
  return found;
}

/** Sanitized post HTML with some image sources replaced (imported images get our own URLs). */
export function rewriteImageSources(html: string, replacements: Map<string, string>): string {
  if (replacements.size === 0) return html;
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: replacements.get(attribs.src ?? "") ?? attribs.src ?? "" } }),
    },
  }).trim();
}

/** Sanitized post HTML without the images showing any of `sources` (an image deleted from the media library). */
export function removeImageSources(html: string, sources: string[]): string {
  const gone = new Set(sources);
  const without = sanitizeHtml(html, { ...OPTIONS, exclusiveFilter: (frame) => frame.tag === "img" && gone.has(frame.attribs.src ?? "") });
  // A second pass drops the figures those images leave empty.
  return sanitizeHtml(without, OPTIONS).trim();
}

/** Another site's post HTML before its images are brought in: `data:` images too (the original editor embedded them). */
const FOREIGN_OPTIONS: sanitizeHtml.IOptions = { ...OPTIONS, allowedSchemesByTag: { img: ["http", "https", "data"] } };

/** Every image source in another site's post HTML (the site import): relative URLs and `data:` URIs included. */
export function foreignImageSources(html: string): string[] {
  return imageSources(html, FOREIGN_OPTIONS);
}

/**
 * Another site's post HTML, sanitized, each image pointing at its copy here (`replacements`, by the
 * source as written); an image without a copy (gone, too large, not an image) is left out.
 */
export function replaceForeignImages(html: string, replacements: Map<string, string>): string {
  return sanitizeHtml(html, {
    ...FOREIGN_OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: replacements.get(attribs.src ?? "") ?? "" } }),
    },
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  }).trim();
}
