import { Link } from "react-router";
import type { Route } from "./+types/artist-list";
import { AdminLinks } from "../components/admin-links";
import { Carousel } from "../islands/carousel";
import { toResponsiveImage } from "../lib/responsive-image";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { listPublicArtists } from "../server/artists/artists.server";
import { getRequestContext } from "../server/http/context.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const roster = await listPublicArtists(runtime.db);
  return {
    artists: roster.map((artist) => ({
      name: artist.name,
      ename: artist.ename,
      href: `/artist/${encodeURIComponent(artist.name)}`,
      slides: artist.images.map((image, i) => ({
        image: toResponsiveImage(image),
        alt: i === 0 ? `${artist.name} 프로필 사진` : `${artist.name} 사진 ${i + 1}`,
      })),
    })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const names = loaderData?.artists.map((a) => a.name).join(", ") ?? "";
  return seoMeta({
    title: "ARTIST",
    description: `WE ENTERTAINMENT 소속 배우를 소개합니다. ${names}`,
    path: "/artist",
    origin: root.origin,
    image: loaderData?.artists[0]?.slides[0]?.image.src,
  });
}

export default function ArtistList({ loaderData }: Route.ComponentProps) {
  return (
    <section className="artist-list" aria-labelledby="artist-list-title">
      <header className="page-heading">
        <p className="page-heading__eyebrow">OUR ACTORS</p>
        <h1 id="artist-list-title" className="page-heading__title">
          ARTIST
        </h1>
        <AdminLinks links={[{ to: "/adminActor", label: "배우 등록" }]} />
      </header>
      {loaderData.artists.length === 0 ? (
        <p className="empty-state">곧 새로운 배우들을 소개해 드리겠습니다.</p>
      ) : (
        <ul className="artist-grid">
          {loaderData.artists.map((artist, index) => (
            <li key={artist.name} className="artist-card">
              <Carousel
                slides={artist.slides}
                label={`${artist.name} 사진`}
                wideSlides={1}
                sizes="(min-width: 1000px) 33vw, (min-width: 600px) 50vw, 100vw"
                priority={index < 3}
              />
              <div className="artist-card__text">
                <h2 className="artist-card__ename" lang="en">
                  {artist.ename}
                </h2>
                <p className="artist-card__name">{artist.name}</p>
                <Link to={artist.href} className="artist-card__more">
                  VIEW MORE<span className="visually-hidden"> {artist.name} 프로필</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
