/**
 * The two kinds of post (requirements R6.1, R9.3): everything that differs between news and notices is here, and
 * every consumer (route table, pages, editors, JSON API, OpenAPI, sitemap, robots, flash messages)
 * reads it from here.
 */
import { withParticle } from "./korean";
import { basePathOf, localizedPath, type Locale } from "./locale";

export const POST_KINDS = ["news", "notice"] as const;
export type PostKind = (typeof POST_KINDS)[number];

export interface PostKindDescriptor {
  kind: PostKind;
  /** Korean name, in lists, messages and the activity log: "뉴스", "공지사항". */
  label: string;
  /**
   * The original's English word (requirements R3.2, R6.1): the menu's link, the Korean pages' heading and title, a post's kind line
   * and the editor's path ("/adminNoticeWrite"): "News", "Notice".
   */
  title: string;
  /** Public list page: "/news". */
  listPath: string;
  /** RSS 2.0 feed of the latest posts (Korean; the English one is under `/en`): "/news/rss.xml". */
  feedPath: string;
  /** Route pattern of the public detail page: "/newsDetail/:postId". */
  detailPattern: string;
  /** Route pattern of the admin editor (create without postId, edit with it). */
  editorPattern: string;
  /** Link-preview description of the Korean list page and of the Korean feed. */
  listDescription: string;
  /** The English pages (/en): the list's name in headings, titles, the feed and sentences ("All notices"), and its description. */
  en: { name: string; description: string };
  /** The original client's API slugs (requirements R9.3), e.g. `newslist`, `writenews`. */
  api: { list: string; post: string; get: string; write: string; update: string; delete: string };
}

const descriptor = (kind: PostKind, label: string, title: string, listDescription: string, en: PostKindDescriptor["en"]): PostKindDescriptor => ({
  kind,
  label,
  title,
  en,
  listPath: `/${kind}`,
  feedPath: `/${kind}/rss.xml`,
  detailPattern: `/${kind}Detail/:postId`,
  editorPattern: `/admin${title}Write/:postId?`,
  listDescription,
  api: {
    list: `${kind}list`,
    post: `${kind}post`,
    get: `get${kind}`,
    write: `write${kind}`,
    update: `update${kind}`,
    delete: `delete${kind}`,
  },
});

export const POST_KIND_INFO: Record<PostKind, PostKindDescriptor> = {
  news: descriptor("news", "뉴스", "News", "WE ENTERTAINMENT 소속 배우의 캐스팅, 작품, 수상 소식을 전해 드립니다.", {
    name: "News",
    description: "Castings, new work and awards of the actors of WE ENTERTAINMENT.",
  }),
  // A list of notices in English is "Notices"; the original menu word "Notice" (requirements R3.2) stays on the Korean pages and the menu.
  notice: descriptor("notice", "공지사항", "Notice", "WE ENTERTAINMENT의 오디션, 운영 안내 등 공지사항입니다.", {
    name: "Notices",
    description: "Notices from WE ENTERTAINMENT, including auditions.",
  }),
};

/** How a page in `locale` names a kind's list and describes it: "공지사항", "Notices". */
export function postKindText(kind: PostKind, locale: Locale): { name: string; heading: string; description: string } {
  const info = POST_KIND_INFO[kind];
  return locale === "en" ? { ...info.en, heading: info.en.name } : { name: info.label, heading: info.title, description: info.listDescription };
}

/** Public detail page of a post: "/newsDetail/12". */
export function postDetailPath(kind: PostKind, postId: number): string {
  return POST_KIND_INFO[kind].detailPattern.replace(":postId", String(postId));
}

/** A kind's RSS feed in a language: "/news/rss.xml", "/en/news/rss.xml". */
export function postFeedPath(kind: PostKind, locale: Locale): string {
  return localizedPath(locale, POST_KIND_INFO[kind].feedPath);
}

/** Admin editor: "/adminNewsWrite" to write, "/adminNewsWrite/12" to edit. */
export function postEditorPath(kind: PostKind, postId?: number | null): string {
  const base = POST_KIND_INFO[kind].editorPattern.replace("/:postId?", "");
  return postId == null ? base : `${base}/${postId}`;
}

/** A JSON API path of the kind: `postApiPath("news", "write")` → "/api/we/writenews". */
export function postApiPath(kind: PostKind, operation: keyof PostKindDescriptor["api"], postId?: number | string): string {
  const path = `/api/we/${POST_KIND_INFO[kind].api[operation]}`;
  return postId === undefined ? path : `${path}/${postId}`;
}

/**
 * The kind a route serves, from its pattern (`pattern` in loader and action arguments). Patterns come
 * from this file, so an unknown one is a programming error, never silently "notice".
 */
export function postKindOfPattern(pattern: string): PostKind {
  // React Router gives the pattern as the route table writes it, without the leading slash; English
  // pages serve the same kinds under /en.
  const path = basePathOf(pattern.startsWith("/") ? pattern : `/${pattern}`);
  for (const kind of POST_KINDS) {
    const info = POST_KIND_INFO[kind];
    const patterns = [info.listPath, info.detailPattern, info.editorPattern, ...Object.keys(info.api).map((op) => apiPatternOf(kind, op as keyof PostKindDescriptor["api"]))];
    if (patterns.includes(path)) return kind;
  }
  throw new Error(`No post kind serves the route pattern ${pattern}`);
}

/** Route pattern of a JSON API operation: lists take no id, the others take `:postId`. */
export function apiPatternOf(kind: PostKind, operation: keyof PostKindDescriptor["api"]): string {
  return operation === "list" || operation === "write" ? postApiPath(kind, operation) : postApiPath(kind, operation, ":postId");
}

/** "등록된 공지사항이 없습니다." with the particle the kind's name needs. */
export function emptyListMessage(kind: PostKind): string {
  return `등록된 ${withParticle(POST_KIND_INFO[kind].label, "이/가")} 없습니다.`;
}

/** Query parameter of a kind's page number on /pr, where both lists page on their own: "newsPage". */
export function prPageParam(kind: PostKind): string {
  return `${kind}Page`;
}
