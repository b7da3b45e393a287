import { roleMay } from "../domain/staff-roles";
import { Link } from "react-router";
import { useRootData } from "../lib/root-data";

/** Edit and delete (or create) controls, shown only to the signed-in administrator. */
export function AdminLinks({ links }: { links: { to: string; label: string; danger?: boolean }[] }) {
  // Editing links, for the roles that edit content (staff-roles.ts).
  const { staff } = useRootData();
  if (!staff || !roleMay(staff.role, "content", "change")) return null;
  return (
    <div className="admin-links" role="group" aria-label="관리자 메뉴">
      {links.map((link) => (
        <Link key={link.to} to={link.to} className={link.danger ? "button button--small button--danger" : "button button--small"}>
          {link.label}
        </Link>
      ))}
    </div>
  );
}
