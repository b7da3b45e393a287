import { data } from "react-router";
import type { Route } from "./+types/notice-detail";
import { PostDetail } from "../components/post-detail";
import { parsePostId } from "../lib/post-id";
import { rootDataFromMatches } from "../lib/root-data";
import { absoluteUrl, seoMeta } from "../lib/seo";
import { getRequestContext } from "../server/http/context.server";
import { describePost, getPost, renderPostContent } from "../server/posts/posts.server";
import { firstImageSrc } from "../server/posts/sanitize.server";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const postId = parsePostId(params.postId);
  const post = postId === null ? null : await getPost(runtime.db, "notice", postId);
  if (!post) throw data(null, { status: 404 });
  return {
    post: {
      postId: post.postId,
      title: post.title,
      writeDay: post.writeDay,
      content: await renderPostContent(runtime.db, post.content),
      description: describePost(post.content),
      image: firstImageSrc(post.content),
      updatedAt: post.updatedAt.toISOString(),
    },
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const { post } = loaderData;
  const path = `/noticeDetail/${post.postId}`;
  return seoMeta({
    title: post.title,
    description: post.description || "WE ENTERTAINMENT Notice",
    path,
    origin: root.origin,
    image: post.image,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: post.title,
      datePublished: post.writeDay,
      dateModified: post.updatedAt,
      mainEntityOfPage: absoluteUrl(root.origin, path),
      ...(post.image ? { image: [absoluteUrl(root.origin, post.image)] } : {}),
      author: { "@type": "Organization", name: "WE ENTERTAINMENT" },
      publisher: { "@type": "Organization", name: "WE ENTERTAINMENT", logo: { "@type": "ImageObject", url: absoluteUrl(root.origin, "/logo.png") } },
    },
  });
}

export default function NoticeDetail({ loaderData }: Route.ComponentProps) {
  return <PostDetail kind="notice" post={loaderData.post} />;
}
