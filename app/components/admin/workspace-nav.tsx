import { NavLink } from "react-router";
import { ACCOUNT_SECURITY_PATH, PATHS, WORKSPACE_PATHS } from "../../domain/site-routes";

/** The workspace's sections, in the order an agency's day goes. */
export const WORKSPACE_SECTIONS: { to: string; label: string; end?: boolean }[] = [
  { to: WORKSPACE_PATHS.dashboard, label: "개요", end: true },
  { to: WORKSPACE_PATHS.posts, label: "뉴스·공지" },
  { to: WORKSPACE_PATHS.artists, label: "배우" },
  { to: WORKSPACE_PATHS.auditions, label: "오디션 지원" },
  { to: WORKSPACE_PATHS.trash, label: "휴지통" },
  { to: WORKSPACE_PATHS.media, label: "미디어" },
  { to: WORKSPACE_PATHS.audit, label: "활동 기록" },
  { to: PATHS.adminApiTokens, label: "API 토큰" },
  { to: WORKSPACE_PATHS.settings, label: "사이트 설정" },
  { to: ACCOUNT_SECURITY_PATH, label: "계정 보안" },
];

/** The workspace's navigation: a column at 1000 px and wider, a scrollable row below. */
export function WorkspaceNav() {
  return (
    <nav className="workspace-nav" aria-label="관리 메뉴">
      <ul>
        {WORKSPACE_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end} className="workspace-nav__link">
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
