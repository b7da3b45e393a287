/**
 * The artist form's list buttons (위로, 아래로, 삭제, 추가): without JavaScript they submit the form with
 * what they ask, and the action answers with the form as typed and the change made (islands/list-field.tsx).
 */

/** The form field a list's buttons submit without JavaScript: "education:2:up", "en.works:0:remove", "awards:add". */
export const LIST_MOVE_FIELD = "listMove";

export type ListMove = { name: string; index: number; action: "up" | "down" | "remove" } | { name: string; action: "add" };

/** The list change a submitted form asks for (LIST_MOVE_FIELD), or null. */
export function parseListMove(value: FormDataEntryValue | null): ListMove | null {
  if (typeof value !== "string") return null;
  const add = /^(.+):add$/.exec(value);
  if (add) return { name: add[1]!, action: "add" };
  const move = /^(.+):(\d{1,4}):(up|down|remove)$/.exec(value);
  return move ? { name: move[1]!, index: Number(move[2]), action: move[3] as "up" | "down" | "remove" } : null;
}

/** The entries after a move (entries as typed, blank ones included: the indexes are the form's). */
export function applyListMove<T>(entries: readonly T[], move: ListMove): T[] {
  const next = [...entries];
  if (move.action === "add") return next;
  const { index } = move;
  if (index >= next.length) return next;
  if (move.action === "remove") {
    next.splice(index, 1);
    return next;
  }
  const to = move.action === "up" ? index - 1 : index + 1;
  if (to < 0 || to >= next.length) return next;
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The ids of a list field's controls (islands/list-field.tsx): an entry's box, its 위로/아래로, the new entry's box. */
export const listEntryId = (name: string, index: number) => `${name}-entry-${index}`;
export const listButtonId = (name: string, index: number, action: "up" | "down") => `${name}-${action}-${index}`;

/**
 * Where focus goes after a list change, given how many entries are left (`length`): after a move, the
 * moved entry's same button (the other one at the top or the bottom, where the same is disabled) or,
 * moved by Alt+↑/↓ in its box, that box; after a removal, the entry now in its place (the new entry's
 * box when none is left); after an add, the new entry's box, for the next one.
 */
export function focusAfterListMove(move: ListMove, length: number, from: "button" | "entry" = "button"): string {
  if (move.action === "add") return move.name;
  if (move.action === "remove") return length === 0 ? move.name : listEntryId(move.name, Math.min(move.index, length - 1));
  const to = Math.max(0, Math.min(length - 1, move.action === "up" ? move.index - 1 : move.index + 1));
  if (from === "entry") return listEntryId(move.name, to);
  const edge = (move.action === "up" && to === 0) || (move.action === "down" && to === length - 1);
  return listButtonId(move.name, to, edge ? (move.action === "up" ? "down" : "up") : move.action);
}
