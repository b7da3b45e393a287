import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font, Glyph, GlyphPosition } from "fontkit";

/**
 * Text for the share images, set in the site's typeface (Pretendard, shipped by the `pretendard`
 * package) and turned into SVG outlines with fontkit (the font library the profile PDF uses too):
 * nothing depends on the fonts installed on the machine (librsvg only fills paths), and wrapping and
 * ellipsis are measured with the real glyph widths and kerning. Characters Pretendard lacks (hanja,
 * emoji) are left out rather than drawn as empty boxes.
 */

export type ShareFontWeight = "bold" | "semibold" | "medium";

const FONT_FILES: Record<ShareFontWeight, string> = {
  bold: "pretendard/dist/public/static/Pretendard-Bold.otf",
  semibold: "pretendard/dist/public/static/Pretendard-SemiBold.otf",
  medium: "pretendard/dist/public/static/Pretendard-Medium.otf",
};

let loading: Promise<Record<ShareFontWeight, Font>> | undefined;

/** The three weights, read once per process (fontkit decodes tables and glyphs as they are first used). */
export function loadShareFonts(): Promise<Record<ShareFontWeight, Font>> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    // fontkit is loaded with the first share image, not with the server.
    const { create } = await import("fontkit");
    const entries = await Promise.all(
      (Object.keys(FONT_FILES) as ShareFontWeight[]).map(async (weight) => {
        const font = create(await fs.readFile(require.resolve(FONT_FILES[weight])));
        if (!("layout" in font)) throw new Error(`${FONT_FILES[weight]} is a font collection`);
        return [weight, font] as const;
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
    .filter((g) => g === " " || [...g].every((ch) => font.hasGlyphForCodePoint(ch.codePointAt(0)!)))
    .join("")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** A word and the spaces after it, shaped once: its glyphs and their positions, in font units. */
interface ShapedWord {
  glyphs: Glyph[];
  positions: GlyphPosition[];
}

/** Shaped words by font and text: wrapping measures the same words over and over, at every size tried. */
const shapedWords = new WeakMap<Font, Map<string, ShapedWord>>();
const MAX_SHAPED_WORDS = 4096;

function shapeWord(font: Font, word: string): ShapedWord {
  let words = shapedWords.get(font);
  if (!words) shapedWords.set(font, (words = new Map()));
  let shaped = words.get(word);
  if (!shaped) {
    const run = font.layout(word);
    shaped = { glyphs: run.glyphs, positions: run.positions };
    if (words.size >= MAX_SHAPED_WORDS) words.clear();
    words.set(word, shaped);
  }
  return shaped;
}

/**
 * The line shaped by fontkit (kerning and the font's default features), each glyph with its origin in
 * pixels from the start of the line; `advance` is where the next letter would start (after the last
 * letter's spacing, as the letters before it). Shaped a word at a time, each with the spaces after it:
 * fontkit's shaping costs ~0.15 ms a letter and wrapping measures each word many times. Pretendard
 * kerns a word's last letter against the space after it (", " is tighter) but nothing from a space to
 * the next word: the sum is the whole line's shaping (checked for every pair of ~70 letters, digits
 * and punctuation around a space, in the three weights).
 */
function layoutLine(text: string, style: TextStyle) {
  const scale = style.size / style.font.unitsPerEm;
  const spacing = (style.letterSpacing ?? 0) * style.size;
  let x = 0;
  const glyphs: { glyph: Glyph; x: number; y: number }[] = [];
  for (const word of text.match(/[^ ]+ *| +/g) ?? []) {
    const shaped = shapeWord(style.font, word);
    shaped.glyphs.forEach((glyph, i) => {
      const position = shaped.positions[i]!;
      glyphs.push({ glyph, x: x + position.xOffset * scale, y: position.yOffset * scale });
      x += position.xAdvance * scale + spacing;
    });
  }
  return { glyphs, advance: x, scale };
}

/** Width in pixels of one line (without the spacing after its last letter). */
export function measureText(text: string, style: TextStyle): number {
  if (!text) return 0;
  return layoutLine(text, style).advance - (style.letterSpacing ?? 0) * style.size;
}

const coordinate = (value: number) => String(Math.round(value * 10) / 10);

/** SVG path data of one line whose baseline starts at (x, y): the glyphs' outlines, y pointing down. */
export function textPathData(text: string, x: number, y: number, style: TextStyle): string {
  if (!text) return "";
  const { glyphs, scale } = layoutLine(text, style);
  const out: string[] = [];
  for (const placed of glyphs) {
    const point = (px: number, py: number) => `${coordinate(x + placed.x + px * scale)} ${coordinate(y - placed.y - py * scale)}`;
    for (const { command, args } of placed.glyph.path.commands) {
      if (command === "moveTo") out.push(`M${point(args[0]!, args[1]!)}`);
      else if (command === "lineTo") out.push(`L${point(args[0]!, args[1]!)}`);
      else if (command === "bezierCurveTo") out.push(`C${point(args[0]!, args[1]!)} ${point(args[2]!, args[3]!)} ${point(args[4]!, args[5]!)}`);
      else if (command === "quadraticCurveTo") out.push(`Q${point(args[0]!, args[1]!)} ${point(args[2]!, args[3]!)}`);
      else if (command === "closePath") out.push("Z");
    }
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
