/** A postId from the URL: a positive integer within PostgreSQL's int range, or null. */
export function parsePostId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
