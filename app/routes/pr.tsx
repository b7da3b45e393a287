import type { Route } from "./+types/pr";
import { PostList } from "../components/post-list";
import { parsePage } from "../lib/pagination";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { getRequestContext } from "../server/http/context.server";
import { listPosts } from "../server/posts/posts.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const search = new URL(request.url).searchParams;
  const [news, notice] = await Promise.all([
    listPosts(runtime.db, "news", parsePage(search.get("newsPage"))),
    listPosts(runtime.db, "notice", parsePage(search.get("noticePage"))),
  ]);
  return { news, notice };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return seoMeta({
    title: "PR",
    description: "WE ENTERTAINMENT와 소속 배우의 새로운 소식과 공지사항을 전해 드립니다.",
    path: "/pr",
    origin: root.origin,
  });
}

export default function Pr({ loaderData }: Route.ComponentProps) {
  return (
    <div className="pr">
      <header className="page-heading">
        <p className="page-heading__eyebrow">PR</p>
        <h1 className="page-heading__title">소식</h1>
      </header>
      <PostList kind="news" list={loaderData.news} pageParam="newsPage" headingLevel={2} moreLink />
      <PostList kind="notice" list={loaderData.notice} pageParam="noticePage" headingLevel={2} moreLink />
    </div>
  );
}
