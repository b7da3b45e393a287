import { POST_KINDS, prPageParam } from "../domain/post-kinds";
import { parsePage } from "../lib/pagination";
import type { RequestContext } from "../server/route-kit/context.server";
import { listPosts } from "../server/posts/post-queries.server";
import { localeOfPattern } from "../domain/locale";

/** /pr: news, then notices (requirements R6.2), each paged on its own. */
export async function loadPr(ctx: RequestContext, pattern: string, url: URL) {
  const locale = localeOfPattern(pattern);
  const lists = await Promise.all(POST_KINDS.map((kind) => listPosts(ctx.runtime.db, kind, parsePage(url.searchParams.get(prPageParam(kind))), locale)));
  return { lists: POST_KINDS.map((kind, i) => ({ kind, list: lists[i]! })) };
}
