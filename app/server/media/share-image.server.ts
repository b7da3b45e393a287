import sharp, { type Sharp } from "sharp";
import { focalCrop, SHARE_IMAGE_SIZE } from "../../domain/focal-point";
import type { Locale } from "../../domain/locale";
import { MAX_IMAGE_PIXELS } from "./media.server";
import { fitOneLine, fitText, loadShareFonts, printableText, textPathData, type ShareFontWeight, type TextStyle } from "./share-text.server";

/**
 * The share images (decision 021): the 1200×630 JPEG that KakaoTalk, Facebook, X and the rest show for an
 * artist's profile or a post. A photo is cover-cropped around its focal point under a dark gradient
 * that carries the name or title; without a photo, a white card with the logo. Text is set in
 * Pretendard as outlines (share-text.server.ts). Pure: bytes and words in, JPEG out; storing and
 * serving are in share-image-store.server.ts.
 */

/** Raise when the drawing changes: every share image URL changes with it, and new images are made. */
export const SHARE_RENDERER_VERSION = 2;

/** JPEG quality of share images, and the size they must stay under (KakaoTalk and Facebook fetch them on the fly). */
export const SHARE_JPEG_QUALITY = 82;
export const SHARE_MAX_BYTES = 300 * 1024;

export interface ShareCard {
  /** An artist's card has a name; a post's a title and a kind. */
  variant: "artist" | "post";
  locale: Locale;
  /** The large line: the artist's name, the post's title. */
  title: string;
  /** The small line: the artist's name in the other script, the post's date. */
  subtitle: string;
  /** Above the title: "배우", "뉴스", "NOTICE". */
  label: string;
  /** The stored photo (any format sharp reads) and its focal point; null for the branded card. */
  photo: { bytes: Uint8Array; focal: { x: number; y: number } } | null;
}

const { width: W, height: H } = SHARE_IMAGE_SIZE;
const MARGIN = 72;
const BOTTOM = H - 64;
const INK = "#17161c";
const INK_SOFT = "#55535e";
const PINK = "#e8799a";
const PINK_DEEP = "#c2456d";
const PINK_LIGHT = "#f4b6c6";

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

type Fonts = Record<ShareFontWeight, TextStyle["font"]>;

function path(d: string, fill: string, opacity = 1): string {
  if (!d) return "";
  return `<path d="${escapeAttr(d)}" fill="${fill}"${opacity < 1 ? ` fill-opacity="${opacity}"` : ""}/>`;
}

/** The WE ENTERTAINMENT logo (app/components/logo.tsx's drawing), `height` pixels tall, its top left at (x, y). */
function logo(fonts: Fonts, x: number, y: number, height: number, color: string): { svg: string; width: number } {
  const scale = height / 64;
  const words = { font: fonts.bold, size: 13.5, letterSpacing: 2.2 / 13.5 };
  const svg = [
    `<g transform="translate(${x} ${y}) scale(${scale})">`,
    path("M4 10h11l7 28 8-28h9l8 28 7-28h11L51 54H41l-7-25-7 25H17z", color),
    path("M71 10h32v9H82v8h19v9H82v9h22v9H71z", color),
    `<circle cx="112" cy="49" r="5" fill="${PINK}"/>`,
    path(textPathData("ENTER", 124, 30, words), color),
    path(textPathData("TAINMENT", 124, 49, words), color),
    "</g>",
  ].join("");
  return { svg, width: 220 * scale };
}

/** A short pink rule and the label ("배우", "NEWS") on `baseline`; Latin capitals spaced wider than Hangul. */
function labelLine(fonts: Fonts, text: string, baseline: number, onPhoto: boolean): string {
  const label = printableText(fonts.semibold, text);
  const spacing = /^[\x20-\x7e]*$/.test(label) ? 0.16 : 0.04;
  return [
    `<rect x="${MARGIN}" y="${Math.round(baseline - 10)}" width="36" height="4" fill="${onPhoto ? PINK_LIGHT : PINK}"/>`,
    path(textPathData(label, MARGIN + 52, baseline, { font: fonts.semibold, size: 22, letterSpacing: spacing }), onPhoto ? PINK_LIGHT : PINK_DEEP),
  ].join("");
}

/** Photo cards carry the logo bottom right, its letters standing on the last line's baseline (y = 54 of its 64). */
function bottomLogo(fonts: Fonts, height: number): string {
  return logo(fonts, W - MARGIN - (220 * height) / 64, BOTTOM - (54 * height) / 64, height, "#ffffff").svg;
}

/** Label, name and the name in the other script, bottom left. */
function artistText(fonts: Fonts, card: ShareCard, onPhoto: boolean): string {
  const parts: string[] = [];
  const title = printableText(fonts.bold, card.title);
  const subtitle = printableText(fonts.medium, card.subtitle);
  const maxWidth = W - 2 * MARGIN;
  const logoHeight = 54;
  const subStyle: TextStyle = { font: fonts.medium, size: onPhoto ? 36 : 40, letterSpacing: 0.02 };
  const subSize = fitOneLine(subtitle, subStyle, onPhoto ? maxWidth - (220 * logoHeight) / 64 - 48 : maxWidth);
  const nameStyle: TextStyle = { font: fonts.bold, size: onPhoto ? 96 : 112, letterSpacing: -0.01 };
  const nameSize = fitOneLine(title, nameStyle, maxWidth);
  const nameBaseline = subtitle ? BOTTOM - subSize - 30 : BOTTOM;
  parts.push(path(textPathData(title, MARGIN, nameBaseline, { ...nameStyle, size: nameSize }), onPhoto ? "#ffffff" : INK));
  if (subtitle) parts.push(path(textPathData(subtitle, MARGIN, BOTTOM, { ...subStyle, size: subSize }), onPhoto ? "#ffffff" : INK_SOFT, onPhoto ? 0.9 : 1));
  parts.push(labelLine(fonts, card.label, nameBaseline - nameSize * 0.74 - 34, onPhoto));
  if (onPhoto) parts.push(bottomLogo(fonts, logoHeight));
  return parts.join("");
}

/** Label, title (up to three lines, then an ellipsis) and date, bottom left. */
function postText(fonts: Fonts, card: ShareCard, onPhoto: boolean): string {
  const parts: string[] = [];
  const maxWidth = W - 2 * MARGIN;
  const title = printableText(fonts.bold, card.title);
  const fitted = fitText(title, { font: fonts.bold, letterSpacing: -0.01 }, onPhoto ? [60, 54, 48] : [68, 60, 52], maxWidth, 3);
  const lineHeight = Math.round(fitted.size * 1.28);
  const date = printableText(fonts.medium, card.subtitle);
  const lastBaseline = BOTTOM - 24 - 40;
  const firstBaseline = lastBaseline - (fitted.lines.length - 1) * lineHeight;
  for (const [i, line] of fitted.lines.entries()) {
    parts.push(path(textPathData(line, MARGIN, firstBaseline + i * lineHeight, { font: fonts.bold, size: fitted.size, letterSpacing: -0.01 }), onPhoto ? "#ffffff" : INK));
  }
  parts.push(labelLine(fonts, card.label, firstBaseline - fitted.size * 0.74 - 34, onPhoto));
  parts.push(path(textPathData(date, MARGIN, BOTTOM, { font: fonts.medium, size: 24, letterSpacing: 0.02 }), onPhoto ? "#ffffff" : INK_SOFT, onPhoto ? 0.85 : 1));
  if (onPhoto) parts.push(bottomLogo(fonts, 48));
  return parts.join("");
}

/** The near-black of the fades laid over a photo. */
const SHADE = "#0d0c11";

/** An SVG linear gradient from the top left towards (x2, y2), with its stops: offset, colour and opacity. */
function linearGradient(id: string, [x2, y2]: [number, number], stops: [offset: number, color: string, opacity?: number][]): string {
  const stopTags = stops.map(([offset, color, opacity]) => `<stop offset="${offset}" stop-color="${color}"${opacity === undefined ? "" : ` stop-opacity="${opacity}"`}/>`);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stopTags.join("")}</linearGradient>`;
}

function overlaySvg(fonts: Fonts, card: ShareCard, onPhoto: boolean): string {
  const text = card.variant === "artist" ? artistText(fonts, card, onPhoto) : postText(fonts, card, onPhoto);
  // On a photo: a dark fade from the middle down (and a little from the left) so white text reads on
  // any picture. Without one: white paper with a pink edge at the top and a faint blush at the right.
  const background = onPhoto
    ? [
        "<defs>",
        linearGradient("down", [0, 1], [
          [0, SHADE, 0],
          [card.variant === "artist" ? 0.45 : 0.25, SHADE, 0.08],
          [1, SHADE, 0.86],
        ]),
        linearGradient("side", [1, 0], [
          [0, SHADE, 0.38],
          [0.65, SHADE, 0],
        ]),
        "</defs>",
        `<rect width="${W}" height="${H}" fill="url(#down)"/>`,
        `<rect width="${W}" height="${H}" fill="url(#side)"/>`,
      ].join("")
    : [
        "<defs>",
        linearGradient("blush", [1, 1], [
          [0.45, "#ffffff"],
          [1, "#fbe3ea"],
        ]),
        "</defs>",
        `<rect width="${W}" height="${H}" fill="url(#blush)"/>`,
        `<rect width="${W}" height="10" fill="${PINK}"/>`,
        logo(fonts, MARGIN, 64, 64, INK).svg,
      ].join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${background}${text}</svg>`;
}

async function encodeJpeg(image: Sharp): Promise<Buffer> {
  // A noisy photo can pass the size budget at 82: step down until it fits.
  const raw = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let out: Buffer | null = null;
  for (const quality of [SHARE_JPEG_QUALITY, 74, 66, 58]) {
    out = await sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } })
      .jpeg({ quality, progressive: true, mozjpeg: true })
      .toBuffer();
    if (out.byteLength <= SHARE_MAX_BYTES) break;
  }
  return out!;
}

/** Draws one share image: 1200×630 JPEG, under SHARE_MAX_BYTES. */
export async function renderShareImage(card: ShareCard): Promise<Buffer> {
  const fonts = await loadShareFonts();
  if (card.photo) {
    const source = sharp(card.photo.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" });
    const meta = await source.metadata();
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (width > 0 && height > 0) {
      const crop = focalCrop(width, height, card.photo.focal, W, H);
      const photo = await source
        .extract(crop)
        .resize(W, H, { fit: "fill" })
        .flatten({ background: INK })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const composed = sharp(photo.data, { raw: { width: photo.info.width, height: photo.info.height, channels: photo.info.channels } }).composite([
        { input: Buffer.from(overlaySvg(fonts, card, true)), top: 0, left: 0 },
      ]);
      return encodeJpeg(composed);
    }
  }
  return encodeJpeg(sharp(Buffer.from(overlaySvg(fonts, card, false))).flatten({ background: "#ffffff" }));
}
