import type { Locale } from "../../domain/locale";
import { PROFILE_PDF_LABELS } from "../../domain/profile-pdf-labels";
import { BODY_BOTTOM, BODY_TOP, COLOR, CONTENT_WIDTH, LETTER_SPACING, MARGIN, rule, setFont, textAt, TYPE, wrap, type Doc } from "./pdf-document.server";

/**
 * The profile PDF's credits (docs/decisions/020-profile-pdf.md): laid out first, through the columns
 * left under the facts, below the photos and on a second page, then drawn; what does not fit is counted,
 * with where to read it.
 */

/** What the credits draw of a profile (ProfilePdfContent gives it). */
export interface CreditsContent {
  locale: Locale;
  /** The credits by category: a heading ("MOVIE", "Film"), a word beside it in Korean ("영화"), the entries. */
  credits: { title: string; note: string; items: string[] }[];
  /** Where the entries left out for lack of room can be read: the public profile, or the package's page. */
  moreWhere?: "site" | "package";
  profileUrl: string;
}

/** Where the top part of the first page ends, and the facts' column the credits may go on under. */
export interface CreditsSpace {
  photosBottom: number;
  factsBottom: number;
  facts: { x: number; width: number };
}

const CREDIT_COLUMNS = 2;
const CREDIT_COLUMN_GAP = 24;
const CREDIT_COLUMN_WIDTH = (CONTENT_WIDTH - CREDIT_COLUMN_GAP * (CREDIT_COLUMNS - 1)) / CREDIT_COLUMNS;

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
function creditRegions(space: CreditsSpace, maxPages: number): { regions: Region[]; sectionHeading: { x: number; y: number } } {
  const { photosBottom, factsBottom, facts } = space;
  const below = Math.max(photosBottom, factsBottom) + 24;
  const twoColumns = (page: number, top: number) =>
    Array.from({ length: CREDIT_COLUMNS }, (_, i) => ({ page, x: MARGIN + i * (CREDIT_COLUMN_WIDTH + CREDIT_COLUMN_GAP), width: CREDIT_COLUMN_WIDTH, top, bottom: BODY_BOTTOM }));
  const sideTop = factsBottom + 22;
  const secondPage = maxPages > 1 ? twoColumns(1, BODY_TOP) : [];
  if (photosBottom - sideTop - SECTION_HEADING_HEIGHT >= MIN_SIDE_REGION) {
    return {
      sectionHeading: { x: facts.x, y: sideTop },
      regions: [{ page: 0, x: facts.x, width: facts.width, top: sideTop + SECTION_HEADING_HEIGHT, bottom: photosBottom }, ...twoColumns(0, below), ...secondPage],
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

/** The height kept at the end of the last column for the note of what did not fit. */
const MORE_NOTE_HEIGHT = 2 * TYPE.credit.leading + 8;

/** The credits, after the top part of the first page; adds the second page only if they need it. */
export function drawCredits(doc: Doc, content: CreditsContent, space: CreditsSpace, maxPages: number, pageHeader: () => void) {
  const labels = PROFILE_PDF_LABELS[content.locale];
  const categories = content.credits.filter((c) => c.items.length > 0);
  if (categories.length === 0) return;
  const { regions, sectionHeading } = creditRegions(space, maxPages);
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
  if (result.left > 0) result = placeCredits(blocks, regions, MORE_NOTE_HEIGHT, wrapTo);

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
    drawMoreNote(doc, content, last, result.left);
  }
}

/** At the end of the last column: how many entries did not fit, and the link where they can be read. */
function drawMoreNote(doc: Doc, content: CreditsContent, last: Region, left: number) {
  const labels = PROFILE_PDF_LABELS[content.locale];
  const y = last.bottom - MORE_NOTE_HEIGHT + 8;
  setFont(doc, "regular", TYPE.credit.size, COLOR.soft);
  textAt(doc, content.moreWhere === "package" ? labels.moreInPackage(left) : labels.more(left), last.x, y);
  setFont(doc, "regular", TYPE.credit.size, COLOR.accent);
  // Shown readable ("/artist/한서윤"), linked encoded.
  const url = wrap(doc, safeDecode(content.profileUrl), last.width)[0] ?? "";
  textAt(doc, url, last.x, y + TYPE.credit.leading, { link: content.profileUrl });
}

function safeDecode(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}
