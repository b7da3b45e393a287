/** A page number from the query string: missing, malformed or below 1 means page 1. */
export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** The same search params with one key set to a page (page 1 drops the key, keeping URLs canonical). */
export function pageHref(search: URLSearchParams, key: string, page: number): string {
  const next = new URLSearchParams(search);
  if (page <= 1) next.delete(key);
  else next.set(key, String(page));
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/**
 * Which rows a page of a list shows: the requested page clamped to those that exist (an empty list
 * still has page 1), the page count, and the rows' limit and offset for the query.
 */
export function pageWindow(total: number, requestedPage: number, pageSize: number): { page: number; pageCount: number; limit: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.floor(requestedPage)), pageCount);
  return { page, pageCount, limit: pageSize, offset: (page - 1) * pageSize };
}
