/**
 * The PDFs' paper and type (docs/decisions/020-profile-pdf.md, 049): an A4 pdfkit document in Pretendard,
 * embedded as a subset (fontkit keeps only the glyphs used) with a ToUnicode map, so its text can be
 * searched, copied and read aloud; the page's geometry and colours; the text primitives the profile and
 * package PDFs draw with; every page's header and foot.
 */
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "fontkit";
import type { Locale } from "../../domain/locale";
import { PROFILE_PDF_LABELS } from "../../domain/profile-pdf-labels";

export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 42;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const HEADER_RULE_Y = 52;
export const BODY_TOP = 72;
const FOOTER_TOP = PAGE.height - 58;
export const BODY_BOTTOM = FOOTER_TOP - 14;

/** Letter spacing of capitals (pt): any wider and text extractors split the word into letters. */
export const LETTER_SPACING = 0.5;
export const COLOR = { ink: "#17161c", soft: "#55535e", line: "#d9d4da", accent: "#c2456d", placeholder: "#f4f1f3" } as const;
export const TYPE = {
  fact: { size: 9.5, leading: 13.5 },
  credit: { size: 8.8, leading: 12.4 },
  footer: { size: 7.4, leading: 10 },
} as const;

export type FontName = "regular" | "bold";
export type Doc = PDFKit.PDFDocument;

interface Fonts {
  regular: Font;
  bold: Font;
}

let fontsLoading: Promise<Fonts> | undefined;

/**
 * Pretendard's TrueType outlines (the `pretendard` package), read and parsed once per process (parsing
 * the 2.7 MB font is most of a render's time otherwise); each PDF embeds its own subset of them.
 * TrueType rather than the CFF .otf: fontkit's glyf subsetting is the mature path.
 */
function loadFonts(): Promise<Fonts> {
  if (fontsLoading) return fontsLoading;
  const require = createRequire(import.meta.url);
  const open = async (weight: string) => {
    const { create } = await import("fontkit");
    const font = create(await fs.readFile(require.resolve(`pretendard/dist/public/static/alternative/Pretendard-${weight}.ttf`)));
    if (!("layout" in font)) throw new Error(`Pretendard-${weight}.ttf is a font collection`);
    return font;
  };
  const loading = Promise.all([open("Regular"), open("Bold")]).then(([regular, bold]) => ({ regular, bold }));
  // A failed read is tried again by the next request rather than remembered.
  loading.catch(() => {
    if (fontsLoading === loading) fontsLoading = undefined;
  });
  fontsLoading = loading;
  return loading;
}

/** Splits text into lines of at most `width` at spaces (Korean is not broken inside words), then anywhere. */
export function wrap(doc: Doc, text: string, width: number): string[] {
  const measure = (s: string) => doc.widthOfString(s);
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      // A word longer than the line (a long URL, a name without spaces) is cut where it must be.
      let rest = word;
      while (measure(rest) > width) {
        const chars = Array.from(rest);
        let fit = 1;
        while (fit < chars.length && measure(chars.slice(0, fit + 1).join("")) <= width) fit++;
        lines.push(chars.slice(0, fit).join(""));
        rest = chars.slice(fit).join("");
      }
      line = rest;
    }
    if (line) lines.push(line);
  }
  return lines.length > 0 ? lines : [""];
}

export function setFont(doc: Doc, font: FontName, size: number, color: string = COLOR.ink): Doc {
  return doc.font(font).fontSize(size).fillColor(color);
}

export function rule(doc: Doc, x: number, y: number, width: number, weight: number, color: string) {
  doc.save().moveTo(x, y).lineTo(x + width, y).lineWidth(weight).strokeColor(color).stroke().restore();
}

export function textAt(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) {
  doc.text(text, x, y, { lineBreak: false, ...options });
}

/** What every page's foot prints: the agency, and the site's address. */
export interface FooterContent {
  /** The agency: its name, then its address, phone and e-mail as printed. */
  contact: { companyName: string; details: string[] };
  /** The site's address ("https://www.example.com"). */
  siteOrigin: string;
}

/** The agency's name, address and contact at the foot of a page, and the page number when there are two or more. */
function drawFooter(doc: Doc, content: FooterContent, page: number, pages: number) {
  rule(doc, MARGIN, FOOTER_TOP, CONTENT_WIDTH, 0.6, COLOR.ink);
  const y = FOOTER_TOP + 8;
  setFont(doc, "bold", 8.2);
  textAt(doc, content.contact.companyName, MARGIN, y);
  const nameWidth = doc.widthOfString(content.contact.companyName);
  const host = content.siteOrigin.replace(/^https?:\/\//, "");
  setFont(doc, "regular", 8.2, COLOR.accent);
  textAt(doc, host, MARGIN + nameWidth + 8, y, { link: content.siteOrigin });

  setFont(doc, "regular", TYPE.footer.size, COLOR.soft);
  const line = content.contact.details.filter(Boolean).join("   ·   ");
  const lines = wrap(doc, line, CONTENT_WIDTH - 40);
  lines.slice(0, 2).forEach((text, i) => textAt(doc, text, MARGIN, y + 13 + i * TYPE.footer.leading));
  if (pages > 1) {
    setFont(doc, "regular", TYPE.footer.size, COLOR.soft);
    const number = `${page + 1} / ${pages}`;
    textAt(doc, number, PAGE.width - MARGIN - doc.widthOfString(number), y + 1);
  }
}

/** "WE ENTERTAINMENT" at the top left, what the page is at the top right, and a rule under them. */
export function drawPageHeader(doc: Doc, locale: Locale, right: string) {
  setFont(doc, "bold", 8.4);
  textAt(doc, "WE ENTERTAINMENT", MARGIN, 34, { characterSpacing: LETTER_SPACING });
  setFont(doc, "regular", 8.4, COLOR.soft);
  const spacing = locale === "en" ? LETTER_SPACING : 0;
  const width = doc.widthOfString(right, { characterSpacing: spacing });
  textAt(doc, right, PAGE.width - MARGIN - width, 34, { characterSpacing: spacing });
  rule(doc, MARGIN, HEADER_RULE_Y, CONTENT_WIDTH, 0.6, COLOR.ink);
}

export interface PdfInfo {
  locale: Locale;
  title: string;
  author: string;
  subject: string;
  creator: string;
  /** The creation date: fixed by the content, so the same content gives the same bytes. */
  createdAt: string;
}

/**
 * A new A4 document in Pretendard (parsed once per process; each file embeds its own subset), with
 * its metadata, and the promise of its bytes once `doc.end()` is called.
 */
export async function openDocument(info: PdfInfo): Promise<{ doc: Doc; bytes: Promise<Buffer> }> {
  // pdfkit and fontkit are loaded with the first PDF, not with the server.
  const [fonts, { default: PDFDocument }] = await Promise.all([loadFonts(), import("pdfkit")]);
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    bufferPages: true,
    // Our font from the start (pdfkit would otherwise load its built-in Helvetica); pdfkit takes a parsed
    // fontkit font, though its types only name a path or a built-in font.
    font: fonts.regular as unknown as string,
    lang: PROFILE_PDF_LABELS[info.locale].lang,
    displayTitle: true,
    pdfVersion: "1.7",
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: info.creator, CreationDate: new Date(info.createdAt) },
  });
  doc.registerFont("regular", fonts.regular as unknown as string);
  doc.registerFont("bold", fonts.bold as unknown as string);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, bytes };
}

/** Every page's foot, numbered over the whole document, then the file's bytes. */
export async function finishDocument(doc: Doc, bytes: Promise<Buffer>, footer: FooterContent): Promise<Buffer> {
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    drawFooter(doc, footer, page - range.start, range.count);
  }
  doc.end();
  return bytes;
}
