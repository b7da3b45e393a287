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
