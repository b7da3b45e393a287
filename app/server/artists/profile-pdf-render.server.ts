/**
 * Draws the casting profile PDF with pdfkit: A4, the photo column beside the facts, the
 * credits below in two columns (profile-pdf-credits.server.ts), a second page only when the credits need
 * it, and the agency's contact at the foot of every page (pdf-document.server.ts, which also holds the
 * fonts). Docs: docs/decisions/020-profile-pdf.md.
 */
import type { Locale } from "../../domain/locale";
import { PROFILE_PDF_LABELS } from "../../domain/profile-pdf-labels";
import { BODY_BOTTOM, BODY_TOP, COLOR, drawPageHeader, finishDocument, MARGIN, openDocument, PAGE, rule, setFont, textAt, TYPE, wrap, type Doc } from "./pdf-document.server";
import { drawCredits } from "./profile-pdf-credits.server";

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

const PHOTO_WIDTH = 196;
const PHOTO_GAP = 8;
const COLUMN_GAP = 26;
const FACTS_X = MARGIN + PHOTO_WIDTH + COLUMN_GAP;
const FACTS_WIDTH = PAGE.width - MARGIN - FACTS_X;
const FACT_LABEL_WIDTH = 72;

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

/** Names, then the facts table, the agency's note and the small note; returns where they end. */
function drawFacts(doc: Doc, content: ProfilePdfContent): number {
  let y = drawNames(doc, content);
  y = drawFactRows(doc, content, y);
  if (content.agencyNote?.text) y = drawAgencyNote(doc, content.agencyNote, y);
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

/** The main name as large as the column allows (long English names shrink, then wrap), the other name, a rule. */
function drawNames(doc: Doc, content: ProfilePdfContent): number {
  let y = BODY_TOP - 4;
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
  return y + 2;
}

/** The facts table from `y`. Lists too long for the page end with "외 N건". */
function drawFactRows(doc: Doc, content: ProfilePdfContent, y: number): number {
  const labels = PROFILE_PDF_LABELS[content.locale];
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
  return y;
}

/** The agency's word on this artist for this production: set off by a bar in the accent colour. */
function drawAgencyNote(doc: Doc, note: { label: string; text: string }, y: number): number {
  y += 10;
  const top = y;
  setFont(doc, "bold", 8.6, COLOR.accent);
  textAt(doc, note.label, FACTS_X + 9, y);
  y += 13;
  setFont(doc, "regular", TYPE.fact.size);
  const lines = wrap(doc, note.text, FACTS_WIDTH - 9);
  const room = Math.max(1, Math.floor((BODY_BOTTOM - 120 - y) / TYPE.fact.leading));
  const shown = lines.length > room ? [...lines.slice(0, room - 1), `${lines[room - 1] ?? ""}…`] : lines;
  for (const line of shown) {
    textAt(doc, line, FACTS_X + 9, y);
    y += TYPE.fact.leading;
  }
  doc.save().rect(FACTS_X, top - 2, 2.4, y - top).fill(COLOR.accent).restore();
  return y + 2;
}

/**
 * One artist's profile, from the top of the current page: photos, names and facts, then the credits over
 * at most `maxPages` pages (a second page is added only when the credits need it). `header` draws the
 * top of a page: `continuation` for the profile's second page.
 */
export function drawProfile(doc: Doc, content: ProfilePdfContent, photos: ProfilePhotos, maxPages: number, header: (continuation: boolean) => void) {
  const labels = PROFILE_PDF_LABELS[content.locale];
  header(false);
  const photosBottom = drawPhotos(doc, photos, labels.noPhoto);
  const factsBottom = drawFacts(doc, content);
  drawCredits(doc, content, { photosBottom, factsBottom, facts: { x: FACTS_X, width: FACTS_WIDTH } }, maxPages, () => header(true));
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
  return finishDocument(doc, bytes, content);
}
