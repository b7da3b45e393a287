import { Link } from "react-router";
import { POST_KIND_INFO, postEditorPath, type PostKind } from "../domain/post-kinds";
import { PATHS } from "../domain/paths";
import { AdminLinks } from "./admin-links";
import { localizedPath, type Locale } from "../domain/locale";
import { formatDay, messagesFor } from "../domain/messages";

/** A post: title, date and its HTML content; back link to /pr (requirements R6.5). */
export function PostDetail({
  kind,
  post,
  adminControls = true,
  locale = "ko",
}: {
  kind: PostKind;
  /** `inLocale: false`: an English page showing the Korean post, which has no English version (it says so). */
  post: { postId: number; title: string; writeDay: string; content: string; inLocale?: boolean };
  /** The administrator's edit and delete links (not in the preview, which shows the public page). */
  adminControls?: boolean;
  locale?: Locale;
}) {
  const editor = postEditorPath(kind, post.postId);
  const t = messagesFor(locale).posts;
  const fallback = post.inLocale === false;
  return (
    <article className="post-detail" lang={fallback ? "ko" : undefined}>
      {fallback ? (
        <p className="post-detail__note" role="note" lang={locale}>
          {t.koreanOnlyNote}
        </p>
      ) : null}
      <header className="post-detail__header">
        <p className="post-detail__kind" lang="en">
          {POST_KIND_INFO[kind].title}
        </p>
        <h1 className="post-detail__title">{post.title}</h1>
        <time className="post-detail__date" dateTime={post.writeDay} lang={locale}>
          {formatDay(locale, post.writeDay)}
        </time>
        {adminControls ? (
          <AdminLinks
            links={[
              { to: editor, label: "수정" },
              { to: `${editor}?delete`, label: "삭제", danger: true },
            ]}
          />
        ) : null}
      </header>
      {/* Sanitized when it was saved (app/server/posts/post-use-cases.server.ts), never stored otherwise. */}
      <div className="post-content" dangerouslySetInnerHTML={{ __html: post.content }} />
      <p className="back-link" lang={locale}>
        <Link to={localizedPath(locale, PATHS.pr)}>{t.backToList}</Link>
      </p>
    </article>
  );
}
