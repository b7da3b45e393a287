/** What every admin form's action answers when it does not redirect (shown by the admin form shell). */
export interface AdminFormReply<V> {
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
}
