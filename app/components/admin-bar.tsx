import { Form } from "react-router";

/** Shown only while an administrator is signed in (spec §4): ends the session and goes home. */
export function AdminBar() {
  return (
    <Form method="post" action="/adminLogout" className="admin-bar" reloadDocument>
      <button type="submit" className="admin-bar__logout">
        관리자 로그아웃
      </button>
    </Form>
  );
}
