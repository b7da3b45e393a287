import type { Route } from "./+types/artist-detail";
import { ArtistProfile } from "../components/artist-profile";
import { artistPath } from "../domain/paths";
import { localizedPath } from "../domain/locale";
import { messagesFor } from "../domain/messages";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { personJsonLd } from "../lib/structured-data";
import { loadArtistDetail } from "./artist-detail.server";
import { getRequestContext } from "../server/route-kit/context.server";

/** /artist/{name}: a public artist's profile; the administrator also opens hidden and draft ones (marked, never cached). */
export function loader({ context, params, pattern }: Route.LoaderArgs) {
  return loadArtistDetail(getRequestContext(context), pattern, params.name);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { artist } = loaderData;
  const english = artist.locale === "en";
  const path = localizedPath(artist.locale, artistPath(artist.name));
  const works = artist.credits.flatMap((c) => c.items).slice(0, 3).join(", ");
  return seoMeta({
    title: english ? `${artist.nameEn} ${artist.name}` : `${artist.name} ${artist.nameEn}`,
    description: messagesFor(artist.locale).seo.artistDescription(artist.name, artist.nameEn, works),
    path,
    locale: artist.locale,
    alternates: artistPath(artist.name),
    origin: root.origin,
    image: loaderData.shareImage ?? artist.main?.src,
    type: "profile",
    jsonLd: personJsonLd(root.origin, artist, artist.locale),
  });
}

export default function ArtistDetail({ loaderData }: Route.ComponentProps) {
  return <ArtistProfile artist={loaderData.artist} />;
}
