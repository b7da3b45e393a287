import type { Route } from "./+types/post-detail";
import { PostDetail } from "../components/post-detail";
import { POST_KIND_INFO, postDetailPath } from "../domain/post-kinds";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta, SITE_NAME } from "../lib/seo";
import { articleJsonLd } from "../lib/structured-data";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadPostDetail } from "./post-detail.server";
import { localizedPath } from "../domain/locale";

/** /newsDetail/{postId} and /noticeDetail/{postId}: the HTML, description and image stored when it was saved. */
export function loader({ context, params, pattern }: Route.LoaderArgs) {
  return loadPostDetail(getRequestContext(context), pattern, params.postId);
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
