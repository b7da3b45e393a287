import { data } from "react-router";
import type { Route } from "./+types/post-detail";
import { PostDetail } from "../components/post-detail";
import { localeOfPath } from "../domain/locale";
import { POST_KIND_INFO, postDetailPath, postKindOfPattern } from "../domain/post-kinds";
import { parsePostId } from "../lib/post-id";
import { rootDataFromMatches } from "../lib/root-data";
import { absoluteUrl, seoMeta, SITE_NAME } from "../lib/seo";
import { getRequestContext } from "../server/http/context.server";
import { postShareImage } from "../server/media/share-image-store.server";
import { getPostForPage } from "../server/posts/post-queries.server";

/** /newsDetail/{postId} and /noticeDetail/{postId}: the HTML, description and image stored when it was saved. */
export async function loader({ context, params, pattern, request }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const kind = postKindOfPattern(pattern);
  const postId = parsePostId(params.postId);
  const post = postId === null ? null : await getPostForPage(runtime.db, kind, postId);
  if (!post) throw data(null, { status: 404 });
  const shareImage = await postShareImage(runtime.db, { kind, postId: post.postId }, localeOfPath(new URL(request.url).pathname));
  return {
    kind,
    shareImage,
    post: {
      postId: post.postId,
      title: post.title,
      writeDay: post.writeDay,
      content: post.renderedContent,
      description: post.description,
      image: post.firstImage,
      updatedAt: post.updatedAt.toISOString(),
    },
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { kind, post } = loaderData;
  const path = postDetailPath(kind, post.postId);
  return seoMeta({
    title: post.title,
    description: post.description || `${SITE_NAME} ${POST_KIND_INFO[kind].title}`,
    path,
    origin: root.origin,
    image: loaderData.shareImage ?? post.image,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: post.title,
      datePublished: post.writeDay,
      dateModified: post.updatedAt,
      mainEntityOfPage: absoluteUrl(root.origin, path),
      ...(post.image ? { image: [absoluteUrl(root.origin, post.image)] } : {}),
      author: { "@type": "Organization", name: SITE_NAME },
      publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: absoluteUrl(root.origin, "/logo.png") } },
    },
  });
}

export default function PostDetailPage({ loaderData }: Route.ComponentProps) {
  return <PostDetail kind={loaderData.kind} post={loaderData.post} />;
}
