import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode, type Ref } from "react";
import type SlickSlider from "react-slick";
import type { Settings } from "react-slick";
import "slick-carousel/slick/slick.css";
import type { Messages } from "../domain/messages";
import type { ResponsiveImage } from "../lib/responsive-image";
import { widgetRoot } from "../widgets/widget-root";
import { CarouselButtons } from "./carousel-buttons";
import { useCarousel } from "./use-carousel";

export interface CarouselSlide {
  image: ResponsiveImage;
  alt: string;
  /** When set, the slide links there. */
  href?: string;
  /**
   * A visible caption under the photo (the home carousel: the artist's names, as the roster shows them).
   * `lang` marks the line not in the page's language.
   */
  caption?: { title: string; titleLang?: string; subtitle?: string; subtitleLang?: string };
}

export interface CarouselLabels {
  previous: string;
  next: string;
  pause: string;
  play: string;
}

/** A slide's link: a plain `<a>` on visitors' pages, React Router's `<Link>` in the administrator's app. */
export type SlideLink = ComponentType<{ href: string; children: ReactNode }>;

export interface CarouselProps {
  slides: CarouselSlide[];
  /** Accessible name of the carousel region. */
  label: string;
  /** Slides visible at 1000 px and wider (1 below, requirements R3.8). */
  wideSlides: 1 | 3;
  sizes: string;
  labels: CarouselLabels;
  /** The first visible slides are above the fold: load them eagerly, the first with high priority. */
  priority?: boolean;
  className?: string;
  /** Not part of the widget's JSON: the server and the administrator's app pass React Router's link. */
  link?: SlideLink;
}

/** The controls' labels in the page's language. */
export function carouselLabels(layout: Messages["layout"]): CarouselLabels {
  return { previous: layout.previousPhoto, next: layout.nextPhoto, pause: layout.pauseCarousel, play: layout.playCarousel };
}

type SliderComponent = ComponentType<Settings & { ref?: Ref<SlickSlider> }>;

const PlainLink: SlideLink = ({ href, children }) => <a href={href}>{children}</a>;

/** Runs `work` when the browser is idle, within a second. */
function whenIdle(work: () => void): void {
  if ("requestIdleCallback" in window) requestIdleCallback(work, { timeout: 1000 });
  else setTimeout(work, 0);
}

/**
 * Resolves once `root` is within 200 px of the viewport and the page has loaded and the browser is idle:
 * the first slides are already on screen (server-rendered), and setting up react-slick lays the page out
 * several times, which must not hold up the first images or the first input (an off-screen carousel
 * would only turn unseen).
 */
function whenNearAndIdle(root: HTMLElement, run: () => void): () => void {
  let cancelled = false;
  const go = () => {
    if (!cancelled) run();
  };
  const idle = () => whenIdle(go);
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      if (document.readyState === "complete") idle();
      else window.addEventListener("load", idle, { once: true });
    },
    { rootMargin: "200px 0px" },
  );
  observer.observe(root);
  return () => {
    cancelled = true;
    observer.disconnect();
    window.removeEventListener("load", idle);
  };
}

/**
 * Image carousel (requirements R3.8: autoplay, speed 2000 ms, interval 2000 ms, infinite, no dots, one slide
 * per step), a widget (decision 038): the server renders the first visible slides as plain images and
 * the props as JSON; the administrator's React app hydrates it, and visitors' pages through the
 * enhancement script on preact/compat. react-slick is loaded when the carousel comes near the viewport
 * and takes over once initialized, so nothing shifts; the controls (previous, pause/play, next) appear
 * then. Pausable; no autoplay when the user prefers reduced motion.
 */
export function Carousel({ slides, label, wideSlides, sizes, labels, priority = false, className, link: Link = PlainLink }: CarouselProps) {
  const [Slider, setSlider] = useState<SliderComponent | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const getRoot = useCallback(() => rootRef.current, []);
  const { ready, canSlide, sliderRef, sliderSettings, buttons } = useCarousel({ slideCount: slides.length, wideSlides, root: getRoot });

  useEffect(() => {
    if (!rootRef.current) return;
    return whenNearAndIdle(rootRef.current, () => {
      void import("react-slick").then((mod) => {
        // react-slick is CommonJS: its component is `default`, sometimes nested once more.
        const exported = mod.default as unknown as SliderComponent | { default: SliderComponent };
        // Set up in a later idle moment: evaluating the module and laying out the slides are each
        // a long task on a slow phone; together they would hold the page for twice as long.
        whenIdle(() => setSlider(() => ("default" in exported ? exported.default : exported)));
      });
    });
  }, []);

  const images = (list: CarouselSlide[], eagerCount: number) =>
    list.map((slide, i) => <SlideView key={i} slide={slide} sizes={sizes} eager={priority && i < eagerCount} high={priority && i === 0} link={Link} />);

  return (
    <div
      ref={rootRef}
      className={`carousel carousel--${wideSlides}${slides.some((slide) => slide.caption) ? " carousel--captioned" : ""}${ready ? " is-ready" : ""}${className ? ` ${className}` : ""}`}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      {...widgetRoot("carousel", { slides, label, wideSlides, sizes, labels, priority, className })}
    >
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
          <CarouselButtons {...buttons} labels={labels} />
        </div>
      ) : null}
    </div>
  );
}

function SlideView({ slide, sizes, eager, high, link: Link }: { slide: CarouselSlide; sizes: string; eager: boolean; high: boolean; link: SlideLink }) {
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
  const caption = slide.caption ? (
    <span className="carousel__caption">
      <span className="carousel__caption-title" lang={slide.caption.titleLang}>
        {slide.caption.title}
      </span>
      {slide.caption.subtitle ? (
        <span className="carousel__caption-subtitle" lang={slide.caption.subtitleLang}>
          {slide.caption.subtitle}
        </span>
      ) : null}
    </span>
  ) : null;
  const content = (
    <>
      {img}
      {caption}
    </>
  );
  return <div className="carousel__slide">{slide.href ? <Link href={slide.href}>{content}</Link> : content}</div>;
}
