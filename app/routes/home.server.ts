import { HOME_CAROUSEL_IMAGES } from "../domain/constants";
import { toResponsiveImage } from "../lib/responsive-image";
import { artistPath } from "../domain/paths";
import { listArtists, pickHomeCarouselImages } from "../server/artists/artist-queries.server";
import type { RequestContext } from "../server/route-kit/context.server";
import { localeOfPattern, localizedPath } from "../domain/locale";

/**
 * The home page (/ and /en): the carousel's slides, each a photo of an artist linking to their profile,
 * with the artist's names under it as the roster shows them: the English name first, the Korean below.
 * The names are the link's text, so the photo's own alt is only a description staff gave it.
 */
export async function loadHome(ctx: RequestContext, pattern: string) {
  const locale = localeOfPattern(pattern);
  const roster = await listArtists(ctx.runtime.db);
  return {
    slides: pickHomeCarouselImages(roster, HOME_CAROUSEL_IMAGES).map(({ artist, image }) => ({
      image: toResponsiveImage(image),
      alt: image.alt,
      href: localizedPath(locale, artistPath(artist.name)),
      caption: artist.nameEn
        ? { title: artist.nameEn, titleLang: locale === "en" ? undefined : "en", subtitle: artist.name, subtitleLang: locale === "en" ? "ko" : undefined }
        : { title: artist.name, titleLang: locale === "en" ? "ko" : undefined },
    })),
  };
}
