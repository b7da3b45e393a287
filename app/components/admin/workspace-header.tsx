import { Form, Link, useLocation } from "react-router";
import { PATHS, WORKSPACE_PATHS } from "../../domain/paths";
import { STAFF_ROLE_INFO, type StaffRole } from "../../domain/staff-roles";
import { WorkspaceNav } from "./workspace-nav";

export interface SignedInPerson {
  name: string;
  role: StaffRole;
}

/** Who is signed in, and the way out: in the header at 1000 px and wider, in the menu below. */
function Account({ person }: { person: SignedInPerson }) {
  return (
    <div className="ws-account">
      <Link to={WORKSPACE_PATHS.account} className="ws-account__person">
        <span className="ws-account__name">{person.name}</span>
        <span className="ws-account__role">{STAFF_ROLE_INFO[person.role].label}</span>
      </Link>
      <Form method="post" action={PATHS.adminLogout} reloadDocument>
        <button type="submit" className="ws-account__logout">
          로그아웃
        </button>
      </Form>
    </div>
  );
}

/**
 * The workspace's own header (decision 064), in place of the visitors' one on every workspace page, the
 * sign-in pages included: the site's name (to the workspace's front page), a link to the site as
 * visitors see it, and, signed in, the person's name and role and sign-out. Below 1000 px the
 * navigation and the account sit behind a menu button (a `<details>`: it opens without JavaScript);
 * the menu closes on every new page (remounted per path).
 */
export function WorkspaceHeader({ person }: { person: SignedInPerson | null }) {
  const { pathname } = useLocation();
  return (
    <header className="ws-header">
      <div className="ws-header__inner">
        <Link to={person ? WORKSPACE_PATHS.dashboard : PATHS.adminLogin} className="ws-header__brand">
          WE ENTERTAINMENT <span className="ws-header__area">관리</span>
        </Link>
        <Link to={PATHS.home} className={person ? "ws-header__site ws-header__site--wide" : "ws-header__site"}>
          사이트 보기
        </Link>
        {person ? (
          <>
            <div className="ws-header__account">
              <Account person={person} />
            </div>
            <details key={pathname} className="ws-menu">
              <summary className="ws-menu__button">메뉴</summary>
              <div className="ws-menu__panel">
                <WorkspaceNav role={person.role} id="workspace-menu" />
                <Link to={PATHS.home} className="ws-menu__site">
                  사이트 보기
                </Link>
                <Account person={person} />
              </div>
            </details>
          </>
        ) : null}
      </div>
    </header>
  );
}
