import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { WorkspaceNav } from "../../../components/admin/workspace-nav";
import { requireAdminPage } from "../../../server/http/admin-forms.server";
import { getRequestContext } from "../../../server/http/context.server";

/** The workspace's frame: its navigation beside every workspace page. Signed-in administrators only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireAdminPage(getRequestContext(context), request);
  return null;
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function WorkspaceLayout() {
  return (
    <div className="workspace">
      <WorkspaceNav />
      <div className="workspace__main">
        <Outlet />
      </div>
    </div>
  );
}
