import type { Route } from "./+types/pr";
import { PostList } from "../components/post-list";
import { POST_KINDS, prPageParam } from "../domain/post-kinds";
import { PATHS } from "../domain/paths";
import { rootDataFromMatches } from "../lib/root-data";
import { seoMeta } from "../lib/seo";
import { feedLinks } from "../lib/feeds";
import { getRequestContext } from "../server/route-kit/context.server";
import { loadPr } from "./pr.server";
import { EyebrowHeading } from "../components/eyebrow-heading";
import { localeOfPath, localizedPath } from "../domain/locale";
import { messagesFor } from "../domain/messages";
import { useMessages } from "../lib/locale";

/** /pr: news, then notices (requirements R6.2), each paged on its own. */
export function loader({ context, url, pattern }: Route.LoaderArgs) {
  return loadPr(getRequestContext(context), pattern, url);
}

export function meta({ matches, location }: Route.MetaArgs) {
  const root = rootDataFromMatches(matches);
  if (!root) return [];
  const locale = localeOfPath(location.pathname);
  return seoMeta({
    title: "PR",
    description: messagesFor(locale).seo.prDescription,
    path: localizedPath(locale, PATHS.pr),
    locale,
    alternates: PATHS.pr,
    origin: root.origin,
  }).concat(feedLinks(POST_KINDS, locale, root.origin));
}

export default function Pr({ loaderData }: Route.ComponentProps) {
  const t = useMessages().posts;
  return (
    <div className="pr">
      <EyebrowHeading look="page" eyebrow="PR" title={t.pr} />
      {loaderData.lists.map(({ kind, list }) => (
        <PostList key={kind} kind={kind} list={list} pageParam={prPageParam(kind)} headingLevel={2} moreLink />
      ))}
    </div>
  );
}
