import { readsUnpublishedContent } from "../server/route-kit/access-gate.server";
import { artistPath } from "../domain/paths";
import { toResponsiveImage } from "../lib/responsive-image";
import { listArtists } from "../server/artists/artist-queries.server";
import type { RequestContext } from "../server/route-kit/context.server";
import { ARTIST_STATUS_LABELS } from "../domain/content-states";
import { localeOfPattern, localizedPath } from "../domain/locale";
import { messagesFor } from "../domain/messages";

/** /artist (and /en/artist): the roster's cards; the administrator also gets hidden and draft artists, marked. */
export async function loadArtistList(ctx: RequestContext, pattern: string) {
  const locale = localeOfPattern(pattern);
  const t = messagesFor(locale).artists;
  const isAdmin = await readsUnpublishedContent(ctx);
  const roster = await listArtists(ctx.runtime.db, isAdmin ? "admin-site" : "public");
  return {
    artists: roster.map((artist) => {
      // English pages call artists by their English name.
      const shown = locale === "en" && artist.nameEn ? artist.nameEn : artist.name;
      return {
        name: artist.name,
        nameEn: artist.nameEn,
        /** Shown to the administrator when the artist is not public ("비공개", "임시 저장"). */
        statusLabel: artist.status === "public" ? null : ARTIST_STATUS_LABELS[artist.status],
        href: localizedPath(locale, artistPath(artist.name)),
        shown,
        photo: artist.images[0] ? { image: toResponsiveImage(artist.images[0]), alt: artist.images[0].alt || t.mainPhotoAlt(shown) } : null,
      };
    }),
  };
}
