import { Link } from "react-router";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { MobileMenuContent } from "./mobile-menu-content";
import { MainNavList } from "./main-nav";
import { SocialIcons, type SocialLinks } from "./social-icons";
import { telHref } from "../lib/tel";
import { useLocalizedPath, useMessages } from "../lib/locale";
import { LanguageSwitch } from "./language-switch";

/**
 * The fixed 100 px header (requirements R3.2): logo, links with the PR sub-menu, the company phone (from the
 * site settings, decision 014), social icons; a hamburger under 1000 px, whose overlay has them too.
 */
export function SiteHeader({ social, phone, adminControls }: { social: SocialLinks | null; phone: string | null; adminControls?: React.ReactNode }) {
  const t = useMessages().layout;
  const to = useLocalizedPath();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to={to("/")} className="site-header__logo" aria-label={t.homeLabel}>
          <Logo />
        </Link>
        <nav className="site-nav" aria-label={t.mainNav}>
          <MainNavList look="header" />
        </nav>
        {phone ? (
          <a href={telHref(phone)} className="site-header__phone">
            TEL {phone}
          </a>
        ) : null}
        {social ? <SocialIcons links={social} className="site-header__social" /> : null}
        <LanguageSwitch className="site-header__language" />
        {adminControls ? <div className="site-header__admin">{adminControls}</div> : null}
        <MobileMenu labels={{ open: t.openMenu, dialog: t.menuDialog, close: t.closeMenu }}>
          <MobileMenuContent social={social} phone={phone} adminControls={adminControls} />
        </MobileMenu>
      </div>
    </header>
  );
}
