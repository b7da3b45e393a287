import { Link, useLocation } from "react-router";
import { pageHref } from "../lib/pagination";
import { useLocale, useMessages } from "../lib/locale";

/** Numbered page buttons; the current one is disabled (requirements R6.3). Plain links, so it works without JavaScript. */
export function Pagination({ page, pageCount, param, label }: { page: number; pageCount: number; param: string; label: string }) {
  const location = useLocation();
  const t = useMessages().posts;
  const english = useLocale() === "en";
  if (pageCount <= 1) return null;
  const search = new URLSearchParams(location.search);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <button type="button" className="pagination__page is-current" disabled aria-current="page">
                {english ? <span className="visually-hidden">{t.page} </span> : null}
                {n}
                <span className="visually-hidden"> {t.currentPage}</span>
              </button>
            ) : (
              <Link to={pageHref(search, param, n)} className="pagination__page" preventScrollReset={false}>
                {english ? <span className="visually-hidden">{t.page} </span> : null}
                {n}
                {english ? null : <span className="visually-hidden"> {t.page}</span>}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
