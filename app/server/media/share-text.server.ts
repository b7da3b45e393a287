import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "opentype.js";

/**
 * Text for the share images, set in the site's typeface (Pretendard, shipped by the `pretendard`
 * package) and turned into SVG outlines with opentype.js: nothing depends on the fonts installed on the
 * machine (librsvg only fills paths), and wrapping and ellipsis are measured with the real glyph widths.
 * Characters Pretendard lacks (hanja, emoji) are left out rather than drawn as empty boxes.
 */

export type ShareFontWeight = "bold" | "semibold" | "medium";

const FONT_FILES: Record<ShareFontWeight, string> = {
  bold: "pretendard/dist/public/static/Pretendard-Bold.otf",
  semibold: "pretendard/dist/public/static/Pretendard-SemiBold.otf",
  medium: "pretendard/dist/public/static/Pretendard-Medium.otf",
};

let loading: Promise<Record<ShareFontWeight, Font>> | undefined;

/** The three weights, parsed once per process (about 130 ms each; low-memory mode keeps ~10 MB each). */
export function loadShareFonts(): Promise<Record<ShareFontWeight, Font>> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    // opentype.js is loaded with the first share image, not with the server.
    const { default: opentype } = await import("opentype.js");
    const entries = await Promise.all(
      (Object.keys(FONT_FILES) as ShareFontWeight[]).map(async (weight) => {
        const bytes = await fs.readFile(require.resolve(FONT_FILES[weight]));
        const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
        return [weight, opentype.parse(buffer, { lowMemory: true })] as const;
      }),
    );
    return Object.fromEntries(entries) as Record<ShareFontWeight, Font>;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export interface TextStyle {
  font: Font;
  /** Font size in pixels. */
  size: number;
  /** Extra space between letters, in em (0.2 = a fifth of the size). */
  letterSpacing?: number;
}

const graphemes = new Intl.Segmenter("ko", { granularity: "grapheme" });
const splitGraphemes = (text: string) => [...graphemes.segment(text)].map((s) => s.segment);

/** The text with whitespace collapsed and the characters the font cannot draw left out. */
export function printableText(font: Font, text: string): string {
  return splitGraphemes(text.replace(/\s+/g, " "))
    .filter((g) => g === " " || [...g].every((ch) => font.hasChar(ch)))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** Width in pixels of one line (without the spacing after its last letter). */
export function measureText(text: string, style: TextStyle): number {
  if (!text) return 0;
  const spacing = style.letterSpacing ?? 0;
  return style.font.getAdvanceWidth(text, style.size, { kerning: true, letterSpacing: spacing }) - spacing * style.size;
}

const coordinate = (value: number) => String(Math.round(value * 10) / 10);

/**
 * SVG path data of one line whose baseline starts at (x, y). Written here rather than with the path's
 * own `toPathData`, whose number formatting sometimes writes `NaN` (opentype.js 2.0.0), where librsvg
 * stops drawing the rest of the line.
 */
export function textPathData(text: string, x: number, y: number, style: TextStyle): string {
  if (!text) return "";
  const path = style.font.getPath(text, x, y, style.size, { kerning: true, letterSpacing: style.letterSpacing ?? 0 });
  const out: string[] = [];
  for (const c of path.commands) {
    if (c.type === "M" || c.type === "L") out.push(`${c.type}${coordinate(c.x)} ${coordinate(c.y)}`);
    else if (c.type === "C") out.push(`C${coordinate(c.x1)} ${coordinate(c.y1)} ${coordinate(c.x2)} ${coordinate(c.y2)} ${coordinate(c.x)} ${coordinate(c.y)}`);
    else if (c.type === "Q") out.push(`Q${coordinate(c.x1)} ${coordinate(c.y1)} ${coordinate(c.x)} ${coordinate(c.y)}`);
    else if (c.type === "Z") out.push("Z");
  }
  return out.join("");
}

function withEllipsis(line: string, style: TextStyle, maxWidth: number): string {
  let parts = splitGraphemes(line.trimEnd());
  while (parts.length > 0 && measureText(`${parts.join("").trimEnd()}…`, style) > maxWidth) parts = parts.slice(0, -1);
  return `${parts.join("").trimEnd()}…`;
}

/**
 * Breaks printable text into at most `maxLines` lines of `maxWidth` pixels: between words (Korean is
 * set keep-all, as the site's CSS does), inside a word only when it is wider than a line. What does
 * not fit ends the last line with an ellipsis.
 */
export function wrapText(text: string, style: TextStyle, maxWidth: number, maxLines: number): { lines: string[]; truncated: boolean } {
  const lines: string[] = [];
  let current = "";
  const push = () => {
    if (current) lines.push(current);
    current = "";
  };
  for (const word of text.split(" ").filter(Boolean)) {
    const joined = current ? `${current} ${word}` : word;
    if (measureText(joined, style) <= maxWidth) {
      current = joined;
      continue;
    }
    if (measureText(word, style) <= maxWidth) {
      push();
      current = word;
      continue;
    }
    // A word wider than a line: as many letters as fit, the rest on the next lines.
    for (const g of splitGraphemes(current ? ` ${word}` : word)) {
      if (measureText(current + g, style) <= maxWidth) current += g;
      else {
        push();
        current = g.trimStart();
      }
    }
  }
  push();
  if (lines.length <= maxLines) return { lines, truncated: false };
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1]!, style, maxWidth);
  return { lines: kept, truncated: true };
}

/**
 * The largest of `sizes` (largest first) at which the text fits `maxLines` lines without an ellipsis;
 * the smallest, with the ellipsis, when none does.
 */
export function fitText(
  text: string,
  style: Omit<TextStyle, "size">,
  sizes: readonly number[],
  maxWidth: number,
  maxLines: number,
): { lines: string[]; size: number } {
  for (const size of sizes) {
    const wrapped = wrapText(text, { ...style, size }, maxWidth, maxLines);
    if (!wrapped.truncated) return { lines: wrapped.lines, size };
  }
  const size = sizes.at(-1)!;
  return { lines: wrapText(text, { ...style, size }, maxWidth, maxLines).lines, size };
}

/** The font size (at most `size`) at which one line fits `maxWidth`. */
export function fitOneLine(text: string, style: TextStyle, maxWidth: number): number {
  const width = measureText(text, style);
  return width <= maxWidth ? style.size : Math.floor((style.size * maxWidth) / width);
}
