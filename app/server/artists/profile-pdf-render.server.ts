/**
 * Draws the casting profile PDF with pdfkit: A4, the photo column beside the facts, the
 * credits below in two columns, a second page only when the credits need it, and the agency's contact
 * at the foot of every page. Text is real text in Pretendard, embedded as a subset (fontkit keeps only
 * the glyphs used) with a ToUnicode map, so it can be searched, copied and read aloud.
 * Docs: docs/decisions/020-profile-pdf.md.
 */
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type { Font } from "fontkit";
import type { Locale } from "../../domain/locale";
import { PROFILE_PDF_LABELS } from "../../domain/profile-pdf-labels";

/** What the PDF shows, resolved to one language (app/server/artists/profile-pdf.server.ts builds it). */
export interface ProfilePdfContent {
  locale: Locale;
  /** The name printed large, and the other one beside it (Korean: name, ename; English: ename, name). */
  mainName: string;
  otherName: string;
  /** The rows beside the photos (date of birth, height, education, awards, skills); empty ones are left out. */
  facts: { label: string; items: string[] }[];
  /** The credits by category: a heading ("MOVIE", "Film"), a word beside it in Korean ("영화"), the entries. */
  credits: { title: string; note: string; items: string[] }[];
  /** Under the facts, small: an English profile partly shown in Korean says so (as the page does). */
  note: string;
  /** The agency at the foot of every page: its name, then its address, phone and e-mail as printed. */
  contact: { companyName: string; details: string[] };
  /** The site's address ("https://www.example.com") and the artist's page on it. */
  siteOrigin: string;
  profileUrl: string;
  /** When the profile last changed: the PDF's creation date (so the same content gives the same bytes). */
  updatedAt: string;
}

/** A photo ready to embed: JPEG bytes cropped to its box's 3:4 shape. */
export interface ProfilePhoto {
  jpeg: Buffer;
}

export interface ProfilePhotos {
  main: ProfilePhoto | null;
  /** At most two. */
  subs: ProfilePhoto[];
}

/** Pixel sizes the photos are cropped to (about 220 dpi in their boxes): small files, sharp in print. */
export const PHOTO_PIXELS = { main: { width: 600, height: 800 }, sub: { width: 300, height: 400 } } as const;

const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 42;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const HEADER_RULE_Y = 52;
const BODY_TOP = 72;
const FOOTER_TOP = PAGE.height - 58;
const BODY_BOTTOM = FOOTER_TOP - 14;
const PHOTO_WIDTH = 196;
const PHOTO_GAP = 8;
const COLUMN_GAP = 26;
const FACTS_X = MARGIN + PHOTO_WIDTH + COLUMN_GAP;
const FACTS_WIDTH = PAGE.width - MARGIN - FACTS_X;
const FACT_LABEL_WIDTH = 72;
const CREDIT_COLUMNS = 2;
const CREDIT_COLUMN_GAP = 24;
const CREDIT_COLUMN_WIDTH = (CONTENT_WIDTH - CREDIT_COLUMN_GAP * (CREDIT_COLUMNS - 1)) / CREDIT_COLUMNS;

/** Letter spacing of capitals (pt): any wider and text extractors split the word into letters. */
const LETTER_SPACING = 0.5;
const COLOR = { ink: "#17161c", soft: "#55535e", line: "#d9d4da", accent: "#c2456d", placeholder: "#f4f1f3" } as const;
const TYPE = {
  fact: { size: 9.5, leading: 13.5 },
  credit: { size: 8.8, leading: 12.4 },
  footer: { size: 7.4, leading: 10 },
} as const;

type FontName = "regular" | "bold";
type Doc = PDFKit.PDFDocument;

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
function wrap(doc: Doc, text: string, width: number): string[] {
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

function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

function setFont(doc: Doc, font: FontName, size: number, color: string = COLOR.ink): Doc {
  return doc.font(font).fontSize(size).fillColor(color);
}

function rule(doc: Doc, x: number, y: number, width: number, weight: number, color: string) {
  doc.save().moveTo(x, y).lineTo(x + width, y).lineWidth(weight).strokeColor(color).stroke().restore();
}

function textAt(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) {
  doc.text(text, x, y, { lineBreak: false, ...options });
}

/** The photo column: the main photo (or an empty frame saying so) and up to two more below it. */
function drawPhotos(doc: Doc, photos: ProfilePhotos, noPhoto: string): number {
  const mainHeight = PHOTO_WIDTH * (4 / 3);
  if (photos.main) {
    doc.image(photos.main.jpeg, MARGIN, BODY_TOP, { width: PHOTO_WIDTH, height: mainHeight });
  } else {
    doc.save().rect(MARGIN, BODY_TOP, PHOTO_WIDTH, mainHeight).fill(COLOR.placeholder).restore();
    setFont(doc, "regular", 9, COLOR.soft);
    textAt(doc, noPhoto, MARGIN + (PHOTO_WIDTH - doc.widthOfString(noPhoto)) / 2, BODY_TOP + mainHeight / 2 - 6);
  }
  let bottom = BODY_TOP + mainHeight;
  if (photos.subs.length > 0) {
    const subWidth = (PHOTO_WIDTH - PHOTO_GAP) / 2;
    const subHeight = subWidth * (4 / 3);
    photos.subs.slice(0, 2).forEach((photo, i) => {
      doc.image(photo.jpeg, MARGIN + i * (subWidth + PHOTO_GAP), bottom + PHOTO_GAP, { width: subWidth, height: subHeight });
    });
    bottom += PHOTO_GAP + subHeight;
  }
  return bottom;
}

/** Names, then the facts table; returns where it ends. Lists too long for the page end with "외 N건". */
function drawFacts(doc: Doc, content: ProfilePdfContent): number {
  const labels = PROFILE_PDF_LABELS[content.locale];
  let y = BODY_TOP - 4;

  // The main name as large as the column allows (long English names shrink, then wrap).
  let size = 28;
  setFont(doc, "bold", size);
  while (size > 18 && doc.widthOfString(content.mainName) > FACTS_WIDTH) setFont(doc, "bold", (size -= 1));
  const nameLines = wrap(doc, content.mainName, FACTS_WIDTH);
  const nameLeading = size * 1.2;
  for (const line of nameLines) {
    textAt(doc, line, FACTS_X, y);
    y += nameLeading;
  }
  if (content.otherName) {
    // Beside the last line of the main name when it fits there, else below it. No letter spacing on
    // names: text extractors read widely spaced glyphs as separate words ("H A N").
    const lastWidth = doc.widthOfString(nameLines[nameLines.length - 1] ?? "");
    setFont(doc, "bold", 11.5, COLOR.accent);
    if (lastWidth + 12 + doc.widthOfString(content.otherName) <= FACTS_WIDTH) {
      textAt(doc, content.otherName, FACTS_X + lastWidth + 12, y - nameLeading + size - 11.5 * 1.02);
    } else {
      for (const line of wrap(doc, content.otherName, FACTS_WIDTH)) {
        textAt(doc, line, FACTS_X, y);
        y += 15;
      }
    }
  }
  y += 8;
  rule(doc, FACTS_X, y, FACTS_WIDTH, 1.6, COLOR.ink);
  y += 2;

  const rows = content.facts.filter((row) => row.items.length > 0);
  const valueWidth = FACTS_WIDTH - FACT_LABEL_WIDTH;
  const limit = BODY_BOTTOM - 60;
  for (const row of rows) {
    const top = y + 8;
    let lineY = top;
    setFont(doc, "regular", TYPE.fact.size);
    for (const [i, item] of row.items.entries()) {
      const lines = wrap(doc, item, valueWidth);
      if (lineY + lines.length * TYPE.fact.leading > limit && i > 0) {
        setFont(doc, "regular", TYPE.fact.size, COLOR.soft);
        textAt(doc, labels.more(row.items.length - i), FACTS_X + FACT_LABEL_WIDTH, lineY);
        lineY += TYPE.fact.leading;
        break;
      }
      for (const line of lines) {
        textAt(doc, line, FACTS_X + FACT_LABEL_WIDTH, lineY);
        lineY += TYPE.fact.leading;
      }
      lineY += 2;
    }
    setFont(doc, "bold", 8.6, COLOR.soft);
    textAt(doc, row.label, FACTS_X, top + 1);
    y = lineY + 5;
    rule(doc, FACTS_X, y, FACTS_WIDTH, 0.5, COLOR.line);
  }
  if (content.note) {
    setFont(doc, "regular", 7.8, COLOR.soft);
    y += 6;
    for (const line of wrap(doc, content.note, FACTS_WIDTH)) {
      textAt(doc, line, FACTS_X, y);
      y += 10.5;
    }
  }
  return y;
}

/** A piece of the credits flow: a category's heading, or one of its entries. */
type CreditBlock = { kind: "heading"; category: number } | { kind: "entry"; category: number; text: string };

/** A column the credits flow through, in reading order. */
interface Region {
  page: number;
  x: number;
  width: number;
  top: number;
  bottom: number;
}

interface Placement {
  region: number;
  y: number;
  category: number;
  /** A heading, repeated and marked when its category goes on from the previous column. */
  heading?: { continued: boolean };
  /** An entry's lines, wrapped to its column. */
  lines?: string[];
}

const SECTION_HEADING_HEIGHT = 24;
const HEADING_HEIGHT = 24;
const ENTRY_GAP = 3.2;
const BULLET_INDENT = 8;
/** Below this, the space under the facts is left empty rather than holding a scrap of the credits. */
const MIN_SIDE_REGION = 72;

/**
 * The credits' columns: the space under the facts beside the photos (when there is some), then two
 * columns across the first page below the photos, then two on a second page.
 */
function creditRegions(photosBottom: number, factsBottom: number): { regions: Region[]; sectionHeading: { x: number; y: number } } {
  const below = Math.max(photosBottom, factsBottom) + 24;
  const twoColumns = (page: number, top: number) =>
    Array.from({ length: CREDIT_COLUMNS }, (_, i) => ({ page, x: MARGIN + i * (CREDIT_COLUMN_WIDTH + CREDIT_COLUMN_GAP), width: CREDIT_COLUMN_WIDTH, top, bottom: BODY_BOTTOM }));
  const sideTop = factsBottom + 22;
  if (photosBottom - sideTop - SECTION_HEADING_HEIGHT >= MIN_SIDE_REGION) {
    return {
      sectionHeading: { x: FACTS_X, y: sideTop },
      regions: [{ page: 0, x: FACTS_X, width: FACTS_WIDTH, top: sideTop + SECTION_HEADING_HEIGHT, bottom: photosBottom }, ...twoColumns(0, below), ...twoColumns(1, BODY_TOP)],
    };
  }
  return { sectionHeading: { x: MARGIN, y: below }, regions: [...twoColumns(0, below + SECTION_HEADING_HEIGHT), ...twoColumns(1, BODY_TOP)] };
}

/**
 * Fills the regions in order. A heading never ends a column (it goes with its category's first entry),
 * and a category that goes on in the next column gets its heading again, marked. The last region keeps
 * `reserveAtEnd` free. Returns what was placed and how many entries did not fit.
 */
function placeCredits(blocks: CreditBlock[], regions: Region[], reserveAtEnd: number, wrapTo: (text: string, width: number) => string[]): { placed: Placement[]; left: number } {
  const placed: Placement[] = [];
  const entryHeight = (lines: string[]) => lines.length * TYPE.credit.leading + ENTRY_GAP;
  const bottom = (r: number) => regions[r]!.bottom - (r === regions.length - 1 ? reserveAtEnd : 0);
  const leftFrom = (i: number) => blocks.slice(i).filter((b) => b.kind === "entry").length;
  let region = 0;
  let y = regions[0]!.top;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    for (;;) {
      const width = regions[region]!.width - BULLET_INDENT;
      const next = blocks[i + 1];
      const needed =
        block.kind === "heading"
          ? HEADING_HEIGHT + (next?.kind === "entry" ? entryHeight(wrapTo(next.text, width)) : 0)
          : entryHeight(wrapTo(block.text, width));
      const atTop = y === regions[region]!.top;
      const withContinuedHeading = block.kind === "entry" && atTop && placed.length > 0 ? HEADING_HEIGHT : 0;
      if (y + withContinuedHeading + needed <= bottom(region)) {
        if (withContinuedHeading) {
          placed.push({ region, y, category: block.category, heading: { continued: true } });
          y += HEADING_HEIGHT;
        }
        if (block.kind === "heading") {
          placed.push({ region, y, category: block.category, heading: { continued: false } });
          y += HEADING_HEIGHT;
        } else {
          const lines = wrapTo(block.text, width);
          placed.push({ region, y, category: block.category, lines });
          y += entryHeight(lines);
        }
        break;
      }
      // An entry too tall for even an empty column is left out rather than looping forever.
      if (atTop && withContinuedHeading === 0 && block.kind === "entry") break;
      if (++region >= regions.length) return { placed, left: leftFrom(i) };
      y = regions[region]!.top;
    }
  }
  return { placed, left: 0 };
}

function drawCreditHeading(doc: Doc, x: number, y: number, width: number, title: string, note: string) {
  const caps = title === title.toUpperCase();
  setFont(doc, "bold", 10.5);
  const spacing = caps ? LETTER_SPACING : 0;
  textAt(doc, title, x, y + 4, { characterSpacing: spacing });
  if (note) {
    const titleWidth = doc.widthOfString(title, { characterSpacing: spacing });
    setFont(doc, "bold", 8.4, COLOR.soft);
    textAt(doc, note, x + titleWidth + 7, y + 5.8);
  }
  rule(doc, x, y + HEADING_HEIGHT - 6, width, 1, COLOR.ink);
}

/** The credits, after the top part of the first page; adds the second page only if they need it. */
function drawCredits(doc: Doc, content: ProfilePdfContent, photosBottom: number, factsBottom: number, pageHeader: () => void) {
  const labels = PROFILE_PDF_LABELS[content.locale];
  const categories = content.credits.filter((c) => c.items.length > 0);
  if (categories.length === 0) return;
  const { regions, sectionHeading } = creditRegions(photosBottom, factsBottom);
  setFont(doc, "bold", 12);
  textAt(doc, labels.credits, sectionHeading.x, sectionHeading.y);

  const blocks: CreditBlock[] = categories.flatMap((c, category) => [
    { kind: "heading" as const, category },
    ...c.items.map((text) => ({ kind: "entry" as const, category, text })),
  ]);
  const wrapped = new Map<string, string[]>();
  const wrapTo = (text: string, width: number) => {
    const key = `${width}\u0000${text}`;
    let lines = wrapped.get(key);
    if (!lines) {
      setFont(doc, "regular", TYPE.credit.size);
      wrapped.set(key, (lines = wrap(doc, text, width)));
    }
    return lines;
  };
  let result = placeCredits(blocks, regions, 0, wrapTo);
  const noteHeight = 2 * TYPE.credit.leading + 8;
  if (result.left > 0) result = placeCredits(blocks, regions, noteHeight, wrapTo);

  let page = 0;
  const toPage = (target: number) => {
    while (page < target) {
      doc.addPage();
      pageHeader();
      page++;
    }
  };
  for (const placement of result.placed) {
    const region = regions[placement.region]!;
    toPage(region.page);
    const category = categories[placement.category]!;
    if (placement.heading) {
      const { continued } = placement.heading;
      drawCreditHeading(doc, region.x, placement.y, region.width, continued ? labels.continued(category.title) : category.title, continued ? "" : category.note);
      continue;
    }
    setFont(doc, "regular", TYPE.credit.size);
    (placement.lines ?? []).forEach((line, i) => textAt(doc, line, region.x + BULLET_INDENT, placement.y + i * TYPE.credit.leading));
    doc.save().circle(region.x + 2, placement.y + TYPE.credit.size * 0.62, 1.1).fill(COLOR.soft).restore();
  }
  if (result.left > 0) {
    const last = regions[regions.length - 1]!;
    toPage(last.page);
    const y = last.bottom - noteHeight + 8;
    setFont(doc, "regular", TYPE.credit.size, COLOR.soft);
    textAt(doc, labels.more(result.left), last.x, y);
    setFont(doc, "regular", TYPE.credit.size, COLOR.accent);
    // Shown readable ("/artist/한서윤"), linked encoded.
    const url = wrap(doc, safeDecode(content.profileUrl), last.width)[0] ?? "";
    textAt(doc, url, last.x, y + TYPE.credit.leading, { link: content.profileUrl });
  }
}

/** The agency's name, address and contact at the foot of a page, and the page number when there are two. */
function drawFooter(doc: Doc, content: ProfilePdfContent, page: number, pages: number) {
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

function drawPageHeader(doc: Doc, content: ProfilePdfContent, continuation: boolean) {
  const labels = PROFILE_PDF_LABELS[content.locale];
  setFont(doc, "bold", 8.4);
  textAt(doc, "WE ENTERTAINMENT", MARGIN, 34, { characterSpacing: LETTER_SPACING });
  setFont(doc, "regular", 8.4, COLOR.soft);
  const right = continuation ? `${content.mainName} · ${labels.documentKind}` : labels.documentKind;
  const spacing = content.locale === "en" ? LETTER_SPACING : 0;
  const width = doc.widthOfString(right, { characterSpacing: spacing });
  textAt(doc, right, PAGE.width - MARGIN - width, 34, { characterSpacing: spacing });
  rule(doc, MARGIN, HEADER_RULE_Y, CONTENT_WIDTH, 0.6, COLOR.ink);
}

/** The PDF's bytes. Deterministic: the same content and photos give the same file on every server. */
export async function renderProfilePdf(content: ProfilePdfContent, photos: ProfilePhotos): Promise<Buffer> {
  // pdfkit and fontkit are loaded with the first PDF, not with the server.
  const [fonts, { default: PDFDocument }] = await Promise.all([loadFonts(), import("pdfkit")]);
  const labels = PROFILE_PDF_LABELS[content.locale];
  const doc = new PDFDocument({
    size: "A4",
    margin: 0,
    bufferPages: true,
    // Our font from the start (pdfkit would otherwise load its built-in Helvetica); pdfkit takes a parsed
    // fontkit font, though its types only name a path or a built-in font.
    font: fonts.regular as unknown as string,
    lang: labels.lang,
    displayTitle: true,
    pdfVersion: "1.7",
    info: {
      Title: labels.documentTitle(content.mainName, content.otherName),
      Author: content.contact.companyName,
      Subject: labels.documentKind,
      Creator: content.siteOrigin,
      CreationDate: new Date(content.updatedAt),
    },
  });
  doc.registerFont("regular", fonts.regular as unknown as string);
  doc.registerFont("bold", fonts.bold as unknown as string);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  drawPageHeader(doc, content, false);
  const photosBottom = drawPhotos(doc, photos, labels.noPhoto);
  const factsBottom = drawFacts(doc, content);
  drawCredits(doc, content, photosBottom, factsBottom, () => drawPageHeader(doc, content, true));

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    drawFooter(doc, content, page - range.start, range.count);
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
