import type { Route } from "./+types/post-list";
import { postKindOfPattern } from "../../domain/post-kinds";
import { apiJson, apiLocale, handleApi, methodNotAllowed } from "../../server/api/api.server";
import { postToApi } from "../../server/api/api-shapes.server";
import { listAllPosts } from "../../server/posts/post-queries.server";

/** GET /api/we/newslist and /api/we/noticelist: every post of the kind, newest first. */
export function loader({ context, pattern, request }: Route.LoaderArgs) {
  return handleApi(context, async ({ runtime }) => {
    const locale = apiLocale(request);
    // In English only the posts that have an English version, as the English pages list them.
    const posts = (await listAllPosts(runtime.db, postKindOfPattern(pattern))).filter((post) => locale === "ko" || post.titleEn !== "");
    return apiJson(posts.map((post) => postToApi(post, locale)));
  });
}

export function action({ context }: Route.ActionArgs) {
  return handleApi(context, async () => methodNotAllowed(["GET"]));
}
