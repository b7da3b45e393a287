import { NavLink } from "react-router";
import { SITE_ROUTES } from "../../domain/site-routes";
import { ACCOUNT_SECURITY_PATH, PATHS, WORKSPACE_PATHS } from "../../domain/paths";
import { roleMay, type StaffRole } from "../../domain/staff-roles";
import { useRootData } from "../../lib/root-data";

/** The workspace's sections, in the order an agency's day goes. */
export const WORKSPACE_SECTIONS: { to: string; label: string; end?: boolean }[] = [
  { to: WORKSPACE_PATHS.dashboard, label: "개요", end: true },
  { to: WORKSPACE_PATHS.posts, label: "뉴스·공지" },
  { to: WORKSPACE_PATHS.artists, label: "배우" },
  { to: WORKSPACE_PATHS.packages, label: "캐스팅 패키지" },
  { to: WORKSPACE_PATHS.auditions, label: "오디션 지원" },
  { to: WORKSPACE_PATHS.trash, label: "휴지통" },
  { to: WORKSPACE_PATHS.media, label: "미디어" },
  { to: WORKSPACE_PATHS.audit, label: "활동 기록" },
  { to: WORKSPACE_PATHS.accessRecords, label: "접속기록" },
  { to: PATHS.adminApiTokens, label: "API 토큰" },
  { to: WORKSPACE_PATHS.settings, label: "사이트 설정" },
  { to: WORKSPACE_PATHS.staff, label: "직원 계정" },
  { to: WORKSPACE_PATHS.siteImport, label: "이전 사이트 가져오기" },
  { to: WORKSPACE_PATHS.account, label: "내 계정", end: true },
  { to: ACCOUNT_SECURITY_PATH, label: "계정 보안" },
];

/** Whether the role may open the page at `to`: the route table's area for it (staff-roles.ts). */
export function roleMayOpen(role: StaffRole, to: string): boolean {
  const area = SITE_ROUTES.find((route) => route.pattern === to)?.area;
  return area !== undefined && roleMay(role, area, "read");
}

/** The workspace's navigation: a column at 1000 px and wider, a scrollable row below. */
export function WorkspaceNav() {
  const role = useRootData().staff?.role;
  const sections = WORKSPACE_SECTIONS.filter((section) => role !== undefined && roleMayOpen(role, section.to));
  return (
    <nav className="workspace-nav" aria-label="관리 메뉴">
      <ul>
        {sections.map((section) => (
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
