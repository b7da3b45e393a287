import { useCallback, useEffect } from "react";
import { createPortal } from "react-dom";
import { createRoot } from "react-dom/client";
import SlickSlider from "react-slick";
import type { CarouselData } from "./carousel-data";
import { CarouselButtons } from "../islands/carousel-buttons";
import { useCarousel } from "../islands/use-carousel";

/**
 * The carousel island of public pages (decision 027): app/islands/carousel.tsx's react-slick carousel
 * (spec §2, §9: autoplay, speed 2000 ms, interval 2000 ms, infinite, no dots, one slide per step; 1
 * slide under 1000 px, up to 3 above), written against React's API and bundled with preact/compat
 * (scripts/build-enhance.ts), so a page with a carousel loads ~25 KB instead of React DOM and React
 * Router. The server-rendered first slides stay until slick has initialized, then hide (no layout
 * shift); the controls (previous, pause/play, next) appear then. No autoplay under reduced motion.
 */

// react-slick is CommonJS: its component is `default`, sometimes nested once more.
const Slider = ((SlickSlider as unknown as { default?: typeof SlickSlider }).default ?? SlickSlider) as typeof SlickSlider;

function CarouselIsland({ root, data, controls }: { root: HTMLElement; data: CarouselData; controls: HTMLElement }) {
  const getRoot = useCallback(() => root, [root]);
  const { ready, canSlide, sliderRef, sliderSettings, buttons } = useCarousel({ slideCount: data.slides.length, wideSlides: data.wideSlides, root: getRoot });

  useEffect(() => {
    root.classList.toggle("is-ready", ready);
    const staticSlides = root.querySelector(".carousel__static");
    if (ready) staticSlides?.setAttribute("aria-hidden", "true");
    else staticSlides?.removeAttribute("aria-hidden");
    if (ready && canSlide) root.append(controls);
    else controls.remove();
  }, [ready, canSlide, root, controls]);

  if (!canSlide) return null;
  const { labels } = data;
  return (
    <>
      <Slider ref={sliderRef} {...sliderSettings}>
        {data.slides.map((slide, i) => {
          const img = (
            <img
              src={slide.image.src}
              srcSet={slide.image.srcSet || undefined}
              sizes={slide.image.srcSet ? data.sizes : undefined}
              width={slide.image.width}
              height={slide.image.height}
              alt={slide.alt}
              loading="lazy"
              decoding="async"
              draggable={false}
            />
          );
          return (
            <div key={i} className="carousel__slide">
              {slide.href ? <a href={slide.href}>{img}</a> : img}
            </div>
          );
        })}
      </Slider>
      {ready
        ? createPortal(
            <CarouselButtons {...buttons} labels={labels} />,
            controls,
          )
        : null}
    </>
  );
}

function mountCarousel(root: HTMLElement): void {
  const json = root.querySelector("script.carousel__data")?.textContent;
  const stage = root.querySelector(".carousel__stage");
  if (!json || !stage) return;
  const data = JSON.parse(json) as CarouselData;
  const slick = document.createElement("div");
  slick.className = "carousel__slick";
  stage.append(slick);
  const controls = document.createElement("div");
  controls.className = "carousel__controls";
  createRoot(slick).render(<CarouselIsland root={root} data={data} controls={controls} />);
}

/**
 * Turns each server-rendered carousel into a react-slick one when it comes near the viewport: the
 * artist list has one per artist, and each costs a few layouts of the page; off-screen ones would only
 * turn unseen.
 */
export function mountCarousels(roots: Iterable<HTMLElement>): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        mountCarousel(entry.target as HTMLElement);
      }
    },
    { rootMargin: "200px 0px" },
  );
  for (const root of roots) observer.observe(root);
}
