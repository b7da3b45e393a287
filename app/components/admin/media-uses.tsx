import { Link } from "react-router";

export interface MediaUseView {
  key: string;
  label: string;
  href: string;
  inTrash: boolean;
}

/** Where an image is used: links to the editors, trashed ones marked "휴지통". */
export function MediaUses({ uses }: { uses: MediaUseView[] }) {
  if (uses.length === 0) return <span className="media-uses__none">사용하지 않음</span>;
  return (
    <ul className="media-uses">
      {uses.map((use) => (
        <li key={use.key}>
          <Link to={use.href}>{use.label}</Link>
          {use.inTrash ? <span className="status-badge status-badge--trash">휴지통</span> : null}
        </li>
      ))}
    </ul>
  );
}
