import { Link, NavLink } from "react-router";
import { POST_KIND_INFO, POST_KINDS } from "../domain/post-kinds";
import { PATHS } from "../domain/paths";
import { useLocalizedPath, useMessages } from "../lib/locale";

interface NavItem {
  to: string;
  label: string;
  children?: { to: string; label: string }[];
}

/** The main navigation (requirements R3.2): PR has News and Notice as a sub-menu. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: PATHS.company, label: "COMPANY" },
  { to: PATHS.artists, label: "ARTIST" },
  { to: PATHS.pr, label: "PR", children: POST_KINDS.map((kind) => ({ to: POST_KIND_INFO[kind].listPath, label: POST_KIND_INFO[kind].title })) },
  { to: PATHS.audition, label: "AUDITION" },
];

const LOOKS = {
  // The header marks the current page (NavLink) and opens PR's sub-menu on hover.
  header: { list: "site-nav__list", item: "site-nav__item", parent: "site-nav__item has-sub", link: "site-nav__link", sub: "site-nav__sub" },
  overlay: { list: "mobile-menu__links", item: undefined, parent: undefined, link: undefined, sub: "mobile-menu__sub" },
} as const;

/** The main links, as the header and the overlay menu list them. */
export function MainNavList({ look }: { look: keyof typeof LOOKS }) {
  const css = LOOKS[look];
  const Item = look === "header" ? NavLink : Link;
  const to = useLocalizedPath();
  const t = useMessages().layout;
  return (
    <ul className={css.list}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to} className={item.children ? css.parent : css.item}>
          <Item to={to(item.to)} className={css.link}>
            {item.label}
          </Item>
          {item.children ? (
            <ul className={css.sub} aria-label={look === "header" ? t.subMenu(item.label) : undefined}>
              {item.children.map((child) => (
                <li key={child.to}>
                  <Item to={to(child.to)}>{child.label}</Item>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
