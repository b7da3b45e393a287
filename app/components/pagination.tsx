import { Link, useLocation } from "react-router";
import { pageHref } from "../lib/pagination";

/** Numbered page buttons; the current one is disabled (spec §4). Plain links, so it works without JavaScript. */
export function Pagination({ page, pageCount, param, label }: { page: number; pageCount: number; param: string; label: string }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const search = new URLSearchParams(location.search);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <button type="button" className="pagination__page is-current" disabled aria-current="page">
                {n}
                <span className="visually-hidden"> 쪽 (현재 쪽)</span>
              </button>
            ) : (
              <Link to={pageHref(search, param, n)} className="pagination__page" preventScrollReset={false}>
                {n}
                <span className="visually-hidden"> 쪽</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
