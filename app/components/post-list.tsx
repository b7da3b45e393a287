import { Link } from "react-router";
import { emptyListMessage, POST_KIND_INFO, postDetailPath, postEditorPath, postKindText, type PostKind } from "../domain/post-kinds";
import { localizedPath } from "../domain/locale";
import { formatDay, messagesFor } from "../domain/messages";
import type { PostPage } from "../domain/post-page";
import { useLocale } from "../lib/locale";
import { AdminLinks } from "./admin-links";
import { Pagination } from "./pagination";

/** A kind's posts: thumbnail (first image of the content), title, preview and date; numbered pages. */
export function PostList({
  kind,
  list,
  pageParam,
  headingLevel,
  moreLink = false,
}: {
  kind: PostKind;
  list: PostPage;
  pageParam: string;
  headingLevel: 1 | 2;
  moreLink?: boolean;
}) {
  const info = POST_KIND_INFO[kind];
  const locale = useLocale();
  const english = locale === "en";
  const t = messagesFor(locale).posts;
  const { name: label, heading } = postKindText(kind, locale);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const titleId = `${kind}-list-title`;
  return (
    <section className={`post-list post-list--${kind}`} aria-labelledby={titleId}>
      <header className="post-list__header">
        <Heading id={titleId} className="post-list__title">
          <span lang="en">{heading}</span>
          {english ? null : <span className="post-list__korean">{info.label}</span>}
        </Heading>
        <AdminLinks links={[{ to: postEditorPath(kind), label: `${info.label} 작성` }]} />
        {moreLink ? (
          <Link to={localizedPath(locale, info.listPath)} className="post-list__more">
            {t.viewAll(label)}
          </Link>
        ) : null}
      </header>
      {list.items.length === 0 && list.pinned.length === 0 ? (
        <p className="empty-state">{english ? t.empty(label) : emptyListMessage(kind)}</p>
      ) : (
        <ul className="post-list__items">
          {[...list.pinned, ...list.items].map((post) => (
            <li key={post.postId} className={post.pinned ? "post-item is-pinned" : "post-item"}>
              <Link to={localizedPath(locale, postDetailPath(kind, post.postId))} className="post-item__link">
                {post.thumbnail ? (
                  <img className="post-item__thumb" src={post.thumbnail} alt="" width={160} height={100} loading="lazy" decoding="async" />
                ) : (
                  <span className="post-item__thumb post-item__thumb--empty" aria-hidden="true">
                    WE
                  </span>
                )}
                <span className="post-item__body">
                  <span className="post-item__title">
                    {post.pinned ? <span className="pin-badge">{t.pinned}</span> : null}
                    {post.title}
                  </span>
                  <span className="post-item__preview">{post.preview}</span>
                </span>
                <time className="post-item__date" dateTime={post.writeDay}>
                  {formatDay(locale, post.writeDay)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} param={pageParam} label={t.pages(label)} />
    </section>
  );
}
