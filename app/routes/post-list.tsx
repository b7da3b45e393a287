import type { Route } from "./+types/post-list";
import { ContactSection } from "../components/contact-section";
import { PostList } from "../components/post-list";
import { POST_KIND_INFO, postKindOfPattern } from "../domain/post-kinds";
import { parsePage } from "../lib/pagination";
import { rootDataFromMatches, useRootData } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { getRequestContext } from "../server/http/context.server";
import { listPosts } from "../server/posts/post-queries.server";

/** /news and /notice: one kind's posts, five per page, with the contact block (spec §2). */
export async function loader({ context, url, pattern }: Route.LoaderArgs) {
  const { runtime } = getRequestContext(context);
  const kind = postKindOfPattern(pattern);
  return { kind, list: await listPosts(runtime.db, kind, parsePage(url.searchParams.get("page"))) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const info = POST_KIND_INFO[loaderData.kind];
  const page = loaderData.list.page;
  return seoMeta({
    title: page > 1 ? `${info.title} (${page}쪽)` : info.title,
    description: info.listDescription,
    path: page > 1 ? `${info.listPath}?page=${page}` : info.listPath,
    origin: root.origin,
  });
}

export default function PostListPage({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <>
      <div className={`${loaderData.kind}-page`}>
        <PostList kind={loaderData.kind} list={loaderData.list} pageParam="page" headingLevel={1} />
      </div>
      <ContactSection contact={root.contact} kakaoMapKey={root.kakaoMapKey} />
    </>
  );
}
