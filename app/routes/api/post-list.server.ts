import { postKindOfPattern } from "../../domain/post-kinds";
import { apiJson, apiLocale } from "../../server/api/api.server";
import { postToApi } from "../../server/api/api-shapes.server";
import { listAllPosts } from "../../server/posts/post-queries.server";
import type { RequestContext } from "../../server/route-kit/context.server";

/** GET /api/we/newslist and /api/we/noticelist: every post of the kind (the route's pattern says which), newest first. */
export async function loadApiPostList(ctx: RequestContext, request: Request, pattern: string): Promise<Response> {
  const locale = apiLocale(request);
  // In English only the posts that have an English version, as the English pages list them.
  const posts = (await listAllPosts(ctx.runtime.db, postKindOfPattern(pattern))).filter((post) => locale === "ko" || post.titleEn !== "");
  return apiJson(posts.map((post) => postToApi(post, locale)));
}
