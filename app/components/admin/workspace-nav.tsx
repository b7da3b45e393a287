import { Link, useLocation } from "react-router";
import { SITE_ROUTES } from "../../domain/site-routes";
import { ACCOUNT_SECURITY_PATH, PATHS, WORKSPACE_PATHS, historyPath } from "../../domain/paths";
import { POST_KIND_INFO, POST_KINDS, postEditorPath } from "../../domain/post-kinds";
import { roleMay, type StaffRole } from "../../domain/staff-roles";

/** One page of the workspace's navigation; `also`: paths under which it is the current section too (its editors). */
export interface WorkspaceSection {
  to: string;
  label: string;
  /** Current only on its own path, not on the paths below it. */
  end?: boolean;
  also?: readonly string[];
}

/** A group of sections under a heading (the first group, the overview, has none). */
export interface WorkspaceGroup {
  label: string | null;
  sections: readonly WorkspaceSection[];
}

const historyPrefix = (subject: "post" | "artist") => historyPath(subject, 0).replace(/\/0$/, "");

/** The workspace's sections, grouped as an agency's work is: content, people, auditions, casting, the site, oneself. */
export const WORKSPACE_GROUPS: readonly WorkspaceGroup[] = [
  { label: null, sections: [{ to: WORKSPACE_PATHS.dashboard, label: "개요", end: true }] },
  {
    label: "콘텐츠",
    sections: [
      { to: WORKSPACE_PATHS.posts, label: "뉴스·공지", also: [...POST_KINDS.map((kind) => postEditorPath(kind)), historyPrefix("post")] },
      { to: WORKSPACE_PATHS.media, label: "미디어" },
      { to: WORKSPACE_PATHS.trash, label: "휴지통" },
    ],
  },
  {
    label: "배우·직원",
    sections: [
      { to: WORKSPACE_PATHS.artists, label: "배우", also: [PATHS.adminArtist, historyPrefix("artist")] },
      { to: WORKSPACE_PATHS.staff, label: "직원 계정" },
    ],
  },
  { label: "오디션", sections: [{ to: WORKSPACE_PATHS.auditions, label: "오디션 지원" }] },
  { label: "캐스팅", sections: [{ to: WORKSPACE_PATHS.packages, label: "캐스팅 패키지" }] },
  {
    label: "사이트",
    sections: [
      { to: WORKSPACE_PATHS.settings, label: "사이트 설정" },
      { to: WORKSPACE_PATHS.audit, label: "활동 기록" },
      { to: WORKSPACE_PATHS.accessRecords, label: "접속기록" },
      { to: PATHS.adminApiTokens, label: "API 토큰" },
      { to: WORKSPACE_PATHS.siteImport, label: "이전 사이트 가져오기" },
    ],
  },
  {
    label: "계정",
    sections: [
      { to: WORKSPACE_PATHS.account, label: "내 계정", end: true },
      { to: ACCOUNT_SECURITY_PATH, label: "계정 보안" },
    ],
  },
];

/** Whether the role may open the page at `to`: the route table's area for it (staff-roles.ts). */
export function roleMayOpen(role: StaffRole, to: string): boolean {
  const area = SITE_ROUTES.find((route) => route.pattern === to)?.area;
  return area !== undefined && roleMay(role, area, "read");
}

/** The groups a role sees: only the sections it may open, and no empty group. */
export function workspaceGroupsFor(role: StaffRole): WorkspaceGroup[] {
  return WORKSPACE_GROUPS.map((group) => ({ ...group, sections: group.sections.filter((section) => roleMayOpen(role, section.to)) })).filter(
    (group) => group.sections.length > 0,
  );
}

const under = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** An editor's way back to the list it belongs to (the seed's editor addresses keep their paths, decision 064). */
export function editorListLink(pathname: string): { href: string; label: string } | null {
  for (const kind of POST_KINDS) {
    if (under(pathname, postEditorPath(kind))) return { href: `${WORKSPACE_PATHS.posts}?kind=${kind}`, label: `${POST_KIND_INFO[kind].label} 목록` };
  }
  if (under(pathname, PATHS.adminArtist)) return { href: WORKSPACE_PATHS.artists, label: "배우 목록" };
  return null;
}

/** The section a path belongs to: the longest match, so /admin/packages/new is 캐스팅 패키지, not 개요. */
export function currentSection(pathname: string): string | null {
  let best: { to: string; length: number } | null = null;
  for (const section of WORKSPACE_GROUPS.flatMap((group) => group.sections)) {
    for (const path of [section.to, ...(section.also ?? [])]) {
      const matches = section.end && path === section.to ? pathname === path : under(pathname, path);
      if (matches && (!best || path.length > best.length)) best = { to: section.to, length: path.length };
    }
  }
  return best?.to ?? null;
}

/**
 * The workspace's navigation, grouped. `id` tells the two places it is drawn apart: the column beside
 * the page at 1000 px and wider, and the menu behind the header's button below (only one is ever shown).
 */
export function WorkspaceNav({ role, id }: { role: StaffRole; id: string }) {
  const { pathname } = useLocation();
  const current = currentSection(pathname);
  return (
    <nav className="workspace-nav" aria-label="관리 메뉴" id={id}>
      {workspaceGroupsFor(role).map((group, index) => {
        const headingId = `${id}-group-${index}`;
        return (
          <div key={group.label ?? "overview"} className="workspace-nav__group">
            {group.label ? (
              <p className="workspace-nav__heading" id={headingId}>
                {group.label}
              </p>
            ) : null}
            <ul aria-labelledby={group.label ? headingId : undefined}>
              {group.sections.map((section) => (
                <li key={section.to}>
                  <Link
                    to={section.to}
                    className={`workspace-nav__link${current === section.to ? " active" : ""}`}
                    aria-current={current !== section.to ? undefined : pathname === section.to ? "page" : "true"}
                  >
                    {section.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
