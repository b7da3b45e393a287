/**
 * A casting package's PDFs (decision 049): the whole package (a cover, then a page per artist) at
 * `/casting/{token}/package.pdf`, and one artist's profile from it at `/casting/{token}/{artistId}/profile.pdf`,
 * drawn by the profile PDF's renderer (decision 020) with what the package chose: its photos, its
 * highlighted credits first, the agency's note. The token is checked first, as on the package's pages;
 * every answer is `private, no-store` and `noindex`; the recipient's downloads are counted (staff
 * previews, link-preview fetches and HEAD are not).
 */
import { ageFromBirthday, isLinkPreviewAgent, RECIPIENT_COPY } from "../domain/casting-packages";
import { kstDate } from "../domain/kst";
import type { Locale } from "../domain/locale";
import { formatHeight, profilePdfFileNames } from "../domain/profile-pdf-labels";
import { reelWatchUrl } from "../domain/reels";
import { castingArtistPath } from "../domain/paths";
import { cachedPdf, pdfContact, photoSourcesOf, preparePhotos, profilePdfContent, profilePdfDisposition, profilePdfHash, type PhotoSource } from "./artist-profile-pdf.server";
import { renderPackagePdf, type PackageCover } from "../server/artists/package-pdf-render.server";
import { renderProfilePdf, type ProfilePdfContent } from "../server/artists/profile-pdf-render.server";
import type { RequestContext } from "../server/route-kit/context.server";
import { PDF_CONTENT_SECURITY_POLICY } from "../server/route-kit/security-headers.server";
import { nowOf, type Services } from "../server/platform/services.server";
import { getSiteSettings, type SiteSettings } from "../server/site/settings.server";
import type { PackageRow } from "../server/packages/package-link.server";
import type { PackageArtistView } from "../server/packages/package-queries.server";
import { openPackage, recordPdfDownload, recordVisit } from "../server/packages/package-recipients.server";
import { chosenPhotos, highlightedCredits, packageNames, RECIPIENT_HEADERS, visitCookie, visitIdOf } from "./casting-package.server";

/** Headings of the highlighted credits, printed first among the credits. */
const HIGHLIGHTS_HEADING: Record<Locale, { title: string; note: string }> = {
  ko: { title: "HIGHLIGHTS", note: "주요 출연작" },
  en: { title: "Selected credits", note: "" },
};

const MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A day as the cover prints it: "2026년 11월 26일" / "26 November 2026". */
function coverDate(day: string, locale: Locale): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return locale === "en" ? `${d} ${MONTHS_EN[m - 1]} ${y}` : `${y}년 ${m}월 ${d}일`;
}

interface ArtistPdfSource {
  content: ProfilePdfContent;
  photos: PhotoSource[];
  fileNames: { unicode: string; ascii: string };
}

/** One artist's page as the package presents them. */
async function artistSource(services: Services, view: PackageArtistView, token: string, locale: Locale, origin: string, settings: SiteSettings): Promise<ArtistPdfSource> {
  const { artist } = view;
  const base = profilePdfContent(artist, settings, { locale, origin, profileUrl: `${origin}${castingArtistPath(token, artist.id)}` });
  const highlighted = highlightedCredits(view, locale).flatMap((group) => group.entries);
  const heading = HIGHLIGHTS_HEADING[locale];
  const names = packageNames(view, locale);
  const reelLabel = locale === "en" ? "Showreel" : "영상";
  const content: ProfilePdfContent = {
    ...base,
    facts: view.reels.length > 0 ? [...base.facts, { label: reelLabel, items: view.reels.map(reelWatchUrl) }] : base.facts,
    mainName: names.name,
    otherName: names.otherName,
    credits: highlighted.length > 0 ? [{ title: heading.title, note: heading.note, items: highlighted }, ...base.credits] : base.credits,
    agencyNote: view.note ? { label: RECIPIENT_COPY[locale].note, text: view.note } : undefined,
    moreWhere: "package",
  };
  return {
    content,
    photos: await photoSourcesOf(services.db, chosenPhotos(view).slice(0, 3)),
    fileNames: profilePdfFileNames(artist.name, artist.nameEn.trim(), locale),
  };
}

/** The package's cover: its title, for whom, the day it was made, the message and the list of artists. */
function coverOf(row: PackageRow, artists: PackageArtistView[], locale: Locale, origin: string, settings: SiteSettings, today: string): PackageCover {
  const copy = RECIPIENT_COPY[locale];
  return {
    locale,
    title: row.title,
    recipient: copy.to(row.recipientCompany, row.recipientName),
    date: coverDate(kstDate(row.createdAt), locale),
    message: row.message,
    artists: artists.map((view) => {
      const age = ageFromBirthday(view.artist.birthday, today);
      const height = view.artist.height.trim();
      return { ...packageNames(view, locale), facts: [age !== null ? copy.age(age) : "", height ? formatHeight(height) : ""].filter(Boolean).join(" · ") };
    }),
    contact: pdfContact(settings, locale),
    siteOrigin: origin,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** "〈가제〉 시리즈 캐스팅 제안.pdf", and an ASCII name for clients that ignore RFC 5987. */
function packageFileNames(title: string, locale: Locale): { unicode: string; ascii: string } {
  const stem = title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 80) || (locale === "en" ? "casting-proposal" : "캐스팅 제안");
  return { unicode: `${stem}.pdf`, ascii: "casting-proposal.pdf" };
}

const PLAIN = { "Content-Type": "text/plain; charset=utf-8" };

/** The package's PDF (`artistParam` null) or one artist's profile PDF from it, for the link's holder. */
export async function servePackagePdf(ctx: RequestContext, request: Request, token: string, artistParam: string | null): Promise<Response> {
  const services = ctx.runtime;
  const notFound = () => new Response("페이지를 찾을 수 없습니다. Page not found.", { status: 404, headers: { ...RECIPIENT_HEADERS, ...PLAIN } });
  const opened = await openPackage(services, token);
  if (opened.state === "unknown") return notFound();
  if (opened.state === "gone") {
    const settings = await getSiteSettings(services.db);
    const copy = RECIPIENT_COPY[opened.locale];
    const company = opened.locale === "en" ? settings.companyNameEn : settings.companyName;
    const text = [copy.goneTitle, copy.goneBody, "", company, `${copy.contactPhone} ${settings.phone}`, `${copy.contactEmail} ${settings.email}`, ""].join("\n");
    return new Response(text, { status: 410, headers: { ...RECIPIENT_HEADERS, ...PLAIN } });
  }
  const { row, artists } = opened;
  let view: PackageArtistView | null = null;
  if (artistParam !== null) {
    const id = /^[1-9]\d{0,9}$/.test(artistParam) ? Number(artistParam) : null;
    view = artists.find((a) => a.artist.id === id) ?? null;
    if (!view) return notFound();
  }
  const locale: Locale = row.locale === "en" ? "en" : "ko";
  const origin = services.env.PUBLIC_ORIGIN ?? new URL(request.url).origin;
  const settings = await getSiteSettings(services.db);
  const today = kstDate(nowOf(services));

  let pdf: { bytes: Buffer; fileNames: { unicode: string; ascii: string } };
  if (view) {
    const source = await artistSource(services, view, token, locale, origin, settings);
    const bytes = await cachedPdf(profilePdfHash(source.content, source.photos), async () => renderProfilePdf(source.content, await preparePhotos(services, source.photos)));
    pdf = { bytes, fileNames: source.fileNames };
  } else {
    const sources = await Promise.all(artists.map((a) => artistSource(services, a, token, locale, origin, settings)));
    const cover = coverOf(row, artists, locale, origin, settings, today);
    const hash = profilePdfHash({ cover, profiles: sources.map((s) => s.content) }, sources.flatMap((s) => s.photos));
    const bytes = await cachedPdf(hash, async () => {
      const photos = await Promise.all(sources.map((s) => preparePhotos(services, s.photos)));
      return renderPackagePdf(cover, sources.map((s, i) => ({ content: s.content, photos: photos[i]! })));
    });
    pdf = { bytes, fileNames: packageFileNames(row.title, locale) };
  }

  const headers = new Headers({
    ...RECIPIENT_HEADERS,
    "Content-Type": "application/pdf",
    "Content-Disposition": profilePdfDisposition(pdf.fileNames).replace(/^inline/, "attachment"),
    "Content-Length": String(pdf.bytes.byteLength),
    "Content-Security-Policy": PDF_CONTENT_SECURITY_POLICY,
  });
  // The recipient's download (not staff checking the link, a messenger's preview or a HEAD request).
  const preview = (await ctx.staffSession()) !== null;
  if (!preview && ctx.method !== "HEAD" && !isLinkPreviewAgent(request.headers.get("User-Agent"))) {
    const { newVisitId } = await recordVisit(services, row.id, visitIdOf(request), null);
    if (newVisitId) headers.append("Set-Cookie", visitCookie(token, newVisitId, request));
    await recordPdfDownload(services, row.id, view ? view.artist.id : null);
  }
  return new Response(new Uint8Array(pdf.bytes), { headers });
}

