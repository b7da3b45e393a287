import { HOME_CAROUSEL_IMAGES } from "../domain/constants";
import { toResponsiveImage } from "../lib/responsive-image";
import { artistPath } from "../domain/paths";
import { listArtists, pickHomeCarouselImages } from "../server/artists/artist-queries.server";
import type { RequestContext } from "../server/route-kit/context.server";
import { localeOfPattern, localizedPath } from "../domain/locale";

/** The home page (/ and /en): the carousel's slides, each a photo of an artist linking to their profile. */
export async function loadHome(ctx: RequestContext, pattern: string) {
  const locale = localeOfPattern(pattern);
  const roster = await listArtists(ctx.runtime.db);
  return {
    slides: pickHomeCarouselImages(roster, HOME_CAROUSEL_IMAGES).map(({ artist, image }) => ({
      image: toResponsiveImage(image),
      alt: image.alt || (locale === "en" && artist.nameEn ? `${artist.nameEn} (${artist.name})` : `${artist.name} (${artist.nameEn})`),
      href: localizedPath(locale, artistPath(artist.name)),
    })),
  };
}
