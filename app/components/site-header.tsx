import { Link } from "react-router";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { MainNavList } from "./main-nav";
import { SocialIcons, type SocialLinks } from "./social-icons";

/** The fixed 100 px header (spec §2): logo, links with the PR sub-menu, social icons; a hamburger under 1000 px. */
export function SiteHeader({ social, adminControls }: { social: SocialLinks | null; adminControls?: React.ReactNode }) {
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo" aria-label="WE ENTERTAINMENT 홈">
          <Logo />
        </Link>
        <nav className="site-nav" aria-label="주 메뉴">
          <MainNavList look="header" />
        </nav>
        {social ? <SocialIcons links={social} className="site-header__social" /> : null}
        {adminControls ? <div className="site-header__admin">{adminControls}</div> : null}
        <MobileMenu social={social} adminControls={adminControls} />
      </div>
    </header>
  );
}
