import { Link } from "react-router";
import type { Route } from "./+types/artist-list";
import { AdminLinks } from "../components/admin-links";
import { artistEditorPath, PATHS } from "../domain/paths";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadArtistList } from "./artist-list.server";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { localeOfPath, localizedPath } from "../domain/locale";
import { messagesFor } from "../domain/messages";
import { useLocale } from "../lib/locale";

/**
 * /artist: the roster, a grid of cards (main photo, English and Korean names, VIEW MORE); each artist's
 * carousel is on their profile (decision 042). The administrator also sees hidden artists, marked as such
 * (never cached).
 */
export function loader({ context, pattern }: Route.LoaderArgs) {
  return loadArtistList(getRequestContext(context), pattern);
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const locale = localeOfPath(location.pathname);
  const names = loaderData?.artists.filter((a) => a.statusLabel === null).map((a) => a.shown).join(", ") ?? "";
  return seoMeta({
    title: "ARTIST",
    description: messagesFor(locale).seo.artistsDescription(names),
    path: localizedPath(locale, PATHS.artists),
    locale,
    alternates: PATHS.artists,
    origin: root.origin,
    image: loaderData?.artists.find((a) => a.statusLabel === null)?.photo?.image.src,
  });
}

export default function ArtistList({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const t = messagesFor(locale).artists;
  const english = locale === "en";
  return (
    <section className="artist-list" aria-labelledby="artist-list-title">
      <EyebrowHeading look="page" eyebrow="OUR ACTORS" title="ARTIST" id="artist-list-title">
        <AdminLinks links={[{ to: artistEditorPath(), label: "배우 등록" }]} />
      </EyebrowHeading>
      {loaderData.artists.length === 0 ? (
        <p className="empty-state">{messagesFor(locale).home.noArtists}</p>
      ) : (
        <ul className="artist-grid">
          {loaderData.artists.map((artist, index) => (
            <li key={artist.name} className={artist.statusLabel ? "artist-card is-hidden" : "artist-card"}>
              {/* The roster is a grid of cards: each shows the main photo; the artist's carousel is on the profile (decision 042). */}
              {artist.photo ? (
                <img
                  className="artist-card__photo"
                  src={artist.photo.image.src}
                  srcSet={artist.photo.image.srcSet || undefined}
                  sizes="(min-width: 1000px) 25vw, (min-width: 600px) 33vw, 50vw"
                  width={artist.photo.image.width}
                  height={artist.photo.image.height}
                  alt={artist.photo.alt}
                  loading={index < 4 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : undefined}
                  decoding="async"
                />
              ) : (
                <div className="artist-card__no-photo" aria-hidden="true">
                  WE
                </div>
              )}
              <div className="artist-card__text">
                {artist.statusLabel ? (
                  <p className="artist-card__status">
                    <span className="status-badge">{artist.statusLabel}</span> {t.onlyAdmin}
                  </p>
                ) : null}
                <h2 className="artist-card__ename" lang="en">
                  {artist.nameEn}
                </h2>
                <p className="artist-card__name" lang={english ? "ko" : undefined}>
                  {artist.name}
                </p>
                <Link to={artist.href} className="artist-card__more">
                  VIEW MORE<span className="visually-hidden"> {t.viewMore(artist.shown)}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
