import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "../lib/use-hydrated";
import { keepTabInside } from "../lib/focus-trap";
import { BREAKPOINT_WIDE } from "../domain/constants";
import { widgetRoot } from "../widgets/widget-root";

type MenuState = "closed" | "open" | "closing";

export interface MobileMenuProps {
  /** The hamburger's, the dialog's and the close control's accessible names. */
  labels: { open: string; dialog: string; close: string };
  /** The overlay's content (`MobileMenuContent`); on visitors' pages, the server's markup of it. */
  children: ReactNode;
}

/**
 * Under 1000 px: the hamburger opens a full-screen pink overlay (requirements R3.3). Closing fades it out over
 * 0.4 s and removes it when the fade ends. Focus stays inside while it is open; Escape closes it; the
 * page does not scroll behind it; following a link (a page or the other language) closes it at once.
 * Without JavaScript the hamburger is a link to the overlay (#site-menu), shown with :target, and the
 * close control a link away from it; once running, both are real buttons (Space and Enter press them,
 * Space does not scroll the page) and the overlay leaves the document until it is opened.
 *
 * At 1000 px and wider the overlay is hidden by CSS, so a window widened (or a tablet turned) while it
 * is open closes it outright: no hidden dialog keeps the page's scrolling locked.
 *
 * One implementation (decision 038): hydrated by the admin's React app, and on visitors' pages by the
 * enhancement script through preact/compat.
 */
export function MobileMenu({ labels, children }: MobileMenuProps) {
  const [state, setState] = useState<MenuState>("closed");
  const enhanced = useHydrated();
  const overlayRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLAnchorElement & HTMLButtonElement>(null);
  const close = useCallback(() => setState((s) => (s === "open" ? "closing" : s)), []);

  // The scroll lock lives exactly as long as the open state (and the component).
  useEffect(() => {
    if (state !== "open") return;
    overlayRef.current?.querySelector<HTMLElement>(".mobile-menu__close")?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, [state]);

  // Open (or fading out) on a screen that becomes wide: close at once. The hamburger is hidden there
  // too, so focus that was in the overlay goes to the same links in the header's main navigation.
  // Back on this page from the back/forward cache, the menu a link was followed from is closed.
  const menuShown = state !== "closed";
  useEffect(() => {
    if (!menuShown) return;
    const wide = window.matchMedia(`(min-width: ${BREAKPOINT_WIDE}px)`);
    const closeOnWide = () => {
      if (!wide.matches) return;
      // The overlay keeps focus inside while open, so focus that is nowhere (the body) was in it too: the
      // browser drops the focus of an element that the wide screen's CSS has just hidden, sometimes
      // before this change event is dispatched.
      const active = document.activeElement;
      const focusWasInside = active === null || active === document.body || (overlayRef.current?.contains(active) ?? false);
      setState("closed");
      if (focusWasInside) document.querySelector<HTMLElement>(".site-nav a")?.focus({ preventScroll: true });
    };
    const closeOnReturn = (event: PageTransitionEvent) => {
      if (event.persisted) setState("closed");
    };
    wide.addEventListener("change", closeOnWide);
    window.addEventListener("pageshow", closeOnReturn);
    // Already wide by the time the menu opened (a resize racing the click).
    const raced = requestAnimationFrame(closeOnWide);
    return () => {
      wide.removeEventListener("change", closeOnWide);
      window.removeEventListener("pageshow", closeOnReturn);
      cancelAnimationFrame(raced);
    };
  }, [menuShown]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
      return;
    }
    keepTabInside(event, overlayRef.current);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    // Following a link of the menu or the language switch closes the menu at once: after the
    // navigation has started, so that a full page load still finds the link in the document.
    if (target.closest("a")?.closest("nav")) setTimeout(() => setState("closed"), 0);
  };

  const rendered = !enhanced || state !== "closed";
  // Running: buttons. Without JavaScript: links to the overlay (#site-menu) and away from it.
  const Control = enhanced ? "button" : "a";
  const press = (href: string, onPress: () => void) => (enhanced ? { type: "button" as const, onClick: onPress } : { href });
  return (
    <>
      <Control
        ref={toggleRef}
        className="hamburger"
        aria-label={labels.open}
        aria-expanded={state === "open"}
        aria-controls="site-menu"
        {...widgetRoot("mobile-menu", { labels })}
        {...press("#site-menu", () => setState("open"))}
      >
        <span />
        <span />
        <span />
      </Control>
      {rendered ? (
        <div
          id="site-menu"
          ref={overlayRef}
          className={`mobile-menu${state === "open" ? " is-open" : ""}${state === "closing" ? " is-closing" : ""}`}
          role="dialog"
          aria-modal={state === "open" ? true : undefined}
          aria-label={labels.dialog}
          onKeyDown={onKeyDown}
          onClick={onClick}
          onAnimationEnd={(event) => {
            if (event.target !== event.currentTarget || state !== "closing") return;
            setState("closed");
            toggleRef.current?.focus();
          }}
        >
          <Control className="mobile-menu__close" aria-label={labels.close} {...press("#", close)}>
            <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.2" />
            </svg>
          </Control>
          {children}
        </div>
      ) : null}
    </>
  );
}
