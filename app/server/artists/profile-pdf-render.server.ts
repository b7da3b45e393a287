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

/** What the PDF shows, resolved to one language (app/routes/artist-profile-pdf.server.ts builds it). */
export interface ProfilePdfContent {
  locale: Locale;
  /** The name printed large, and the other one beside it (Korean: name, nameEn; English: nameEn, name). */
  mainName: string;
  otherName: string;
  /** The rows beside the photos (date of birth, height, education, awards, skills); empty ones are left out. */
  facts: { label: string; items: string[] }[];
  /** The credits by category: a heading ("MOVIE", "Film"), a word beside it in Korean ("영화"), the entries. */
  credits: { title: string; note: string; items: string[] }[];
  /** Under the facts, small: an English profile partly shown in Korean says so (as the page does). */
  note: string;
  /** In a casting package: the agency's note on the artist for this production, under the facts. */
  agencyNote?: { label: string; text: string };
  /** Where the entries left out for lack of room can be read: the public profile, or the package's page. */
  moreWhere?: "site" | "package";
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
  if (content.agencyNote?.text) {
    // The agency's word on this artist for this production: set off by a bar in the accent colour.
    y += 10;
    const top = y;
    setFont(doc, "bold", 8.6, COLOR.accent);
    textAt(doc, content.agencyNote.label, FACTS_X + 9, y);
    y += 13;
    setFont(doc, "regular", TYPE.fact.size);
    const lines = wrap(doc, content.agencyNote.text, FACTS_WIDTH - 9);
    const room = Math.max(1, Math.floor((BODY_BOTTOM - 120 - y) / TYPE.fact.leading));
    const shown = lines.length > room ? [...lines.slice(0, room - 1), `${lines[room - 1] ?? ""}…`] : lines;
    for (const line of shown) {
      textAt(doc, line, FACTS_X + 9, y);
      y += TYPE.fact.leading;
    }
    doc.save().rect(FACTS_X, top - 2, 2.4, y - top).fill(COLOR.accent).restore();
    y += 2;
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
function creditRegions(photosBottom: number, factsBottom: number, maxPages: number): { regions: Region[]; sectionHeading: { x: number; y: number } } {
  const below = Math.max(photosBottom, factsBottom) + 24;
  const twoColumns = (page: number, top: number) =>
    Array.from({ length: CREDIT_COLUMNS }, (_, i) => ({ page, x: MARGIN + i * (CREDIT_COLUMN_WIDTH + CREDIT_COLUMN_GAP), width: CREDIT_COLUMN_WIDTH, top, bottom: BODY_BOTTOM }));
  const sideTop = factsBottom + 22;
  const secondPage = maxPages > 1 ? twoColumns(1, BODY_TOP) : [];
  if (photosBottom - sideTop - SECTION_HEADING_HEIGHT >= MIN_SIDE_REGION) {
    return {
      sectionHeading: { x: FACTS_X, y: sideTop },
      regions: [{ page: 0, x: FACTS_X, width: FACTS_WIDTH, top: sideTop + SECTION_HEADING_HEIGHT, bottom: photosBottom }, ...twoColumns(0, below), ...secondPage],
    };
  }
  return { sectionHeading: { x: MARGIN, y: below }, regions: [...twoColumns(0, below + SECTION_HEADING_HEIGHT), ...secondPage] };
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
function drawCredits(doc: Doc, content: ProfilePdfContent, photosBottom: number, factsBottom: number, maxPages: number, pageHeader: () => void) {
  const labels = PROFILE_PDF_LABELS[content.locale];
  const categories = content.credits.filter((c) => c.items.length > 0);
  if (categories.length === 0) return;
  const { regions, sectionHeading } = creditRegions(photosBottom, factsBottom, maxPages);
  // Regions below the page's foot (a first page whose photos and facts fill it) take nothing.
  if (regions.every((r) => r.bottom - r.top < TYPE.credit.leading * 2)) return;
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
    textAt(doc, content.moreWhere === "package" ? labels.moreInPackage(result.left) : labels.more(result.left), last.x, y);
    setFont(doc, "regular", TYPE.credit.size, COLOR.accent);
    // Shown readable ("/artist/한서윤"), linked encoded.
    const url = wrap(doc, safeDecode(content.profileUrl), last.width)[0] ?? "";
    textAt(doc, url, last.x, y + TYPE.credit.leading, { link: content.profileUrl });
  }
}

/** What every page's foot prints: the agency, and the site's address. */
type FooterContent = Pick<ProfilePdfContent, "contact" | "siteOrigin">;

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
function drawPageHeader(doc: Doc, locale: Locale, right: string) {
  setFont(doc, "bold", 8.4);
  textAt(doc, "WE ENTERTAINMENT", MARGIN, 34, { characterSpacing: LETTER_SPACING });
  setFont(doc, "regular", 8.4, COLOR.soft);
  const spacing = locale === "en" ? LETTER_SPACING : 0;
  const width = doc.widthOfString(right, { characterSpacing: spacing });
  textAt(doc, right, PAGE.width - MARGIN - width, 34, { characterSpacing: spacing });
  rule(doc, MARGIN, HEADER_RULE_Y, CONTENT_WIDTH, 0.6, COLOR.ink);
}

/**
 * One artist's profile, from the top of the current page: photos, names and facts, then the credits over
 * at most `maxPages` pages (a second page is added only when the credits need it). `header` draws the
 * top of a page: `continuation` for the profile's second page.
 */
function drawProfile(doc: Doc, content: ProfilePdfContent, photos: ProfilePhotos, maxPages: number, header: (continuation: boolean) => void) {
  const labels = PROFILE_PDF_LABELS[content.locale];
  header(false);
  const photosBottom = drawPhotos(doc, photos, labels.noPhoto);
  const factsBottom = drawFacts(doc, content);
  drawCredits(doc, content, photosBottom, factsBottom, maxPages, () => header(true));
}

interface PdfInfo {
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
async function openDocument(info: PdfInfo): Promise<{ doc: Doc; bytes: Promise<Buffer> }> {
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
async function finish(doc: Doc, bytes: Promise<Buffer>, footer: FooterContent): Promise<Buffer> {
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    drawFooter(doc, footer, page - range.start, range.count);
  }
  doc.end();
  return bytes;
}

/** The PDF's bytes. Deterministic: the same content and photos give the same file on every server. */
export async function renderProfilePdf(content: ProfilePdfContent, photos: ProfilePhotos): Promise<Buffer> {
  const labels = PROFILE_PDF_LABELS[content.locale];
  const { doc, bytes } = await openDocument({
    locale: content.locale,
    title: labels.documentTitle(content.mainName, content.otherName),
    author: content.contact.companyName,
    subject: labels.documentKind,
    creator: content.siteOrigin,
    createdAt: content.updatedAt,
  });
  drawProfile(doc, content, photos, 2, (continuation) => drawPageHeader(doc, content.locale, continuation ? `${content.mainName} · ${labels.documentKind}` : labels.documentKind));
  return finish(doc, bytes, content);
}

/** The cover of a casting package's PDF: what it is, for whom, the agency's message and the artists in it. */
export interface PackageCover {
  locale: Locale;
  title: string;
  /** "스튜디오 하늘 김하늘님께" / "For Kim Haneul, Studio Haneul". */
  recipient: string;
  /** The day the package was made, as printed ("2026년 11월 26일" / "26 November 2026"). */
  date: string;
  message: string;
  /** One line per artist, in the package's order: the name, the other name, the facts ("만 29세 · 168cm"). */
  artists: { name: string; otherName: string; facts: string }[];
  contact: ProfilePdfContent["contact"];
  siteOrigin: string;
  /** The package's last change: the PDF's creation date. */
  updatedAt: string;
}

/** The package PDF's words of its own, per language. */
const PACKAGE_PDF_LABELS = {
  ko: { kind: "캐스팅 제안", artists: "제안 배우", page: (n: number) => `${n}쪽` },
  en: { kind: "CASTING PROPOSAL", artists: "Proposed artists", page: (n: number) => `p. ${n}` },
} as const;

/**
 * The cover's lines laid out over as many pages as they take (a long message and thirty artists do
 * not fit on one): each item's page and height, so the artists' page numbers are known before drawing.
 */
function layoutCover(doc: Doc, cover: PackageCover) {
  type Item = { kind: "title" | "recipient" | "date" | "message" | "heading"; lines: string[] } | { kind: "artist"; index: number };
  const items: (Item & { page: number; y: number })[] = [];
  let page = 0;
  let y = BODY_TOP + 6;
  const place = (item: Item, height: number) => {
    if (y + height > BODY_BOTTOM) {
      page++;
      y = BODY_TOP;
    }
    items.push({ ...item, page, y });
    y += height;
  };
  setFont(doc, "bold", 24);
  const titleLines = wrap(doc, cover.title, CONTENT_WIDTH);
  place({ kind: "title", lines: titleLines }, titleLines.length * 30 + 8);
  setFont(doc, "bold", 12);
  const recipientLines = wrap(doc, cover.recipient, CONTENT_WIDTH);
  place({ kind: "recipient", lines: recipientLines }, recipientLines.length * 17);
  place({ kind: "date", lines: [cover.date] }, 30);
  setFont(doc, "regular", 10.5);
  for (const line of cover.message ? wrap(doc, cover.message, CONTENT_WIDTH) : []) place({ kind: "message", lines: [line] }, 16.5);
  if (cover.message) y += 18;
  place({ kind: "heading", lines: [PACKAGE_PDF_LABELS[cover.locale].artists] }, 30);
  cover.artists.forEach((_, index) => place({ kind: "artist", index }, 22));
  return { items, pages: page + 1 };
}

/**
 * A casting package as one PDF: a cover, then one page per artist (their profile as the profile PDF
 * draws it, with the photos and highlighted credits chosen for the package and the agency's note; what
 * does not fit on the page is counted). Outline entries and the cover's list lead to each artist.
 */
export async function renderPackagePdf(cover: PackageCover, profiles: { content: ProfilePdfContent; photos: ProfilePhotos }[]): Promise<Buffer> {
  const labels = PACKAGE_PDF_LABELS[cover.locale];
  const { doc, bytes } = await openDocument({
    locale: cover.locale,
    title: cover.title,
    author: cover.contact.companyName,
    subject: labels.kind,
    creator: cover.siteOrigin,
    createdAt: cover.updatedAt,
  });
  const { items, pages: coverPages } = layoutCover(doc, cover);
  const destination = (index: number) => `artist-${index + 1}`;
  let page = 0;
  drawPageHeader(doc, cover.locale, labels.kind);
  // Outline entries point at the page current when they are added.
  doc.outline.addItem(labels.kind);
  for (const item of items) {
    while (page < item.page) {
      doc.addPage();
      drawPageHeader(doc, cover.locale, labels.kind);
      page++;
    }
    if (item.kind === "artist") {
      const artist = cover.artists[item.index]!;
      const number = String(item.index + 1).padStart(2, "0");
      const pageLabel = labels.page(coverPages + item.index + 1);
      setFont(doc, "bold", 9, COLOR.accent);
      textAt(doc, number, MARGIN, item.y + 2);
      setFont(doc, "bold", 11.5);
      const name = artist.name;
      textAt(doc, name, MARGIN + 26, item.y, { goTo: destination(item.index) });
      const x = MARGIN + 26 + doc.widthOfString(name) + 8;
      const rest = [artist.otherName, artist.facts].filter(Boolean).join("   ");
      setFont(doc, "regular", 9, COLOR.soft);
      const pageWidth = doc.widthOfString(pageLabel);
      const room = PAGE.width - MARGIN - pageWidth - 16 - x;
      if (rest && room > 20) textAt(doc, wrap(doc, rest, room)[0] ?? "", x, item.y + 2.2);
      textAt(doc, pageLabel, PAGE.width - MARGIN - pageWidth, item.y + 2.2, { goTo: destination(item.index) });
      rule(doc, MARGIN, item.y + 17, CONTENT_WIDTH, 0.4, COLOR.line);
      continue;
    }
    const style = {
      title: { font: "bold", size: 24, leading: 30, color: COLOR.ink },
      recipient: { font: "bold", size: 12, leading: 17, color: COLOR.accent },
      date: { font: "regular", size: 9.5, leading: 14, color: COLOR.soft },
      message: { font: "regular", size: 10.5, leading: 16.5, color: COLOR.ink },
      heading: { font: "bold", size: 12, leading: 17, color: COLOR.ink },
    }[item.kind] as { font: FontName; size: number; leading: number; color: string };
    setFont(doc, style.font, style.size, style.color);
    item.lines.forEach((line, i) => textAt(doc, line, MARGIN, item.y + i * style.leading));
    if (item.kind === "date") rule(doc, MARGIN, item.y + 20, CONTENT_WIDTH, 1.6, COLOR.ink);
    if (item.kind === "heading") rule(doc, MARGIN, item.y + 20, CONTENT_WIDTH, 1, COLOR.ink);
  }
  for (const [index, profile] of profiles.entries()) {
    doc.addPage();
    doc.addNamedDestination(destination(index));
    doc.outline.addItem(profile.content.otherName ? `${profile.content.mainName} (${profile.content.otherName})` : profile.content.mainName);
    drawProfile(doc, profile.content, profile.photos, 1, () => drawPageHeader(doc, cover.locale, `${labels.kind} · ${profile.content.mainName}`));
  }
  return finish(doc, bytes, cover);
}
