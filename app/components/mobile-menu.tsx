import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { telHref } from "../lib/tel";
import { Link } from "react-router";
import { useHydrated } from "../lib/use-hydrated";
import { keepTabInside } from "../lib/focus-trap";
import { BREAKPOINT_WIDE, OVERLAY_FOOTER_TEXT } from "../domain/constants";
import { Logo } from "./logo";
import { MainNavList } from "./main-nav";
import { SocialIcons, type SocialLinks } from "./social-icons";
import { LanguageSwitch } from "./language-switch";
import { useLocalizedPath, useMessages } from "../lib/locale";

type MenuState = "closed" | "open" | "closing";


/**
 * Under 1000 px: the hamburger opens a full-screen pink overlay with the links, the logo, the social
 * icons and the footer line (spec §2). Closing fades it out over 0.4 s and removes it when the fade
 * ends. Focus stays inside while it is open; Escape closes it. Without JavaScript the hamburger is a
 * link to the overlay (#site-menu), shown with :target.
 *
 * At 1000 px and wider the overlay is hidden by CSS, so a window widened (or a tablet turned) while it
 * is open closes it outright: no hidden dialog keeps the page's scrolling locked.
 *
 * Visitors' pages are not hydrated (decision 027): app/enhance/mobile-menu.ts does the same there.
 */
export function MobileMenu({ social, phone, adminControls }: { social: SocialLinks | null; phone: string | null; adminControls?: React.ReactNode }) {
  const [state, setState] = useState<MenuState>("closed");
  const t = useMessages().layout;
  const to = useLocalizedPath();
  const enhanced = useHydrated();
  const overlayRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const close = useCallback(() => setState((s) => (s === "open" ? "closing" : s)), []);

  // The scroll lock lives exactly as long as the open state (and the component).
  useEffect(() => {
    if (state !== "open") return;
    const overlay = overlayRef.current;
    overlay?.querySelector<HTMLElement>(".mobile-menu__close")?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, [state]);

  // Open (or fading out) on a screen that becomes wide: close at once. The hamburger is hidden there
  // too, so focus that was in the overlay goes to the same links in the header's main navigation.
  const menuShown = state !== "closed";
  useEffect(() => {
    if (!menuShown) return;
    const wide = window.matchMedia(`(min-width: ${BREAKPOINT_WIDE}px)`);
    const closeOnWide = () => {
      if (!wide.matches) return;
      const focusWasInside = overlayRef.current?.contains(document.activeElement) ?? false;
      setState("closed");
      if (focusWasInside) document.querySelector<HTMLElement>(".site-nav a")?.focus({ preventScroll: true });
    };
    wide.addEventListener("change", closeOnWide);
    // Already wide by the time the menu opened (a resize racing the click).
    const raced = requestAnimationFrame(closeOnWide);
    return () => {
      wide.removeEventListener("change", closeOnWide);
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

  const rendered = !enhanced || state !== "closed";
  return (
    <>
      <a
        ref={toggleRef}
        href="#site-menu"
        className="hamburger"
        role="button"
        aria-label={t.openMenu}
        aria-expanded={state === "open"}
        aria-controls="site-menu"
        onClick={(event) => {
          event.preventDefault();
          setState("open");
        }}
      >
        <span />
        <span />
        <span />
      </a>
      {rendered ? (
        <div
          id="site-menu"
          ref={overlayRef}
          className={`mobile-menu${state === "open" ? " is-open" : ""}${state === "closing" ? " is-closing" : ""}`}
          role="dialog"
          aria-modal={state === "open" ? true : undefined}
          aria-label={t.menuDialog}
          onKeyDown={onKeyDown}
          onAnimationEnd={(event) => {
            if (event.target !== event.currentTarget || state !== "closing") return;
            setState("closed");
            toggleRef.current?.focus();
          }}
        >
          <div className="mobile-menu__top">
            <Link to={to("/")} className="mobile-menu__logo" aria-label={t.homeLabel}>
              <Logo />
            </Link>
            <a
              href="#"
              role="button"
              className="mobile-menu__close"
              aria-label={t.closeMenu}
              onClick={(event) => {
                event.preventDefault();
                close();
              }}
            >
              <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true">
                <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.2" />
              </svg>
            </a>
          </div>
          {/* Following a link closes the menu at once. */}
          <nav
            aria-label={t.menuLinks}
            onClick={(event) => {
              if ((event.target as HTMLElement).closest("a")) setState("closed");
            }}
          >
            <MainNavList look="overlay" />
          </nav>
          {/* Switching language closes the menu too, like the links above. */}
          <div
            onClick={(event) => {
              if ((event.target as HTMLElement).closest("a")) setState("closed");
            }}
          >
            <LanguageSwitch className="mobile-menu__language" />
          </div>
          {adminControls}
          {social ? <SocialIcons links={social} className="mobile-menu__social" /> : null}
          {phone ? (
            <a href={telHref(phone)} className="mobile-menu__phone">
              TEL {phone}
            </a>
          ) : null}
          <p className="mobile-menu__footer">{OVERLAY_FOOTER_TEXT}</p>
        </div>
      ) : null}
    </>
  );
}
