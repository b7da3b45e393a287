import type { Route } from "./+types/home";
import { ContactSection } from "../components/contact-section";
import { Logo } from "../components/logo";
import { ScrollTopButton } from "../components/scroll-top-button";
import { SiteCarousel } from "../components/site-carousel";
import { rootDataFromMatches, useRootData } from "../lib/root-data";
import { DEFAULT_DESCRIPTION, seoMeta } from "../lib/seo";
import { organizationJsonLd } from "../lib/structured-data";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadHome } from "./home.server";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { localeOfPath, localizedPath } from "../domain/locale";
import { messagesFor } from "../domain/messages";
import { useLocale } from "../lib/locale";

export function loader({ context, pattern }: Route.LoaderArgs) {
  return loadHome(getRequestContext(context), pattern);
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const locale = localeOfPath(location.pathname);
  return seoMeta({
    description: locale === "en" ? messagesFor("en").seo.description : DEFAULT_DESCRIPTION,
    path: localizedPath(locale, "/"),
    locale,
    alternates: "/",
    origin: root.origin,
    jsonLd: organizationJsonLd(root, locale),
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const locale = useLocale();
  const t = messagesFor(locale).home;
  const intro = locale === "en" ? root.homeIntroEn : root.homeIntro;
  return (
    <>
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
          {intro.split(/\n\s*\n/).map((paragraph, i) => (
            <p key={i}>{paragraph.trim()}</p>
          ))}
        </div>
      </section>
      <div className="spacer" aria-hidden="true" />
      <section className="home-artists" aria-labelledby="home-artists-title">
        <EyebrowHeading look="section" eyebrow="OUR ACTORS" title="ARTIST" id="home-artists-title" />
        {loaderData.slides.length > 0 ? (
          <SiteCarousel
            slides={loaderData.slides}
            label={t.carouselLabel}
            wideSlides={3}
            sizes="(min-width: 1000px) 33vw, 100vw"
            priority
            className="home-artists__carousel"
          />
        ) : (
          <p className="empty-state">{t.noArtists}</p>
        )}
      </section>
      <div className="spacer" aria-hidden="true" />
      <ContactSection contact={root.contact} kakaoMapKey={root.kakaoMapKey} />
      {/* Last: without JavaScript it is a plain link at the end of the content (global.css). */}
      <ScrollTopButton label={messagesFor(locale).layout.scrollTop} />
    </>
  );
}
