import { Link } from "react-router";
import { artistEditorPath, PATHS } from "../domain/paths";
import type { ResponsiveImage } from "../lib/responsive-image";
import { AdminLinks } from "./admin-links";
import { localizedPath, type Locale } from "../domain/locale";
import { messagesFor } from "../domain/messages";
import { ProfilePdfLink } from "./profile-pdf-link";
import { TitledSection } from "./titled-section";
import { SiteCarousel } from "./site-carousel";
import { largestImageUrl, PhotoLightbox } from "../islands/photo-lightbox";
import { ReelPlayer, type ReelPlayerItem } from "../islands/reel-player";

/** What the profile shows (app/routes/artist-detail.server.ts builds it from an artist). */
export interface ArtistProfileView {
  /** The page's language. */
  locale: Locale;
  name: string;
  nameEn: string;
  birthday: string;
  height: string;
  socialLink: string;
  /** Shown to the administrator when the artist is not public ("비공개", "임시 저장"). */
  statusLabel: string | null;
  /** `lang: "ko"`: an English page showing the Korean entries, which have no English version yet. */
  profileLists: { key: string; label: string; title: string; items: string[]; lang: "ko" | null }[];
  /** `anchor`: the section's id on the page. */
  credits: { key: string; anchor: string; label: string; title: string; items: string[]; lang: "ko" | null }[];
  /** An English page with some of the profile shown in Korean (it says so). */
  koreanFallback: boolean;
  main: ResponsiveImage | null;
  gallery: ResponsiveImage[];
  /** Showreels, in order (decision 046); absent in views made before them. */
  reels?: ReelPlayerItem[];
}

function ListCell({ items, lang }: { items: string[]; lang: "ko" | null }) {
  if (items.length === 0) return <>-</>;
  return (
    <ul className="profile-list" lang={lang ?? undefined}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * An artist's profile page (requirements R5.3): main photo (the artist's carousel when there are more photos,
 * decision 042), names, profile table, credits and gallery (photos that open large). The public page and
 * the administrator's preview render the same component.
 */
export function ArtistProfile({ artist, adminControls = true }: { artist: ArtistProfileView; adminControls?: boolean }) {
  const english = artist.locale === "en";
  const t = messagesFor(artist.locale).artists;
  // English pages lead with the English name; the Korean one follows.
  const [primary, secondary] = english && artist.nameEn ? [artist.nameEn, artist.name] : [artist.name, artist.nameEn];
  const galleryPhotos = artist.gallery.map((image, i) => ({ image, alt: image.alt || t.photoAlt(primary, i + 2), large: largestImageUrl(image) }));
  const slides = artist.main ? [{ image: artist.main, alt: artist.main.alt || t.mainPhotoAlt(primary) }, ...galleryPhotos.map(({ image, alt }) => ({ image, alt }))] : [];
  return (
    <article className="artist-detail">
      <div className="artist-detail__top">
        <div className="artist-detail__photo">
          {slides.length > 1 ? (
            // The artist's carousel (requirements R5.3: the per-artist carousel, moved here from the roster by decision 042).
            <SiteCarousel slides={slides} label={t.carouselLabel(primary)} wideSlides={1} sizes="(min-width: 1000px) 480px, 100vw" priority />
          ) : artist.main ? (
            <img
              src={artist.main.src}
              srcSet={artist.main.srcSet || undefined}
              sizes="(min-width: 1000px) 480px, 100vw"
              width={artist.main.width}
              height={artist.main.height}
              alt={artist.main.alt || t.mainPhotoAlt(primary)}
              fetchPriority="high"
            />
          ) : null}
        </div>
        <div className="artist-detail__profile">
          <header className="artist-detail__heading">
            <h1 className="artist-detail__name" lang={english && artist.nameEn ? "en" : undefined}>
              {primary}
            </h1>
            <p className="artist-detail__ename" lang={english ? "ko" : "en"}>
              {secondary}
            </p>
            {adminControls ? <ProfilePdfLink name={artist.name} locale={artist.locale} /> : null}
            {artist.statusLabel ? (
              <p className="artist-detail__status" role="note">
                <span className="status-badge">{artist.statusLabel}</span> {t.notPublic}
              </p>
            ) : null}
            {adminControls ? (
              <AdminLinks
                links={[
                  { to: artistEditorPath(artist.name), label: "수정" },
                  { to: `${artistEditorPath(artist.name)}?delete`, label: "삭제", danger: true },
                ]}
              />
            ) : null}
          </header>
          {artist.koreanFallback ? (
            <p className="artist-detail__note" role="note">
              {t.koreanOnlyNote}
            </p>
          ) : null}
          <table className="profile-table">
            <caption className="visually-hidden">{t.profileCaption(primary)}</caption>
            <tbody>
              <tr>
                <th scope="row">{t.birthday}</th>
                <td>{artist.birthday || "-"}</td>
              </tr>
              <tr>
                <th scope="row">{t.height}</th>
                <td>{artist.height ? `${artist.height}${/^\d+(\.\d+)?$/.test(artist.height) ? "cm" : ""}` : "-"}</td>
              </tr>
              {artist.profileLists.map((list) => (
                <tr key={list.key}>
                  <th scope="row">{list.label}</th>
                  <td>
                    <ListCell items={list.items} lang={list.lang} />
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t.sns}</th>
                <td>
                  {artist.socialLink ? (
                    <a href={artist.socialLink} target="_blank" rel="noopener noreferrer nofollow">
                      Instagram<span className="visually-hidden"> {t.newWindow}</span>
                    </a>
                  ) : (
                    "-"
                  )}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      </div>

      <div className="credits">
        {artist.credits.map((credit) => (
          <TitledSection
            key={credit.key}
            id={credit.anchor}
            className="credits__group"
            titleClassName="credits__title"
            title={
              <>
                <span lang="en">{credit.title}</span>
                <span className="credits__label">{credit.label}</span>
              </>
            }
          >
            {credit.items.length > 0 ? (
              <ul className="credits__list" lang={credit.lang ?? undefined}>
                {credit.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            ) : (
              <p className="credits__empty">-</p>
            )}
          </TitledSection>
        ))}
      </div>

      {artist.reels && artist.reels.length > 0 ? (
        <TitledSection id="reels-title" className="reels-section" titleClassName="gallery__title" title={t.reels}>
          <ReelPlayer reels={artist.reels} locale={artist.locale} />
        </TitledSection>
      ) : null}

      {artist.gallery.length > 0 ? (
        <TitledSection id="gallery-title" className="gallery" titleClassName="gallery__title" title="GALLERY">
          <PhotoLightbox photos={galleryPhotos} sizes="(min-width: 1000px) 25vw, 50vw" labels={t.lightbox} />
        </TitledSection>
      ) : null}

      <p className="back-link">
        <Link to={localizedPath(artist.locale, PATHS.artists)}>{t.backToList}</Link>
      </p>
    </article>
  );
}
