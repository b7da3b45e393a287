import { Link } from "react-router";
import type { Route } from "./+types/artist-list";
import { AdminLinks } from "../components/admin-links";
import { Carousel } from "../islands/carousel";
import { artistEditorPath, artistPath, PATHS } from "../domain/site-routes";
import { toResponsiveImage } from "../lib/responsive-image";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { listArtists } from "../server/artists/artist-queries.server";
import { getRequestContext } from "../server/http/context.server";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { ARTIST_STATUS_LABELS } from "../domain/content-states";

/** /artist: the roster. The administrator also sees hidden artists, marked as such (never cached). */
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const isAdmin = (await ctx.adminSession()) !== null;
  const roster = await listArtists(ctx.runtime.db, isAdmin ? "admin-site" : "public");
  return {
    artists: roster.map((artist) => ({
      name: artist.name,
      ename: artist.ename,
      /** Shown to the administrator when the artist is not public ("비공개", "임시 저장"). */
      statusLabel: artist.status === "public" ? null : ARTIST_STATUS_LABELS[artist.status],
      href: artistPath(artist.name),
      slides: artist.images.map((image, i) => ({
        image: toResponsiveImage(image),
        alt: image.alt || (i === 0 ? `${artist.name} 프로필 사진` : `${artist.name} 사진 ${i + 1}`),
      })),
    })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const names = loaderData?.artists.filter((a) => a.statusLabel === null).map((a) => a.name).join(", ") ?? "";
  return seoMeta({
    title: "ARTIST",
    description: `WE ENTERTAINMENT 소속 배우를 소개합니다. ${names}`,
    path: PATHS.artists,
    origin: root.origin,
    image: loaderData?.artists.find((a) => a.statusLabel === null)?.slides[0]?.image.src,
  });
}

export default function ArtistList({ loaderData }: Route.ComponentProps) {
  return (
    <section className="artist-list" aria-labelledby="artist-list-title">
      <EyebrowHeading look="page" eyebrow="OUR ACTORS" title="ARTIST" id="artist-list-title">
        <AdminLinks links={[{ to: artistEditorPath(), label: "배우 등록" }]} />
      </EyebrowHeading>
      {loaderData.artists.length === 0 ? (
        <p className="empty-state">곧 새로운 배우들을 소개해 드리겠습니다.</p>
      ) : (
        <ul className="artist-grid">
          {loaderData.artists.map((artist, index) => (
            <li key={artist.name} className={artist.statusLabel ? "artist-card is-hidden" : "artist-card"}>
              {artist.slides.length > 0 ? (
                <Carousel
                  slides={artist.slides}
                  label={`${artist.name} 사진`}
                  wideSlides={1}
                  sizes="(min-width: 1000px) 33vw, (min-width: 600px) 50vw, 100vw"
                  priority={index < 3}
                />
              ) : (
                <div className="artist-card__no-photo" aria-hidden="true">
                  WE
                </div>
              )}
              <div className="artist-card__text">
                {artist.statusLabel ? (
                  <p className="artist-card__status">
                    <span className="status-badge">{artist.statusLabel}</span> 관리자에게만 보입니다
                  </p>
                ) : null}
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
