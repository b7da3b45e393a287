import { data, redirect } from "react-router";
import { ARTIST_LIST_FIELD_INFO, artistFieldLabel, withArtistEnglishFallbacks, type ArtistListField } from "../domain/artist-fields";
import { ageFromBirthday, isLinkPreviewAgent, markLabel, messageTooLong, RECIPIENT_COPY, type PackageMark } from "../domain/casting-packages";
import { kstDate } from "../domain/kst";
import type { Locale } from "../domain/locale";
import { castingArtistPath, castingArtistPdfPath, castingPackagePath, castingPackagePdfPath } from "../domain/paths";
import { toResponsiveImage } from "../lib/responsive-image";
import type { RequestContext } from "../server/route-kit/context.server";
import { RequestBodyError } from "../server/platform/form-body.server";
import { parseUploadForm } from "../server/route-kit/uploads.server";
import { nowOf } from "../server/platform/services.server";
import { getSiteSettings } from "../server/site/settings.server";
import { reelName } from "../domain/reels";
import type { RecipientCard, RefusedAnswer } from "../components/casting-package-view";
import type { ReelPlayerItem } from "../islands/reel-player";
import { lastDayOf } from "../server/packages/package-link.server";
import { currentMarks, type PackageArtistView } from "../server/packages/package-queries.server";
import { answerPackage, openPackage, recordVisit } from "../server/packages/package-recipients.server";

/**
 * The recipient's pages of a casting package (decision 047): `/casting/{token}` and
 * `/casting/{token}/{artistId}`. The token is the credential, checked before anything is read; every
 * answer is `private, no-store` and `noindex`, never in the page cache (http-caching.server.ts), and
 * tells no other site its address (`Referrer-Policy: same-origin`, set with the other security headers;
 * not `no-referrer`, with which a browser sends `Origin: null` with the page's form posts, which the
 * origin check refuses).
 */

export const RECIPIENT_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow, noarchive",
};

const VISIT_COOKIE = "we_casting_visit";

export function visitIdOf(request: Request): string | null {
  const header = request.headers.get("Cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${VISIT_COOKIE}=([A-Za-z0-9_-]{43})(?:;|$)`).exec(header);
  return match ? match[1]! : null;
}

/** A session cookie scoped to this package's pages: it names the visit, nothing else. */
export function visitCookie(token: string, visitId: string, request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${VISIT_COOKIE}=${visitId}; Path=${castingPackagePath(token)}; HttpOnly; SameSite=Lax${secure}`;
}

/** A card of the package's page: the shape the recipient's view draws (components/casting-package-view.tsx). */
export type RecipientArtistCard = RecipientCard;

export interface RecipientArtistProfile extends RecipientArtistCard {
  /** The artist's profile PDF as the package presents them. */
  pdfHref: string;
  filmography: { label: string; entries: string[] }[];
  /** The artist's showreels, as on the public profile (posters of ours; the player after a click). */
  reels: ReelPlayerItem[];
}

export function listsIn(view: PackageArtistView, locale: Locale): Record<ArtistListField, string[]> {
  const korean = view.artist as unknown as Record<ArtistListField, string[]>;
  if (locale === "ko") return korean;
  const { values } = withArtistEnglishFallbacks(view.artist, view.artist.en);
  const english = values as Record<string, string | string[]>;
  return Object.fromEntries(ARTIST_LIST_FIELD_INFO.map((f) => [f.key, Array.isArray(english[f.key]) ? (english[f.key] as string[]) : korean[f.key]])) as Record<ArtistListField, string[]>;
}

/**
 * The credits highlighted for the package, by list, in the package's language. They were picked from
 * the Korean lists: the English package shows the same entry of the English list when the lists line up.
 */
export function highlightedCredits(view: PackageArtistView, locale: Locale): { label: string; entries: string[] }[] {
  const korean = view.artist as unknown as Record<ArtistListField, string[]>;
  const lists = listsIn(view, locale);
  const highlighted = new Map<ArtistListField, string[]>();
  for (const credit of view.credits) {
    const field = credit.field as ArtistListField;
    const index = korean[field]?.indexOf(credit.entry) ?? -1;
    if (index === -1) continue;
    const entry = locale === "en" && lists[field].length === korean[field].length ? lists[field][index]! : credit.entry;
    highlighted.set(field, [...(highlighted.get(field) ?? []), entry]);
  }
  return [...highlighted].map(([field, entries]) => ({ label: artistFieldLabel(field, locale), entries }));
}

/** The photos chosen for the package that the artist still has, in order; else the main photo. */
export function chosenPhotos(view: PackageArtistView): PackageArtistView["artist"]["images"] {
  const byId = new Map(view.artist.images.map((image) => [image.id, image]));
  const chosen = view.photoIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  // The chosen photos were all replaced since: the main photo, so the card still has one.
  return chosen.length === 0 && view.artist.images[0] ? [view.artist.images[0]] : chosen;
}

/** The name the package's language puts first, and the other one. */
export function packageNames(view: PackageArtistView, locale: Locale): { name: string; otherName: string } {
  const { artist } = view;
  const primary = locale === "en" && artist.nameEn ? artist.nameEn : artist.name;
  return { name: primary, otherName: primary === artist.name ? artist.nameEn : artist.name };
}

function cardOf(view: PackageArtistView, token: string, locale: Locale, today: string, mark: PackageMark | null): RecipientArtistCard {
  const { artist } = view;
  return {
    id: artist.id,
    href: castingArtistPath(token, artist.id),
    ...packageNames(view, locale),
    age: ageFromBirthday(artist.birthday, today),
    height: artist.height.trim(),
    photos: chosenPhotos(view).map(toResponsiveImage),
    highlighted: highlightedCredits(view, locale),
    note: view.note,
    markLabel: mark ? markLabel(mark, locale) : null,
    mark,
  };
}

async function goneAnswer(ctx: RequestContext, locale: Locale) {
  const settings = await getSiteSettings(ctx.runtime.db);
  return data(
    { kind: "gone" as const, locale, contact: { company: locale === "en" ? settings.companyNameEn : settings.companyName, phone: settings.phone, email: settings.email } },
    { status: 410, headers: RECIPIENT_HEADERS },
  );
}

/** An unknown or altered token, or an artist not in the package: nothing but the refusal. */
const unknownAnswer = () => data({ kind: "unknown" as const }, { status: 404, headers: RECIPIENT_HEADERS });

/** The package's page, or one artist's profile inside it (`artistParam`). */
export async function loadRecipientPage(ctx: RequestContext, request: Request, token: string, artistParam?: string) {
  const opened = await openPackage(ctx.runtime, token);
  if (opened.state === "unknown") return unknownAnswer();
  if (opened.state === "gone") return goneAnswer(ctx, opened.locale);
  const { row, artists, answers } = opened;
  const locale: Locale = row.locale === "en" ? "en" : "ko";
  let artistId: number | null = null;
  if (artistParam !== undefined) {
    artistId = /^[1-9]\d{0,9}$/.test(artistParam) ? Number(artistParam) : null;
    if (artistId === null || !artists.some((a) => a.artist.id === artistId)) return unknownAnswer();
  }
  // Staff opening the link to check it are not the recipient: no visit, no answers. Nor is a messenger
  // drawing the link's preview, or a HEAD request.
  const preview = (await ctx.staffSession()) !== null;
  const headers = new Headers(RECIPIENT_HEADERS);
  if (!preview && ctx.method !== "HEAD" && !isLinkPreviewAgent(request.headers.get("User-Agent"))) {
    const { newVisitId } = await recordVisit(ctx.runtime, row.id, visitIdOf(request), artistId);
    if (newVisitId) headers.append("Set-Cookie", visitCookie(token, newVisitId, request));
  }
  const now = nowOf(ctx.runtime);
  const today = kstDate(now);
  const marks = currentMarks(answers);
  const label = (id: number) => marks.get(id) ?? null;
  const url = new URL(request.url);
  const common = {
    kind: "open" as const,
    locale,
    preview,
    answered: url.searchParams.get("answered") === "1",
    answerRefused: url.searchParams.get("answered") === "0",
    packagePath: castingPackagePath(token),
    packagePdfPath: castingPackagePdfPath(token),
    title: row.title,
    recipient: RECIPIENT_COPY[locale].to(row.recipientCompany, row.recipientName),
    lastDay: lastDayOf(row.expiresAt),
  };
  if (artistId === null) {
    return data({ ...common, message: row.message, artists: artists.map((view) => cardOf(view, token, locale, today, label(view.artist.id))), artist: null }, { headers });
  }
  const view = artists.find((a) => a.artist.id === artistId)!;
  const lists = listsIn(view, locale);
  const profile: RecipientArtistProfile = {
    ...cardOf(view, token, locale, today, label(view.artist.id)),
    pdfHref: castingArtistPdfPath(token, view.artist.id),
    filmography: ARTIST_LIST_FIELD_INFO.filter((f) => f.key !== "education" && lists[f.key].length > 0).map((f) => ({ label: f.label[locale], entries: lists[f.key] })),
    reels: view.reels.map((reel, i) => ({
      provider: reel.provider,
      id: reel.id,
      name: reelName(reel, i, locale === "en" && view.artist.nameEn ? view.artist.nameEn : view.artist.name, locale),
    })),
  };
  const messages = answers.filter((a) => a.artistId === artistId && a.message).map((a) => a.message);
  return data({ ...common, message: "", artists: [], artist: { ...profile, messages } }, { headers });
}

/**
 * A mark or a message on one artist (a plain form: it works without JavaScript). A message too long is
 * answered 400 with the page again, the text as typed and its limit (decision 053); the body may hold a
 * few times the longest message (urlencoded Hangul takes 9 bytes a character) so that it is read and
 * given back, not refused unread.
 */
export async function answerRecipient(ctx: RequestContext, request: Request, token: string, artistParam: string) {
  let form: FormData;
  try {
    form = await parseUploadForm(request, { fileFields: [], maxFiles: 0, maxParts: 8, maxTotalSize: 64 * 1024 });
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return data({ kind: "unknown" as const }, { status: error.status === 413 ? 413 : 400, headers: RECIPIENT_HEADERS });
  }
  const opened = await openPackage(ctx.runtime, token);
  if (opened.state === "unknown") return unknownAnswer();
  if (opened.state === "gone") return goneAnswer(ctx, opened.locale);
  const artistId = /^[1-9]\d{0,9}$/.test(artistParam) ? Number(artistParam) : null;
  if (artistId === null || !opened.artists.some((a) => a.artist.id === artistId)) return unknownAnswer();
  if (await ctx.staffSession()) return redirect(castingArtistPath(token, artistId), { status: 303, headers: RECIPIENT_HEADERS });
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const outcome = await answerPackage(ctx.runtime, opened.row.id, artistId, { mark: text("mark"), message: text("message") });
  if (!outcome.ok && outcome.messageLength !== undefined) {
    const refused: RefusedAnswer = { kind: "refused", message: text("message").replace(/\r\n?/g, "\n"), error: messageTooLong(outcome.messageLength, opened.row.locale === "en" ? "en" : "ko") };
    return data(refused, { status: 400, headers: RECIPIENT_HEADERS });
  }
  const back = text("back") === "package" ? `${castingPackagePath(token)}?answered=1#artist-${artistId}` : `${castingArtistPath(token, artistId)}?answered=1#answer`;
  if (!outcome.ok) return redirect(back.replace("answered=1", "answered=0"), { status: 303, headers: RECIPIENT_HEADERS });
  return redirect(back, { status: 303, headers: RECIPIENT_HEADERS });
}
