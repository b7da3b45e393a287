import type { Route } from "./+types/news";
import { ContactSection } from "../components/contact-section";
import { PostList } from "../components/post-list";
import { parsePage } from "../lib/pagination";
import { rootDataFromMatches, useRootData } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { getRequestContext } from "../server/http/context.server";
import { listPosts } from "../server/posts/posts.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  return { list: await listPosts(runtime.db, "news", page) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const page = loaderData?.list.page ?? 1;
  return seoMeta({
    title: page > 1 ? `News (${page}쪽)` : "News",
    description: "WE ENTERTAINMENT 소속 배우의 캐스팅, 작품, 수상 소식을 전해 드립니다.",
    path: page > 1 ? `/news?page=${page}` : "/news",
    origin: root.origin,
  });
}

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <>
      <div className="news-page">
        <PostList kind="news" list={loaderData.list} pageParam="page" headingLevel={1} />
      </div>
      <ContactSection contact={root.contact} kakaoMapKey={root.kakaoMapKey} />
    </>
  );
}
