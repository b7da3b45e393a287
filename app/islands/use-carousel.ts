import { useCallback, useEffect, useRef, useState } from "react";
import type SlickSlider from "react-slick";
import type { Settings } from "react-slick";
import { BREAKPOINT_WIDE, CAROUSEL_INTERVAL_MS, CAROUSEL_SPEED_MS } from "../domain/constants";
import { useMediaQuery } from "../lib/use-media-query";

/**
 * The carousel's state and react-slick settings (requirements R3.8: autoplay, speed 2000 ms, interval
 * 2000 ms, infinite, no dots, one slide per step; 1 slide under 1000 px, up to `wideSlides` above; no
 * autoplay and no sliding animation under reduced motion), of the carousel widget (carousel.tsx). `root` gives the carousel's element, whose
 * slides slick hides are made inert.
 */
export function useCarousel({ slideCount, wideSlides, root }: { slideCount: number; wideSlides: number; root: () => HTMLElement | null }) {
  const [ready, setReady] = useState(false);
  const [pausedByUser, setPausedByUser] = useState(false);
  const reducedMotion = useMediaQuery("(prefers-reduced-motion: reduce)", false);
  const wide = useMediaQuery(`(min-width: ${BREAKPOINT_WIDE}px)`, true);
  const sliderRef = useRef<SlickSlider>(null);
  const playing = !pausedByUser && !reducedMotion;
  const slidesToShow = wide ? Math.min(wideSlides, slideCount) : 1;
  const canSlide = slideCount > slidesToShow;

  useEffect(() => {
    if (!ready) return;
    if (playing) sliderRef.current?.slickPlay();
    else sliderRef.current?.slickPause();
  }, [playing, ready]);

  // Slides slick hides (clones, off-screen) must not be reachable by keyboard or screen readers.
  const syncInert = useCallback(() => {
    root()
      ?.querySelectorAll<HTMLElement>(".slick-slide")
      .forEach((slide) => {
        slide.inert = slide.getAttribute("aria-hidden") === "true";
      });
  }, [root]);

  const sliderSettings: Settings = {
    autoplay: playing,
    // Under reduced motion a slide the visitor asks for is there at once, not after a 2 s glide.
    speed: reducedMotion ? 0 : CAROUSEL_SPEED_MS,
    autoplaySpeed: CAROUSEL_INTERVAL_MS,
    infinite: true,
    dots: false,
    arrows: false,
    slidesToShow,
    slidesToScroll: 1,
    pauseOnHover: false,
    // The controls and the swap from the server's images come in the next frame, a task of their own
    // apart from react-slick's set-up (each is a long task on a slow phone).
    onInit: () =>
      requestAnimationFrame(() => {
        setReady(true);
        requestAnimationFrame(syncInert);
      }),
    onReInit: syncInert,
    afterChange: syncInert,
  };

  /** Props of the shared previous / pause-play / next buttons (carousel-buttons.tsx), labels aside. */
  const buttons = {
    onPrevious: () => sliderRef.current?.slickPrev(),
    onNext: () => sliderRef.current?.slickNext(),
    onToggle: () => setPausedByUser((paused) => !paused),
    playing,
    reducedMotion,
  };

  return { ready, canSlide, sliderRef, sliderSettings, buttons };
}
