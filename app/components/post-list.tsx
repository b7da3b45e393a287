import { Link } from "react-router";
import { AdminLinks } from "./admin-links";
import { Pagination } from "./pagination";

export interface PostListData {
  items: { postId: number; title: string; writeDay: string; preview: string; thumbnail: string | null }[];
  page: number;
  pageCount: number;
  total: number;
}

const DETAIL_PATH = { news: "/newsDetail", notice: "/noticeDetail" } as const;
const NAMES = { news: "News", notice: "Notice" } as const;
const KOREAN = { news: "뉴스", notice: "공지사항" } as const;

/** A kind's posts: thumbnail (first image of the content), title, preview and date; numbered pages. */
export function PostList({
  kind,
  list,
  pageParam,
  headingLevel,
  moreLink = false,
}: {
  kind: "news" | "notice";
  list: PostListData;
  pageParam: string;
  headingLevel: 1 | 2;
  moreLink?: boolean;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const titleId = `${kind}-list-title`;
  return (
    <section className={`post-list post-list--${kind}`} aria-labelledby={titleId}>
      <header className="post-list__header">
        <Heading id={titleId} className="post-list__title">
          <span lang="en">{NAMES[kind]}</span>
          <span className="post-list__korean">{KOREAN[kind]}</span>
        </Heading>
        <AdminLinks links={[{ to: kind === "news" ? "/adminNewsWrite" : "/adminNoticeWrite", label: `${KOREAN[kind]} 작성` }]} />
        {moreLink ? (
          <Link to={`/${kind}`} className="post-list__more">
            {KOREAN[kind]} 전체 보기
          </Link>
        ) : null}
      </header>
      {list.items.length === 0 ? (
        <p className="empty-state">등록된 {KOREAN[kind]}가 없습니다.</p>
      ) : (
        <ul className="post-list__items">
          {list.items.map((post) => (
            <li key={post.postId} className="post-item">
              <Link to={`${DETAIL_PATH[kind]}/${post.postId}`} className="post-item__link">
                {post.thumbnail ? (
                  <img className="post-item__thumb" src={post.thumbnail} alt="" width={160} height={100} loading="lazy" decoding="async" />
                ) : (
                  <span className="post-item__thumb post-item__thumb--empty" aria-hidden="true">
                    WE
                  </span>
                )}
                <span className="post-item__body">
                  <span className="post-item__title">{post.title}</span>
                  <span className="post-item__preview">{post.preview}</span>
                </span>
                <time className="post-item__date" dateTime={post.writeDay}>
                  {post.writeDay}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} param={pageParam} label={`${KOREAN[kind]} 쪽 이동`} />
    </section>
  );
}
