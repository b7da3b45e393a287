import { useEffect, useState } from "react";
import { widgetRoot } from "../widgets/widget-root";

/** How far down (px) the visitor has scrolled before the button shows. */
export const SCROLL_TOP_THRESHOLD = 200;

/**
 * Back-to-top button (60 px, 50 px under 768 px; spec §9), shown once the visitor has scrolled down.
 * It is rendered hidden, so nothing flashes before it runs; without JavaScript the stylesheet shows
 * it anyway (`@media (scripting: none)`) and it is a plain link to the top. It scrolls smoothly unless
 * reduced motion is preferred, and puts focus on the main content. One implementation (decision 038).
 */
export function ScrollTopButton({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return (
    <a
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
