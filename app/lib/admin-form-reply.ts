import type { LibrarySearch } from "../domain/media-uses";

/** What every admin form's action answers when it does not redirect (shown by the admin form shell). */
export interface StaffFormReply<V> {
  /** The banner message. */
  formError: string;
  /** Messages next to fields, by field name. */
  fields: Record<string, string>;
  /** Everything typed, so nothing is lost (null when the body could not be read). */
  values: V | null;
  /** The session expired: the banner offers to sign in again in a new window. */
  expired: boolean;
  /** Somebody else saved first: their version, for "save mine anyway". */
  conflictVersion: number | null;
  /** Messages next to image slots, by slot. */
  imageErrors: Record<number, string>;
  /** A picker's search without JavaScript: what it found (the form is otherwise as typed). */
  librarySearch: LibrarySearch | null;
  /**
   * Without JavaScript, the id of the control that takes the focus when the form comes back (rendered
   * as `autofocus`): the moved entry's button after a list's 위로 (with JavaScript focus is moved in place).
   */
  arrivalFocus: string | null;
}

