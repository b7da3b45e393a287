import type { Route } from "./+types/pr";
import { PostList } from "../components/post-list";
import { POST_KINDS, prPageParam } from "../domain/post-kinds";
import { PATHS } from "../domain/site-routes";
import { parsePage } from "../lib/pagination";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { getRequestContext } from "../server/http/context.server";
import { listPosts } from "../server/posts/post-queries.server";
import { EyebrowHeading } from "../components/eyebrow-heading";

/** /pr: news, then notices (spec §2), each paged on its own. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const lists = await Promise.all(POST_KINDS.map((kind) => listPosts(runtime.db, kind, parsePage(url.searchParams.get(prPageParam(kind))))));
  return { lists: POST_KINDS.map((kind, i) => ({ kind, list: lists[i]! })) };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  return seoMeta({
    title: "PR",
    description: "WE ENTERTAINMENT와 소속 배우의 새로운 소식과 공지사항을 전해 드립니다.",
    path: PATHS.pr,
    origin: root.origin,
  });
}

export default function Pr({ loaderData }: Route.ComponentProps) {
  return (
    <div className="pr">
      <EyebrowHeading look="page" eyebrow="PR" title="소식" />
      {loaderData.lists.map(({ kind, list }) => (
        <PostList key={kind} kind={kind} list={list} pageParam={prPageParam(kind)} headingLevel={2} moreLink />
      ))}
    </div>
  );
}
