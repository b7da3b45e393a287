import type { Route } from "./+types/home";
import { ContactSection } from "../components/contact-section";
import { Logo } from "../components/logo";
import { ScrollTopButton } from "../components/scroll-top-button";
import { Carousel } from "../islands/carousel";
import { HOME_CAROUSEL_IMAGES } from "../domain/constants";
import { toResponsiveImage } from "../lib/responsive-image";
import { rootDataFromMatches, useRootData } from "../lib/root-data";
import { DEFAULT_DESCRIPTION, organizationJsonLd, seoMeta } from "../lib/seo";
import { artistPath } from "../domain/site-routes";
import { listArtists, pickHomeCarouselImages } from "../server/artists/artist-queries.server";
import { getRequestContext } from "../server/http/context.server";
import { EyebrowHeading } from "../components/eyebrow-heading";

export async function loader({ context }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const roster = await listArtists(runtime.db);
  return {
    slides: pickHomeCarouselImages(roster, HOME_CAROUSEL_IMAGES).map(({ artist, image }) => ({
      image: toResponsiveImage(image),
      alt: image.alt || `${artist.name} (${artist.ename})`,
      href: artistPath(artist.name),
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return seoMeta({
    description: DEFAULT_DESCRIPTION,
    path: "/",
    origin: root.origin,
    jsonLd: organizationJsonLd(root.origin, {
      ...root.contact,
      sameAs: [root.social.instagram, root.social.youtube, ...(root.social.blog ? [root.social.blog] : [])],
    }),
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <>
      <ScrollTopButton />
      <div className="spacer" aria-hidden="true" />
      <section className="home-hero" aria-labelledby="home-title">
        <div className="home-hero__logo">
          <Logo title="WE ENTERTAINMENT" />
        </div>
        <div className="home-hero__text">
          <h1 id="home-title" className="home-hero__title">
            Want and Experience
          </h1>
          {/* The intro is a site setting: paragraphs separated by a blank line. */}
          {root.homeIntro.split(/\n\s*\n/).map((paragraph, i) => (
            <p key={i}>{paragraph.trim()}</p>
          ))}
        </div>
      </section>
      <div className="spacer" aria-hidden="true" />
      <section className="home-artists" aria-labelledby="home-artists-title">
        <EyebrowHeading look="section" eyebrow="OUR ACTORS" title="ARTIST" id="home-artists-title" />
        {loaderData.slides.length > 0 ? (
          <Carousel
            slides={loaderData.slides}
            label="소속 배우 사진"
            wideSlides={3}
            sizes="(min-width: 1000px) 33vw, 100vw"
            priority
            className="home-artists__carousel"
          />
        ) : (
          <p className="empty-state">곧 새로운 배우들을 소개해 드리겠습니다.</p>
        )}
      </section>
      <div className="spacer" aria-hidden="true" />
      <ContactSection contact={root.contact} kakaoMapKey={root.kakaoMapKey} />
    </>
  );
}
