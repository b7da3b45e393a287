import { Link, NavLink } from "react-router";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { NAV_ITEMS } from "./nav-items";
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
          <ul className="site-nav__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.to} className={"children" in item ? "site-nav__item has-sub" : "site-nav__item"}>
                <NavLink to={item.to} className="site-nav__link">
                  {item.label}
                </NavLink>
                {"children" in item ? (
                  <ul className="site-nav__sub" aria-label={`${item.label} 하위 메뉴`}>
                    {item.children.map((child) => (
                      <li key={child.to}>
                        <NavLink to={child.to}>{child.label}</NavLink>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </nav>
        {social ? <SocialIcons links={social} className="site-header__social" /> : null}
        {adminControls ? <div className="site-header__admin">{adminControls}</div> : null}
        <MobileMenu social={social} adminControls={adminControls} />
      </div>
    </header>
  );
}
