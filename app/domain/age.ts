/** Age rules shared by the server and the public pages' enhancement script (no dependencies: it ships to browsers). */

/** Age in full years (만 나이) on `today` (both "YYYY-MM-DD"). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
