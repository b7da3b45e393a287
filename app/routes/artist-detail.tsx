import { data, Link } from "react-router";
import type { Route } from "./+types/artist-detail";
import { AdminLinks } from "../components/admin-links";
import { ARTIST_LIST_FIELD_INFO } from "../domain/artist-fields";
import { artistEditorPath, artistPath, PATHS } from "../domain/site-routes";
import { toResponsiveImage } from "../lib/responsive-image";
import { rootDataFromMatches } from "../lib/root-data";
import { absoluteUrl, seoMeta } from "../lib/seo";
import { getArtist } from "../server/artists/artist-queries.server";
import { getRequestContext } from "../server/http/context.server";

/** /artist/{name}: a visible artist's profile; the administrator also opens hidden ones (marked, never cached). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const isAdmin = (await ctx.adminSession()) !== null;
  const artist = await getArtist(ctx.runtime.db, params.name, { includeHidden: isAdmin });
  if (!artist) throw data(null, { status: 404 });
  const [main, ...gallery] = artist.images;
  const lists = (section: "profile" | "credits") =>
    ARTIST_LIST_FIELD_INFO.filter((f) => f.section === section).map((f) => ({
      key: f.key,
      label: f.label,
      title: "title" in f ? f.title : f.label,
      items: artist[f.key],
    }));
  return {
    artist: {
      name: artist.name,
      ename: artist.ename,
      birthday: artist.birthday,
      cm: artist.cm,
      insta: /^https?:\/\//i.test(artist.insta) ? artist.insta : "",
      hidden: !artist.isVisible,
      profileLists: lists("profile"),
      credits: lists("credits"),
      main: main ? toResponsiveImage(main) : null,
      gallery: gallery.map(toResponsiveImage),
    },
  };
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
    image: artist.main?.src,
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

export default function ArtistDetail({ loaderData }: Route.ComponentProps) {
  const { artist } = loaderData;
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
              alt={`${artist.name} 프로필 사진`}
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
            {artist.hidden ? (
              <p className="artist-detail__status" role="note">
                <span className="status-badge">비공개</span> 사이트에 공개되지 않은 배우입니다. 관리자에게만 보입니다.
              </p>
            ) : null}
            <AdminLinks
              links={[
                { to: artistEditorPath(artist.name), label: "수정" },
                { to: `${artistEditorPath(artist.name)}?delete`, label: "삭제", danger: true },
              ]}
            />
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
                  alt={`${artist.name} 사진 ${i + 2}`}
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
