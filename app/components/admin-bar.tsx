import { Form, Link } from "react-router";
import { WORKSPACE_PATHS } from "../domain/paths";

/** Shown only while an administrator is signed in (requirements R8.1): the workspace, and the logout button that ends the session and goes home. */
export function AdminBar() {
  return (
    <div className="admin-bar">
      <Link to={WORKSPACE_PATHS.dashboard} className="admin-bar__link">
        관리
      </Link>
      <Form method="post" action="/adminLogout" reloadDocument>
        <button type="submit" className="admin-bar__logout">
          관리자 로그아웃
        </button>
      </Form>
    </div>
  );
}
