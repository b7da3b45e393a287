import { postKindOfPattern } from "../domain/post-kinds";
import { parsePage } from "../lib/pagination";
import type { RequestContext } from "../server/route-kit/context.server";
import { listPosts } from "../server/posts/post-queries.server";
import { localeOfPattern } from "../domain/locale";

/** /news and /notice: one kind's posts, five per page (requirements R6.3). */
export async function loadPostList(ctx: RequestContext, pattern: string, url: URL) {
  const kind = postKindOfPattern(pattern);
  return { kind, list: await listPosts(ctx.runtime.db, kind, parsePage(url.searchParams.get("page")), localeOfPattern(pattern)) };
}
