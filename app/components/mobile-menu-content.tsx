import { Link } from "react-router";
import { telHref } from "../lib/tel";
import { OVERLAY_FOOTER_TEXT } from "../domain/constants";
import { Logo } from "./logo";
import { MainNavList } from "./main-nav";
import { SocialIcons, type SocialLinks } from "./social-icons";
import { LanguageSwitch } from "./language-switch";
import { useLocalizedPath, useMessages } from "../lib/locale";

/**
 * What the overlay menu shows (requirements R3.3): the logo (the close button is `MobileMenu`'s own), the links, the language switch,
 * the social icons, the phone and the footer line. Plain server markup: `MobileMenu` handles the clicks
 * on it, and on visitors' pages it is brought back from the server's markup when the menu opens.
 */
export function MobileMenuContent({ social, phone, adminControls }: { social: SocialLinks | null; phone: string | null; adminControls?: React.ReactNode }) {
  const t = useMessages().layout;
  const to = useLocalizedPath();
  return (
    <>
      <div className="mobile-menu__top">
        <Link to={to("/")} className="mobile-menu__logo" aria-label={t.homeLabel}>
          <Logo />
        </Link>
      </div>
      <nav aria-label={t.menuLinks}>
        <MainNavList look="overlay" />
      </nav>
      <div>
        <LanguageSwitch className="mobile-menu__language" inMenu />
      </div>
      {adminControls}
      {social ? <SocialIcons links={social} className="mobile-menu__social" /> : null}
      {phone ? (
        <a href={telHref(phone)} className="mobile-menu__phone">
          TEL {phone}
        </a>
      ) : null}
      <p className="mobile-menu__footer">{OVERLAY_FOOTER_TEXT}</p>
    </>
  );
}
