import { Outlet } from "react-router";
import { useFocusOnArrival } from "../../../components/admin/focus-on-arrival";
import { WorkspaceNav } from "../../../components/admin/workspace-nav";

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

/** The workspace's frame: its navigation beside every workspace page (inside the private gate, app/routes.ts). */
export default function WorkspaceLayout() {
  useFocusOnArrival();
  return (
    <div className="workspace">
      <WorkspaceNav />
      <div className="workspace__main">
        <Outlet />
      </div>
    </div>
  );
}
