import { BREAKPOINT_WIDE } from "../domain/constants";
import { keepTabInside } from "../lib/focus-trap";

/**
 * The overlay menu under 1000 px (app/components/mobile-menu.tsx, spec §2 and §4) without React: the
 * hamburger opens it; closing fades it out over 0.4 s and removes it when the fade ends; focus stays
 * inside while it is open; Escape closes it; the page does not scroll behind it; a window that becomes
 * wide closes it outright (focus moves to the header's links). Served in the page for the no-script
 * `:target` fallback, it leaves the document until it is opened.
 */
export function enhanceMobileMenu(): void {
  const toggle = document.querySelector<HTMLAnchorElement>("a.hamburger");
  const found = document.getElementById("site-menu");
  if (!toggle || !found) return;
  const overlay: HTMLElement = found;
  const placeholder = document.createComment("site-menu");
  overlay.replaceWith(placeholder);
  let state: "closed" | "open" | "closing" = "closed";
  let previousOverflow = "";
  let locked = false;
  const wide = window.matchMedia(`(min-width: ${BREAKPOINT_WIDE}px)`);

  const unlockScroll = () => {
    if (!locked) return;
    document.body.style.overflow = previousOverflow;
    locked = false;
  };
  const render = () => {
    overlay.classList.toggle("is-open", state === "open");
    overlay.classList.toggle("is-closing", state === "closing");
    if (state === "open") overlay.setAttribute("aria-modal", "true");
    else overlay.removeAttribute("aria-modal");
    toggle.setAttribute("aria-expanded", String(state === "open"));
  };
  /** Gone at once (a link followed, a wide window); `focusToggle` after the fade-out. */
  const remove = () => {
    state = "closed";
    unlockScroll();
    wide.removeEventListener("change", closeOnWide);
    render();
    if (overlay.isConnected) overlay.replaceWith(placeholder);
  };
  const open = () => {
    if (!overlay.isConnected) placeholder.replaceWith(overlay);
    const wasShown = state !== "closed";
    state = "open";
    render();
    overlay.querySelector<HTMLElement>(".mobile-menu__close")?.focus();
    if (!locked) {
      previousOverflow = document.body.style.overflow;
      document.body.style.overflow = "hidden";
      locked = true;
    }
    if (!wasShown) {
      wide.addEventListener("change", closeOnWide);
      // Already wide by the time the menu opened (a resize racing the click).
      requestAnimationFrame(closeOnWide);
    }
  };
  const close = () => {
    if (state !== "open") return;
    state = "closing";
    unlockScroll();
    render();
  };
  function closeOnWide() {
    if (!wide.matches || state === "closed") return;
    const focusWasInside = overlay.contains(document.activeElement);
    remove();
    if (focusWasInside) document.querySelector<HTMLElement>(".site-nav a")?.focus({ preventScroll: true });
  }

  toggle.addEventListener("click", (event) => {
    event.preventDefault();
    open();
  });
  overlay.querySelector(".mobile-menu__close")?.addEventListener("click", (event) => {
    event.preventDefault();
    close();
  });
  overlay.addEventListener("click", (event) => {
    const link = (event.target as Element).closest("a");
    // Following a link (a page link or the language switch) closes the menu at once; after the
    // navigation has started, so the link is still in the document when it is followed.
    if (link?.closest("nav")) setTimeout(remove, 0);
  });
  overlay.addEventListener("animationend", (event) => {
    if (event.target !== overlay || state !== "closing") return;
    remove();
    toggle.focus();
  });
  overlay.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    keepTabInside(event, overlay);
  });
  // Back to this page from the back/forward cache: the menu a link was followed from is closed.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && state !== "closed") remove();
  });
}
