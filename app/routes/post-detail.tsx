import { data } from "react-router";
import type { Route } from "./+types/post-detail";
import { PostDetail } from "../components/post-detail";
import { POST_KIND_INFO, postDetailPath, postKindOfPattern } from "../domain/post-kinds";
import { parsePostId } from "../lib/post-id";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta, SITE_NAME } from "../lib/seo";
import { articleJsonLd } from "../lib/structured-data";
import { getRequestContext } from "../server/route-kit/context.server";
import { postShareImage } from "../server/media/share-image-store.server";
import { getPostForPage } from "../server/posts/post-queries.server";
import { localeOfPattern, localizedPath } from "../domain/locale";

/** /newsDetail/{postId} and /noticeDetail/{postId}: the HTML, description and image stored when it was saved. */
export async function loader({ context, params, pattern }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const kind = postKindOfPattern(pattern);
  const locale = localeOfPattern(pattern);
  const postId = parsePostId(params.postId);
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

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { kind, post, locale } = loaderData;
  const base = postDetailPath(kind, post.postId);
  // An English page showing a post that has no English version points search engines to the Korean one.
  const path = post.inLocale ? localizedPath(locale, base) : base;
  return seoMeta({
    title: post.title,
    description: post.description || `${SITE_NAME} ${POST_KIND_INFO[kind].title}`,
    path,
    locale: post.inLocale ? locale : "ko",
    alternates: post.inLocale && loaderData.hasEnglish ? base : undefined,
    origin: root.origin,
    image: loaderData.shareImage ?? post.image,
    type: "article",
    jsonLd: articleJsonLd(root.origin, kind, post, post.inLocale ? locale : "ko"),
  });
}

export default function PostDetailPage({ loaderData }: Route.ComponentProps) {
  return <PostDetail kind={loaderData.kind} post={loaderData.post} locale={loaderData.locale} />;
}
