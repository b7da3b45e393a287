import { data } from "react-router";
import { postKindOfPattern } from "../domain/post-kinds";
import { parsePostId } from "../lib/post-id";
import type { RequestContext } from "../server/route-kit/context.server";
import { postShareImage } from "../server/media/share-image-store.server";
import { getPostForPage } from "../server/posts/post-queries.server";
import { localeOfPattern } from "../domain/locale";

/** /newsDetail/{postId} and /noticeDetail/{postId}: the HTML, description and image stored when it was saved. */
export async function loadPostDetail(ctx: RequestContext, pattern: string, rawPostId: string | undefined) {
  const { runtime } = ctx;
  const kind = postKindOfPattern(pattern);
  const locale = localeOfPattern(pattern);
  const postId = parsePostId(rawPostId);
  const post = postId === null ? null : await getPostForPage(runtime.db, kind, postId, locale);
  if (!post) throw data(null, { status: 404 });
  const shareImage = await postShareImage(runtime.db, { kind, postId: post.postId }, post.inLocale ? locale : "ko");
  return {
    kind,
    locale,
    hasEnglish: post.hasEnglish,
    shareImage,
    post: {
      inLocale: post.inLocale,
      postId: post.postId,
      title: post.title,
      writeDay: post.writeDay,
      content: post.renderedContent,
      description: post.description,
      image: post.firstImage,
      updatedAt: post.updatedAt.toISOString(),
      publishedAt: post.publishedAt?.toISOString() ?? null,
    },
  };
}
