/**
 * Draws a casting package's PDF (docs/decisions/049-package-pdfs-and-recipient-data.md): a cover, then
 * one page per artist, each drawn as the profile PDF draws it (`drawProfile`, profile-pdf-render.server.ts).
 */
import type { Locale } from "../../domain/locale";
import { BODY_BOTTOM, BODY_TOP, COLOR, CONTENT_WIDTH, drawPageHeader, finishDocument, MARGIN, openDocument, PAGE, rule, setFont, textAt, wrap, type Doc, type FontName } from "./pdf-document.server";
import { drawProfile, type ProfilePdfContent, type ProfilePhotos } from "./profile-pdf-render.server";

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

type CoverLines = { kind: "title" | "recipient" | "date" | "message" | "heading"; lines: string[] };
type CoverItem = (CoverLines | { kind: "artist"; index: number }) & { page: number; y: number };

/** The named destination of an artist's page, which the cover's list and the outline lead to. */
const destination = (index: number) => `artist-${index + 1}`;

/**
 * The cover's lines laid out over as many pages as they take (a long message and thirty artists do
 * not fit on one): each item's page and height, so the artists' page numbers are known before drawing.
 */
function layoutCover(doc: Doc, cover: PackageCover): { items: CoverItem[]; pages: number } {
  const items: CoverItem[] = [];
  let page = 0;
  let y = BODY_TOP + 6;
  const place = (item: CoverLines | { kind: "artist"; index: number }, height: number) => {
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

const COVER_STYLES: Record<CoverLines["kind"], { font: FontName; size: number; leading: number; color: string }> = {
  title: { font: "bold", size: 24, leading: 30, color: COLOR.ink },
  recipient: { font: "bold", size: 12, leading: 17, color: COLOR.accent },
  date: { font: "regular", size: 9.5, leading: 14, color: COLOR.soft },
  message: { font: "regular", size: 10.5, leading: 16.5, color: COLOR.ink },
  heading: { font: "bold", size: 12, leading: 17, color: COLOR.ink },
};

/** The cover's pages, from the first: each item where the layout put it. */
function drawCover(doc: Doc, cover: PackageCover) {
  const labels = PACKAGE_PDF_LABELS[cover.locale];
  const { items, pages: coverPages } = layoutCover(doc, cover);
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
      drawCoverArtist(doc, cover, item.index, item.y, labels.page(coverPages + item.index + 1));
      continue;
    }
    const style = COVER_STYLES[item.kind];
    setFont(doc, style.font, style.size, style.color);
    item.lines.forEach((line, i) => textAt(doc, line, MARGIN, item.y + i * style.leading));
    if (item.kind === "date") rule(doc, MARGIN, item.y + 20, CONTENT_WIDTH, 1.6, COLOR.ink);
    if (item.kind === "heading") rule(doc, MARGIN, item.y + 20, CONTENT_WIDTH, 1, COLOR.ink);
  }
}

/** One artist's line on the cover: the number, the name, the other name and facts, the page; linked to the artist's page. */
function drawCoverArtist(doc: Doc, cover: PackageCover, index: number, y: number, pageLabel: string) {
  const artist = cover.artists[index]!;
  const number = String(index + 1).padStart(2, "0");
  setFont(doc, "bold", 9, COLOR.accent);
  textAt(doc, number, MARGIN, y + 2);
  setFont(doc, "bold", 11.5);
  const name = artist.name;
  textAt(doc, name, MARGIN + 26, y, { goTo: destination(index) });
  const x = MARGIN + 26 + doc.widthOfString(name) + 8;
  const rest = [artist.otherName, artist.facts].filter(Boolean).join("   ");
  setFont(doc, "regular", 9, COLOR.soft);
  const pageWidth = doc.widthOfString(pageLabel);
  const room = PAGE.width - MARGIN - pageWidth - 16 - x;
  if (rest && room > 20) textAt(doc, wrap(doc, rest, room)[0] ?? "", x, y + 2.2);
  textAt(doc, pageLabel, PAGE.width - MARGIN - pageWidth, y + 2.2, { goTo: destination(index) });
  rule(doc, MARGIN, y + 17, CONTENT_WIDTH, 0.4, COLOR.line);
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
  drawCover(doc, cover);
  for (const [index, profile] of profiles.entries()) {
    doc.addPage();
    doc.addNamedDestination(destination(index));
    doc.outline.addItem(profile.content.otherName ? `${profile.content.mainName} (${profile.content.otherName})` : profile.content.mainName);
    drawProfile(doc, profile.content, profile.photos, 1, () => drawPageHeader(doc, cover.locale, `${labels.kind} · ${profile.content.mainName}`));
  }
  return finishDocument(doc, bytes, cover);
}
