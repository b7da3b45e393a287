import { data } from "react-router";
import type { Route } from "./+types/artist-detail";
import { ArtistProfile } from "../components/artist-profile";
import { localeOfPath } from "../domain/locale";
import { artistPath } from "../domain/site-routes";
import { rootDataFromMatches } from "../lib/root-data";
import { absoluteUrl, seoMeta } from "../lib/seo";
import { artistProfileView } from "../server/artists/artist-profile.server";
import { getArtist } from "../server/artists/artist-queries.server";
import { getRequestContext } from "../server/http/context.server";
import { artistShareImage } from "../server/media/share-image-store.server";

/** /artist/{name}: a public artist's profile; the administrator also opens hidden and draft ones (marked, never cached). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const isAdmin = (await ctx.adminSession()) !== null;
  const artist = await getArtist(ctx.runtime.db, params.name, isAdmin ? "admin-site" : "public");
  if (!artist) throw data(null, { status: 404 });
  const shareImage = await artistShareImage(ctx.runtime.db, artist, localeOfPath(new URL(request.url).pathname));
  return { artist: artistProfileView(artist), shareImage };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { artist } = loaderData;
  const path = artistPath(artist.name);
  const works = artist.credits.flatMap((c) => c.items).slice(0, 3).join(", ");
  return seoMeta({
    title: `${artist.name} ${artist.ename}`,
    description: `WE ENTERTAINMENT 소속 배우 ${artist.name}(${artist.ename}) 프로필. ${works}`,
    path,
    origin: root.origin,
    image: loaderData.shareImage ?? artist.main?.src,
    type: "profile",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      name: artist.name,
      alternateName: artist.ename,
      jobTitle: "배우",
      url: absoluteUrl(root.origin, path),
      ...(artist.main ? { image: absoluteUrl(root.origin, artist.main.src) } : {}),
      ...(artist.insta ? { sameAs: [artist.insta] } : {}),
      worksFor: { "@type": "Organization", name: "WE ENTERTAINMENT" },
    },
  });
}

export default function ArtistDetail({ loaderData }: Route.ComponentProps) {
  return <ArtistProfile artist={loaderData.artist} />;
}
