import { Link, Outlet, useLocation } from "react-router";
import { useFocusOnArrival } from "../../../components/admin/focus-on-arrival";
import { editorListLink } from "../../../components/admin/workspace-nav";

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * The workspace's pages (inside the private gate, app/routes.ts): the frame itself (header, navigation)
 * is the root layout's (decision 064); an editor gets its way back to its list above it.
 */
export default function WorkspaceLayout() {
  useFocusOnArrival();
  const back = editorListLink(useLocation().pathname);
  return (
    <div className="workspace">
      {back ? (
        <p className="workspace__back">
          <Link to={back.href} className="workspace__back-link">
            <span aria-hidden="true">← </span>
            {back.label}
          </Link>
        </p>
      ) : null}
      <Outlet />
    </div>
  );
}
