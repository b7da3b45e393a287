/**
 * The back-to-top button (app/components/scroll-top-button.tsx): served hidden (the stylesheet shows it
 * when scripting is off), shown once the visitor has scrolled down; it scrolls smoothly unless reduced
 * motion is preferred, and puts focus on the main content.
 */
export function enhanceScrollTop(): void {
  const button = document.querySelector<HTMLAnchorElement>("a.scroll-top");
  if (!button) return;
  const update = () => button.classList.toggle("is-hidden", window.scrollY <= 200);
  update();
  window.addEventListener("scroll", update, { passive: true });
  button.addEventListener("click", (event) => {
    event.preventDefault();
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
    document.getElementById("main")?.focus({ preventScroll: true });
  });
}
