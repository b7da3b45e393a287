/** A page of a kind's public list, as the server reads it and the list component shows it. */

/** A post as listed: its stored preview and thumbnail (requirements R6.4). */
export interface PostSummary {
  postId: number;
  title: string;
  writeDay: string;
  preview: string;
  thumbnail: string | null;
  /** A pinned notice ("공지"), kept on top of every page of the list. */
  pinned: boolean;
}

export interface PostPage {
  /** Pinned notices, shown above the page's items on every page (not counted in the page size). */
  pinned: PostSummary[];
  items: PostSummary[];
  page: number;
  pageCount: number;
  total: number;
}
