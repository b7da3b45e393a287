import type { Route } from "./+types/notice";
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
  return { list: await listPosts(runtime.db, "notice", page) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const page = loaderData?.list.page ?? 1;
  return seoMeta({
    title: page > 1 ? `Notice (${page}쪽)` : "Notice",
    description: "WE ENTERTAINMENT의 오디션, 운영 안내 등 공지사항입니다.",
    path: page > 1 ? `/notice?page=${page}` : "/notice",
    origin: root.origin,
  });
}

export default function NoticePage({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <>
      <div className="notice-page">
        <PostList kind="notice" list={loaderData.list} pageParam="page" headingLevel={1} />
      </div>
      <ContactSection contact={root.contact} kakaoMapKey={root.kakaoMapKey} />
    </>
  );
}
