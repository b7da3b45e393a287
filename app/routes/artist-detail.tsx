import { readsUnpublishedContent } from "../server/route-kit/access-gate.server";
import { data, redirect } from "react-router";
import type { Route } from "./+types/artist-detail";
import { ArtistProfile } from "../components/artist-profile";
import { artistPath } from "../domain/site-routes";
import { localeOfPattern, localizedPath } from "../domain/locale";
import { messagesFor } from "../domain/messages";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { personJsonLd } from "../lib/structured-data";
import { artistProfileView } from "./artist-detail.server";
import { getArtist } from "../server/artists/artist-queries.server";
import { getRequestContext } from "../server/route-kit/context.server";
import { artistShareImage } from "../server/media/share-image-store.server";

/** /artist/{name}: a public artist's profile; the administrator also opens hidden and draft ones (marked, never cached). */
export async function loader({ context, params, pattern }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const isAdmin = await readsUnpublishedContent(ctx);
  const artist = await getArtist(ctx.runtime.db, params.name, isAdmin ? "admin-site" : "public");
  if (!artist) throw data(null, { status: 404 });
  const locale = localeOfPattern(pattern);
  // Another spelling of the stored name (its decomposed form): one address per artist, for readers,
  // caches and search engines alike.
  if (params.name !== artist.name) throw redirect(localizedPath(locale, artistPath(artist.name)), 301);
  const shareImage = await artistShareImage(ctx.runtime.db, artist, locale);
  return { artist: artistProfileView(artist, locale), shareImage };
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
