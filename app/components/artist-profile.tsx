import { Link } from "react-router";
import { artistEditorPath, PATHS } from "../domain/site-routes";
import type { ResponsiveImage } from "../lib/responsive-image";
import { AdminLinks } from "./admin-links";

/** What the profile shows (app/server/artists/artist-profile.server.ts builds it from an artist). */
export interface ArtistProfileView {
  name: string;
  ename: string;
  birthday: string;
  cm: string;
  insta: string;
  /** Shown to the administrator when the artist is not public ("비공개", "임시 저장"). */
  statusLabel: string | null;
  profileLists: { key: string; label: string; title: string; items: string[] }[];
  credits: { key: string; label: string; title: string; items: string[] }[];
  main: ResponsiveImage | null;
  gallery: ResponsiveImage[];
}

function ListCell({ items }: { items: string[] }) {
  if (items.length === 0) return <>-</>;
  return (
    <ul className="profile-list">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * An artist's profile page (spec §2): main photo, names, profile table, credits and gallery. The public
 * page and the administrator's preview render the same component.
 */
export function ArtistProfile({ artist, adminControls = true }: { artist: ArtistProfileView; adminControls?: boolean }) {
  return (
    <article className="artist-detail">
      <div className="artist-detail__top">
        <div className="artist-detail__photo">
          {artist.main ? (
            <img
              src={artist.main.src}
              srcSet={artist.main.srcSet || undefined}
              sizes="(min-width: 1000px) 480px, 100vw"
              width={artist.main.width}
              height={artist.main.height}
              alt={artist.main.alt || `${artist.name} 프로필 사진`}
              fetchPriority="high"
            />
          ) : null}
        </div>
        <div className="artist-detail__profile">
          <header className="artist-detail__heading">
            <h1 className="artist-detail__name">{artist.name}</h1>
            <p className="artist-detail__ename" lang="en">
              {artist.ename}
            </p>
            {artist.statusLabel ? (
              <p className="artist-detail__status" role="note">
                <span className="status-badge">{artist.statusLabel}</span> 사이트에 공개되지 않은 배우입니다. 관리자에게만 보입니다.
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
          <table className="profile-table">
            <caption className="visually-hidden">{artist.name} 프로필</caption>
            <tbody>
              <tr>
                <th scope="row">생년월일</th>
                <td>{artist.birthday || "-"}</td>
              </tr>
              <tr>
                <th scope="row">키</th>
                <td>{artist.cm ? `${artist.cm}${/^\d+(\.\d+)?$/.test(artist.cm) ? "cm" : ""}` : "-"}</td>
              </tr>
              {artist.profileLists.map((list) => (
                <tr key={list.key}>
                  <th scope="row">{list.label}</th>
                  <td>
                    <ListCell items={list.items} />
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row">SNS</th>
                <td>
                  {artist.insta ? (
                    <a href={artist.insta} target="_blank" rel="noopener noreferrer nofollow">
                      Instagram<span className="visually-hidden"> (새 창)</span>
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
          <section key={credit.key} className="credits__group" aria-labelledby={`credits-${credit.key}`}>
            <h2 id={`credits-${credit.key}`} className="credits__title">
              <span lang="en">{credit.title}</span>
              <span className="credits__label">{credit.label}</span>
            </h2>
            {credit.items.length > 0 ? (
              <ul className="credits__list">
                {credit.items.map((item, i) => (
                  <li key={i}>{item}</li>
                ))}
              </ul>
            ) : (
              <p className="credits__empty">-</p>
            )}
          </section>
        ))}
      </div>

      {artist.gallery.length > 0 ? (
        <section className="gallery" aria-labelledby="gallery-title">
          <h2 id="gallery-title" className="gallery__title">
            GALLERY
          </h2>
          <ul className="gallery__grid">
            {artist.gallery.map((image, i) => (
              <li key={image.src}>
                <img
                  src={image.src}
                  srcSet={image.srcSet || undefined}
                  sizes="(min-width: 1000px) 25vw, 50vw"
                  width={image.width}
                  height={image.height}
                  alt={image.alt || `${artist.name} 사진 ${i + 2}`}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <p className="back-link">
        <Link to={PATHS.artists}>← 배우 목록으로</Link>
      </p>
    </article>
  );
}
