import type { Route } from "./+types/post-list";
import { ContactSection } from "../components/contact-section";
import { PostList } from "../components/post-list";
import { POST_KIND_INFO, postKindText } from "../domain/post-kinds";
import { rootDataFromMatches, useRootData } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { feedLinks } from "../lib/feeds";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadPostList } from "./post-list.server";
import { localeOfPath, localizedPath } from "../domain/locale";
import { messagesFor } from "../domain/messages";

/** /news and /notice: one kind's posts, five per page, with the contact block (requirements R6.3). */
export function loader({ context, url, pattern }: Route.LoaderArgs) {
  return loadPostList(getRequestContext(context), pattern, url);
}

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root || !loaderData) return [];
  const locale = localeOfPath(location.pathname);
  const t = messagesFor(locale);
  const info = POST_KIND_INFO[loaderData.kind];
  const kindText = postKindText(loaderData.kind, locale);
  const page = loaderData.list.page;
  const path = page > 1 ? `${info.listPath}?page=${page}` : info.listPath;
  return seoMeta({
    title: page > 1 ? t.seo.pageOf(kindText.heading, page) : kindText.heading,
    description: kindText.description,
    path: localizedPath(locale, path),
    locale,
    // Later pages differ between the languages (only English posts are listed in English).
    alternates: page > 1 ? undefined : info.listPath,
    origin: root.origin,
  }).concat(feedLinks([loaderData.kind], locale, root.origin));
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
