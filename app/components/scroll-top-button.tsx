import { useEffect, useRef, useState } from "react";
import { widgetRoot } from "../widgets/widget-root";

/** How far down (px) the visitor has scrolled before the button shows. */
export const SCROLL_TOP_THRESHOLD = 200;

/** What a visitor can press or type into: the button must never sit over one of these. */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

/**
 * Whether a control of the page lies under the button's box (its middle or a corner), which the
 * button would cover: a tap there must reach the control, not jump to the top.
 */
function coversAControl(button: HTMLElement): boolean {
  const box = button.getBoundingClientRect();
  const points = [
    [0.5, 0.5],
    [0.15, 0.15],
    [0.85, 0.15],
    [0.15, 0.85],
    [0.85, 0.85],
  ].map(([fx, fy]) => [box.left + box.width * fx!, box.top + box.height * fy!] as const);
  return points.some(([x, y]) => document.elementsFromPoint(x, y).some((el) => !button.contains(el) && el.closest(CONTROLS) !== null));
}

/**
 * Back-to-top button (60 px, 50 px under 768 px; requirements R3.7), shown once the visitor has scrolled down.
 * It is rendered hidden, so nothing flashes before it runs; without JavaScript the stylesheet shows
 * it anyway (`@media (scripting: none)`), at the end of the page's content rather than floating, and it
 * is a plain link to the top. It steps aside (hides) while a control of the page is under it, so it
 * never covers one (a carousel's next button, a link). It scrolls smoothly unless reduced motion is
 * preferred, and puts focus on the main content. One implementation (decision 038).
 */
export function ScrollTopButton({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD && !(ref.current && coversAControl(ref.current))));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);
  return (
    <a
      ref={ref}
      href="#top"
      className={visible ? "scroll-top" : "scroll-top is-hidden"}
      aria-label={label}
      {...widgetRoot("scroll-top", { label })}
      onClick={(event) => {
        event.preventDefault();
        const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 14l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.4" />
      </svg>
    </a>
  );
}
