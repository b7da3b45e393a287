import { useCallback, useEffect, useRef, useState, type ComponentType, type Ref } from "react";
import type SlickSlider from "react-slick";
import type { Settings } from "react-slick";
import { Link } from "react-router";
import "slick-carousel/slick/slick.css";
import { BREAKPOINT_WIDE, CAROUSEL_INTERVAL_MS, CAROUSEL_SPEED_MS } from "../domain/constants";
import type { ResponsiveImage } from "../lib/responsive-image";
import { useMediaQuery } from "../lib/use-media-query";
import { useMessages } from "../lib/locale";
import { carouselDataJson } from "../enhance/carousel-data";
import { CarouselButtons } from "./carousel-buttons";

export interface CarouselSlide {
  image: ResponsiveImage;
  alt: string;
  /** When set, the slide links there. */
  href?: string;
}

interface CarouselProps {
  slides: CarouselSlide[];
  /** Accessible name of the carousel region. */
  label: string;
  /** Slides visible at 1000 px and wider (1 below, spec §9). */
  wideSlides: 1 | 3;
  sizes: string;
  /** The first visible slides are above the fold: load them eagerly, the first with high priority. */
  priority?: boolean;
  className?: string;
}

type SliderComponent = ComponentType<Settings & { ref?: Ref<SlickSlider> }>;

/**
 * Image carousel (spec §2, §9: autoplay, speed 2000 ms, interval 2000 ms, infinite, no dots, one slide
 * per step). The server renders the first visible slides as plain images; react-slick is loaded after
 * hydration and takes over once initialized, so nothing shifts. Pausable; no autoplay when the user
 * prefers reduced motion. Visitors' pages are not hydrated (decision 027): there
 * app/enhance/carousel.tsx does the same from the slides' JSON rendered here.
 */
export function Carousel({ slides, label, wideSlides, sizes, priority = false, className }: CarouselProps) {
  const [Slider, setSlider] = useState<SliderComponent | null>(null);
  const t = useMessages().layout;
  const [ready, setReady] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)", false);
  const wide = useMediaQuery(`(min-width: ${BREAKPOINT_WIDE}px)`, true);
  const sliderRef = useRef<SlickSlider>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const playing = !pausedByUser && !reducedMotion;
  const slidesToShow = wide ? Math.min(wideSlides, slides.length) : 1;

  useEffect(() => {
    let live = true;
    import("react-slick").then((mod) => {
      // react-slick is CommonJS: its component is `default`, sometimes nested once more.
      const exported = mod.default as unknown as SliderComponent | { default: SliderComponent };
      if (live) setSlider(() => ("default" in exported ? exported.default : exported));
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!ready) return;
    if (playing) sliderRef.current?.slickPlay();
    else sliderRef.current?.slickPause();
  }, [playing, ready]);

  // Slides slick hides (clones, off-screen) must not be reachable by keyboard or screen readers.
  const syncInert = useCallback(() => {
    rootRef.current?.querySelectorAll<HTMLElement>(".slick-slide").forEach((slide) => {
      slide.inert = slide.getAttribute("aria-hidden") === "true";
    });
  }, []);

  const images = (list: CarouselSlide[], eagerCount: number) =>
    list.map((slide, i) => <SlideView key={i} slide={slide} sizes={sizes} eager={priority && i < eagerCount} high={priority && i === 0} />);

  const canSlide = slides.length > slidesToShow;
  return (
    <div
      ref={rootRef}
      className={`carousel carousel--${wideSlides}${ready ? " is-ready" : ""}${className ? ` ${className}` : ""}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
    >
      <script
        type="application/json"
        className="carousel__data"
        // Static JSON (escaped for a script element), the same on the server and in the browser.
        dangerouslySetInnerHTML={{
          __html: carouselDataJson({
            slides,
            wideSlides,
            sizes,
            labels: { previous: t.previousPhoto, next: t.nextPhoto, pause: t.pauseCarousel, play: t.playCarousel },
          }),
        }}
      />
      <div className="carousel__stage">
        <div className="carousel__static" aria-hidden={ready || undefined}>
          {images(slides.slice(0, wideSlides), wideSlides)}
        </div>
        {Slider && canSlide ? (
          <div className="carousel__slick">
            <Slider
              ref={sliderRef}
              autoplay={playing}
              speed={CAROUSEL_SPEED_MS}
              autoplaySpeed={CAROUSEL_INTERVAL_MS}
              infinite
              dots={false}
              arrows={false}
              slidesToShow={slidesToShow}
              slidesToScroll={1}
              pauseOnHover={false}
              onInit={() => {
                setReady(true);
                requestAnimationFrame(syncInert);
              }}
              onReInit={syncInert}
              afterChange={syncInert}
            >
              {images(slides, 0)}
            </Slider>
          </div>
        ) : null}
      </div>
      {ready && canSlide ? (
        <div className="carousel__controls">
          <CarouselButtons
            onPrevious={() => sliderRef.current?.slickPrev()}
            onNext={() => sliderRef.current?.slickNext()}
            onToggle={() => setPausedByUser((p) => !p)}
            playing={playing}
            reducedMotion={reducedMotion}
            labels={{ previous: t.previousPhoto, next: t.nextPhoto, pause: t.pauseCarousel, play: t.playCarousel }}
          />
        </div>
      ) : null}
    </div>
  );
}

function SlideView({ slide, sizes, eager, high }: { slide: CarouselSlide; sizes: string; eager: boolean; high: boolean }) {
  const img = (
    <img
      src={slide.image.src}
      srcSet={slide.image.srcSet || undefined}
      sizes={slide.image.srcSet ? sizes : undefined}
      width={slide.image.width}
      height={slide.image.height}
      alt={slide.alt}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={high ? "high" : undefined}
      decoding="async"
      draggable={false}
    />
  );
  return <div className="carousel__slide">{slide.href ? <Link to={slide.href}>{img}</Link> : img}</div>;
}
