import { Form, Link } from "react-router";

/** Shown only while an administrator is signed in (spec §4): the logout button ends the session and goes home. */
export function AdminBar() {
  return (
    <div className="admin-bar">
      <Link to="/adminApiTokens" className="admin-bar__link">
        API 토큰
      </Link>
      <Form method="post" action="/adminLogout" reloadDocument>
        <button type="submit" className="admin-bar__logout">
          관리자 로그아웃
        </button>
      </Form>
    </div>
  );
}
