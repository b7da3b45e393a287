import { useEffect, useState } from "react";
import { useMessages } from "../lib/locale";

/**
 * Back-to-top button (60 px, 50 px under 768 px; spec §9), shown once the visitor has scrolled down.
 * It is rendered hidden, so nothing flashes before hydration; without JavaScript the stylesheet shows
 * it anyway (`@media (scripting: none)`) and it is a plain link to the top. On visitors' pages
 * (not hydrated, decision 027) app/enhance/scroll-top.ts does the same.
 */
export function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  const t = useMessages().layout;
  useEffect(() => {
    const update = () => setVisible(window.scrollY > 200);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return (
    <a
      href="#top"
      className={visible ? "scroll-top" : "scroll-top is-hidden"}
      aria-label={t.scrollTop}
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
