import { useCallback, useEffect, useRef, useState, type ComponentType, type Ref } from "react";
import type SlickSlider from "react-slick";
import type { Settings } from "react-slick";
import { Link } from "react-router";
import "slick-carousel/slick/slick.css";
import type { ResponsiveImage } from "../lib/responsive-image";
import { useMessages } from "../lib/locale";
import { carouselDataJson } from "../enhance/carousel-data";
import { CarouselButtons } from "./carousel-buttons";
import { useCarousel } from "./use-carousel";

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
  const rootRef = useRef<HTMLDivElement>(null);
  const getRoot = useCallback(() => rootRef.current, []);
  const { ready, canSlide, sliderRef, sliderSettings, buttons } = useCarousel({ slideCount: slides.length, wideSlides, root: getRoot });

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

  const images = (list: CarouselSlide[], eagerCount: number) =>
    list.map((slide, i) => <SlideView key={i} slide={slide} sizes={sizes} eager={priority && i < eagerCount} high={priority && i === 0} />);

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
            <Slider ref={sliderRef} {...sliderSettings}>
              {images(slides, 0)}
            </Slider>
          </div>
        ) : null}
      </div>
      {ready && canSlide ? (
        <div className="carousel__controls">
          <CarouselButtons
            {...buttons}
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
