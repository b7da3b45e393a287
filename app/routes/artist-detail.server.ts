import { data, redirect } from "react-router";
import { ARTIST_LIST_FIELD_INFO, withArtistEnglishFallbacks, type ArtistEnglish, type ArtistFields } from "../domain/artist-fields";
import { ARTIST_STATUS_LABELS } from "../domain/content-states";
import { localeOfPattern, localizedPath, type Locale } from "../domain/locale";
import type { ArtistProfileView } from "../components/artist-profile";
import { toResponsiveImage } from "../lib/responsive-image";
import { getArtist, type Artist } from "../server/artists/artist-queries.server";
import { artistShareImage } from "../server/media/share-image-store.server";
import { readsUnpublishedContent } from "../server/route-kit/access-gate.server";
import type { RequestContext } from "../server/route-kit/context.server";
import { artistPath } from "../domain/paths";
import { reelName, type Reel } from "../domain/reels";

/**
 * What an artist's profile page shows, from the artist (the public page and the preview). In English
 * each text and list is the English one where it was entered, else the Korean one, marked
 * `lang: "ko"` so the page can say so (never an empty section).
 */
export function artistProfileView(artist: ArtistFields & Pick<Artist, "status" | "images"> & { en?: ArtistEnglish; reels?: Reel[] }, locale: Locale = "ko"): ArtistProfileView {
  const [main, ...gallery] = artist.images;
  const english = locale === "en";
  const { values: englishValues, fellBack } = withArtistEnglishFallbacks(artist, artist.en ?? {});
  const lists = (section: "profile" | "credits") =>
    ARTIST_LIST_FIELD_INFO.filter((f) => f.section === section).map((f) => {
      const translated = english && !fellBack.includes(f);
      const items = english ? (englishValues[f.key] as string[]) : artist[f.key];
      return {
        key: f.key,
        anchor: f.anchor ?? f.key,
        label: english ? f.label.en : f.label.ko,
        title: f.title ?? f.label.ko,
        items,
        lang: english && !translated && items.length > 0 ? ("ko" as const) : null,
      };
    });
  const profileLists = lists("profile");
  const credits = lists("credits");
  const birthday = english ? (englishValues.birthday as string) : artist.birthday;
  return {
    locale,
    name: artist.name,
    nameEn: artist.nameEn,
    birthday,
    height: artist.height,
    socialLink: /^https?:\/\//i.test(artist.socialLink) ? artist.socialLink : "",
    statusLabel: artist.status === "public" ? null : ARTIST_STATUS_LABELS[artist.status],
    profileLists,
    credits,
    koreanFallback: english && [...profileLists, ...credits].some((list) => list.lang === "ko"),
    main: main ? toResponsiveImage(main) : null,
    gallery: gallery.map(toResponsiveImage),
    // Named by their titles, else "{name} 영상 n" in the page's language (decision 046).
    reels: (artist.reels ?? []).map((reel, i) => ({ provider: reel.provider, id: reel.id, name: reelName(reel, i, english && artist.nameEn ? artist.nameEn : artist.name, locale) })),
  };
}

/** /artist/{name}: a public artist's profile; the administrator also opens hidden and draft ones (marked, never cached). */
export async function loadArtistDetail(ctx: RequestContext, pattern: string, name: string) {
  const isAdmin = await readsUnpublishedContent(ctx);
  const artist = await getArtist(ctx.runtime.db, name, isAdmin ? "admin-site" : "public");
  if (!artist) throw data(null, { status: 404 });
  const locale = localeOfPattern(pattern);
  // Another spelling of the stored name (its decomposed form): one address per artist, for readers,
  // caches and search engines alike.
  if (name !== artist.name) throw redirect(localizedPath(locale, artistPath(artist.name)), 301);
  const shareImage = await artistShareImage(ctx.runtime.db, artist, locale);
  return { artist: artistProfileView(artist, locale), shareImage };
}
