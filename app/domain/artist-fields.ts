/** The artist's list fields, in the spec's order (§3). */
export const ARTIST_LIST_FIELDS = [
  "schoolList",
  "winList",
  "hobbyList",
  "movieList",
  "dramaList",
  "playList",
  "cfList",
  "bookList",
] as const;
export type ArtistListField = (typeof ARTIST_LIST_FIELDS)[number];
